/// What `lint`'s `low-contrast` check compares (a sheet's `contrast:`,
/// docs/SHEETS.md: Contrast): which properties are foregrounds and which
/// backgrounds, the least ratio allowed, and what a translucent background
/// is drawn over.
public struct ContrastSettings: Hashable, Sendable {
  /// The properties drawn as text or icons on a background.
  public var foreground: [String]
  /// The properties a foreground is drawn on.
  public var background: [String]
  /// The least contrast ratio allowed, from 1 to 21 (WCAG AA for text: 4.5).
  public var minimum: Double
  /// What a translucent background is composited over.
  public var canvas: StyleColor

  /// The foregrounds checked unless a sheet lists its own.
  public static let defaultForeground = ["color", "textColor", "foregroundColor", "tint"]
  /// The backgrounds checked unless a sheet lists its own.
  public static let defaultBackground = ["backgroundColor", "background"]
  /// The ratios a minimum can be: every contrast ratio lies in them.
  public static let ratios = 1.0...21.0

  /// Settings of the given parts, each WCAG AA's default when not given.
  public init(
    foreground: [String] = Self.defaultForeground, background: [String] = Self.defaultBackground,
    minimum: Double = 4.5, canvas: StyleColor = .white
  ) {
    self.foreground = foreground
    self.background = background
    self.minimum = minimum
    self.canvas = canvas
  }
}

/// One pair of a style's colours, measured: the foreground's property and
/// colour on the background's, and their WCAG 2.2 contrast ratio.
public struct ContrastPair: Hashable, Sendable {
  public var foreground: String
  public var background: String
  public var foregroundColor: StyleColor
  public var backgroundColor: StyleColor
  public var ratio: Double
}

extension ContrastSettings {
  /// Every pair of a foreground and a background (not the same property)
  /// that are both colours in `properties`, measured over ``canvas``, in
  /// the order of ``foreground``, then ``background``.
  public func pairs(in properties: Properties) -> [ContrastPair] {
    numberedPairs(in: properties).map(\.pair)
  }

  /// ``pairs(in:)`` with each pair's position among every pair of names
  /// (the foregrounds by the backgrounds, a property with itself left out).
  func numberedPairs(in properties: Properties) -> [(position: Int, pair: ContrastPair)] {
    var found: [(position: Int, pair: ContrastPair)] = []
    var position = 0
    for foreground in foreground {
      for background in background where background != foreground {
        defer { position += 1 }
        guard let front = properties[foreground]?.colorValue, let back = properties[background]?.colorValue
        else { continue }
        let ratio = front.contrastRatio(with: back, canvas: canvas)
        found.append(
          (
            position,
            ContrastPair(
              foreground: foreground, background: background, foregroundColor: front, backgroundColor: back,
              ratio: ratio)
          ))
      }
    }
    return found
  }

  /// The pairs of `properties` below ``minimum``.
  public func lowPairs(in properties: Properties) -> [ContrastPair] {
    pairs(in: properties).filter { $0.ratio < minimum }
  }
}

/// A sheet file's `contrast:` as written: only what it gives, so that a
/// later file replaces each part it names and keeps the others.
struct ContrastDeclaration {
  var foreground: [String]?
  var background: [String]?
  var minimum: Double?
  var canvas: StyleColor?

  /// `later`'s parts put over these.
  mutating func merge(_ later: ContrastDeclaration) {
    if let value = later.foreground { foreground = value }
    if let value = later.background { background = value }
    if let value = later.minimum { minimum = value }
    if let value = later.canvas { canvas = value }
  }

  /// The settings, with the defaults where nothing was given.
  var settings: ContrastSettings {
    let defaults = ContrastSettings()
    return ContrastSettings(
      foreground: foreground ?? defaults.foreground, background: background ?? defaults.background,
      minimum: minimum ?? defaults.minimum, canvas: canvas ?? defaults.canvas)
  }
}
