/// A set of themes, at most one per axis, in axis order (docs/SHEETS.md: Theme
/// axes): the themes a query runs under, or the ones a style's values
/// depend on (the keys of ``Style/themed``).
///
/// Two sets holding the same themes are equal, whatever order they were
/// given in; the order is kept for spelling them (`dark/compact`, as image
/// names and messages show a set). Sets the library makes are in axis
/// order; ``StyleEngine/themeSet(_:)`` puts a caller's themes in it.
public struct ThemeSet: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
  /// The themes, each once, in the order given (axis order for the sets
  /// the library makes).
  public let themes: [String]

  /// `themes` as a set, each once, in the order given.
  public init(_ themes: some Sequence<String>) {
    var unique: [String] = []
    for theme in themes where !unique.contains(theme) { unique.append(theme) }
    self.themes = unique
  }

  /// A set of one theme.
  public init(_ theme: String) { themes = [theme] }

  public init(arrayLiteral themes: String...) { self.init(themes) }

  /// No theme.
  public static let none = ThemeSet([String]())

  /// Whether it holds no theme.
  public var isEmpty: Bool { themes.isEmpty }

  /// Whether `theme` is one of the set's themes.
  public func contains(_ theme: String) -> Bool { themes.contains(theme) }

  /// The set's themes joined by `/`: `dark/compact`.
  public var description: String { themes.joined(separator: "/") }

  /// The themes of this set that `keep` holds, in this set's order.
  func filter(_ keep: (String) -> Bool) -> ThemeSet { ThemeSet(unique: themes.filter(keep)) }

  /// Themes known to be distinct.
  init(unique themes: [String]) { self.themes = themes }

  /// Equal when they hold the same themes, in any order.
  public static func == (lhs: ThemeSet, rhs: ThemeSet) -> Bool {
    lhs.themes.count == rhs.themes.count && (lhs.themes == rhs.themes || lhs.themes.allSatisfy(rhs.themes.contains))
  }

  /// Hashes the themes independently of their order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(themes.count)
    if themes.count < 2 {
      if let only = themes.first { hasher.combine(only) }
    } else {
      for theme in themes.sorted() { hasher.combine(theme) }
    }
  }
}
