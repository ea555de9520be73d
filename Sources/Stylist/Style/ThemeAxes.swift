/// One axis of themes (`axes:` in a sheet): at most one of its themes is
/// current at a time (README: Theme axes).
public struct ThemeAxis: Hashable, Sendable {
  /// The axis's name (`appearance`); separate from theme names.
  public var name: String
  /// Its themes, in order of first mention.
  public var themes: [String]
  /// The theme that is current when no query names one of this axis.
  public var defaultTheme: String?

  /// An axis of `themes`, with an optional default among them.
  public init(name: String, themes: [String], defaultTheme: String? = nil) {
    self.name = name
    self.themes = themes
    self.defaultTheme = defaultTheme
  }
}

/// The axes of a load, in order of first declaration, and the implicit axis
/// of every theme they do not list: at most one theme of each axis is
/// current, so a sheet without `axes:` has one axis and one current theme.
///
/// The order decides whose variables win where two current themes set the
/// same leaf: the later axis, the implicit one last.
struct ThemeAxes: Hashable, Sendable {
  /// The declared axes.
  private(set) var axes: [ThemeAxis] = []
  /// The declared axis of each listed theme.
  private var axisOfTheme: [String: Int] = [:]

  init() {}

  /// `axes` merged in order (a sheet's, which loading checked).
  init(_ axes: [ThemeAxis]) {
    for axis in axes { merge(axis) }
  }

  /// The position of `theme`'s axis: a declared axis's index, or
  /// `axes.count` for the implicit axis.
  func slot(of theme: String) -> Int { axisOfTheme[theme] ?? axes.count }

  /// The axis name for messages: the declared name, or "the axis of
  /// unlisted themes".
  func axisName(slot: Int) -> String {
    slot < axes.count ? "axis '\(axes[slot].name)'" : "the axis of unlisted themes"
  }

  /// Adds `axis`, merging with an axis of the same name (the union of
  /// their themes in order of first mention; a later default replaces an
  /// earlier one). A theme already on another axis stays there (loading
  /// reports it: `SheetCompiler.mergeAxes`).
  mutating func merge(_ axis: ThemeAxis) {
    let index = axes.firstIndex { $0.name == axis.name } ?? axes.count
    if index == axes.count { axes.append(ThemeAxis(name: axis.name, themes: [])) }
    for theme in axis.themes where axisOfTheme[theme] == nil {
      axisOfTheme[theme] = index
      axes[index].themes.append(theme)
    }
    if let defaultTheme = axis.defaultTheme { axes[index].defaultTheme = defaultTheme }
  }

  /// The first two themes of `themes` on one axis, if any.
  func conflict(in themes: some Sequence<String>) -> ThemeConflict? {
    var seen: [Int: String] = [:]
    for theme in themes {
      let slot = slot(of: theme)
      if let other = seen[slot], other != theme {
        return ThemeConflict(first: other, second: theme, axis: axisName(slot: slot))
      }
      seen[slot] = theme
    }
    return nil
  }

  /// `themes` in axis order (declared axes, then the implicit one), each
  /// once: the order their variables apply in, and the spelling of a theme
  /// set in image names.
  func inAxisOrder(_ themes: some Sequence<String>) -> [String] {
    var unique: [String] = []
    for theme in themes where !unique.contains(theme) { unique.append(theme) }
    return unique.enumerated().sorted { left, right in
      let (a, b) = (slot(of: left.element), slot(of: right.element))
      return a != b ? a < b : left.offset < right.offset
    }.map(\.element)
  }

  /// The key of `Style.themed` for the current `themes`: those with
  /// variables of their own (`hasVariables`), in axis order, joined by `/`.
  /// One theme is its own key (one without variables names no stored
  /// values, so a lookup finds the unthemed ones, as with no key).
  func valuesKey(_ themes: [String], hasVariables: (String) -> Bool) -> String? {
    if themes.count < 2 { return themes.first }
    let keyed = inAxisOrder(themes.filter(hasVariables))
    return keyed.isEmpty ? nil : keyed.joined(separator: "/")
  }

  /// The current themes for a query, in axis order: `base` (the engine's),
  /// with `node`'s themes replacing `base` on the axes they name, then each
  /// declared axis with no current theme at its default. Of two themes of
  /// one axis in either list the later stays (the callers that must refuse
  /// them check with `conflict(in:)` first).
  func current(base: [String], node: [String]) -> [String] {
    var bySlot = [String?](repeating: nil, count: axes.count + 1)
    for theme in base { bySlot[slot(of: theme)] = theme }
    for theme in node { bySlot[slot(of: theme)] = theme }
    for (index, axis) in axes.enumerated() where bySlot[index] == nil { bySlot[index] = axis.defaultTheme }
    return bySlot.compactMap { $0 }
  }

}

/// Two themes of one axis asked for together.
public struct ThemeConflict: Error, Hashable, Sendable, CustomStringConvertible {
  /// The two themes, as given.
  public var first: String
  public var second: String
  /// The axis, as messages name it (`axis 'appearance'`).
  public var axis: String

  /// "`dark` and `light` are both on axis `appearance`".
  public var description: String { "'\(first)' and '\(second)' are both on \(axis)" }
}
