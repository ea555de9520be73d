/// One axis of themes (`axes:` in a sheet): at most one of its themes is
/// current at a time (docs/SHEETS.md: Theme axes).
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

/// The plan of a load's axes: the axes in order of first declaration and
/// the implicit axis of every theme they do not list (at most one theme of
/// each axis is current, so a sheet without `axes:` has one axis and one
/// current theme), with the themes that have variables of their own. Merged
/// once, where the sheet is compiled; the compiler, the index
/// (`ThemeTable`) and the dump read it.
///
/// It answers what a set of themes comes to: its axis order (the order
/// decides whose variables win where two current themes set the same leaf:
/// the later axis, the implicit one last), its values key, and the sets of
/// themes a query can have.
struct ThemeAxes: Hashable, Sendable {
  /// The declared axes.
  private(set) var axes: [ThemeAxis] = []
  /// The declared axis of each listed theme.
  private var axisOfTheme: [String: Int] = [:]
  /// The themes with variables of their own, in load order: the ones whose
  /// values can differ.
  private(set) var variableThemes: [String] = []
  private var themesWithVariables: Set<String> = []

  init() {}

  /// `axes` merged in order (a sheet's, which loading checked), with the
  /// themes that have variables.
  init(_ axes: [ThemeAxis], variableThemes: some Sequence<String> = [String]()) {
    for axis in axes { merge(axis) }
    for theme in variableThemes { noteVariables(of: theme) }
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

  /// Adds a later sheet's plan: its axes merged in order, its themes with variables.
  mutating func merge(_ later: ThemeAxes) {
    for axis in later.axes { merge(axis) }
    for theme in later.variableThemes { noteVariables(of: theme) }
  }

  /// Notes that `theme` has variables of its own.
  mutating func noteVariables(of theme: String) {
    if themesWithVariables.insert(theme).inserted { variableThemes.append(theme) }
  }

  /// Whether `theme` has variables of its own.
  func hasVariables(_ theme: String) -> Bool { themesWithVariables.contains(theme) }

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
  /// once: the order their variables apply in, and the spelling of a set
  /// in image names and messages.
  func themeSet(_ themes: some Sequence<String>) -> ThemeSet {
    let unique = ThemeSet(themes).themes
    guard unique.count > 1 else { return ThemeSet(unique: unique) }
    return ThemeSet(
      unique: unique.enumerated().sorted { left, right in
        let (a, b) = (slot(of: left.element), slot(of: right.element))
        return a != b ? a < b : left.offset < right.offset
      }.map(\.element))
  }

  /// The values key of the current `themes` (the key of `Style.themed`
  /// their values are under): those with variables, in axis order. One
  /// theme is its own key (one without variables names no stored values,
  /// so a lookup finds the unthemed ones, as with none).
  /// `ThemeTable.valuesKey(_:)` is this in theme ids, for queries.
  func valuesKey(_ themes: ThemeSet) -> ThemeSet {
    themes.themes.count < 2 ? themes : themeSet(themes.themes.filter(hasVariables))
  }

  /// The themes with variables on each axis that has some, by slot, in
  /// axis order.
  var variableThemesBySlot: [(slot: Int, themes: [String])] {
    var bySlot: [Int: [String]] = [:]
    for theme in variableThemes { bySlot[slot(of: theme), default: []].append(theme) }
    return bySlot.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// How many sets of themes with variables a query can have (per axis
  /// with some: one of them or none), or nil past `limit`.
  func variableSetCount(limit: Int) -> Int? {
    var sets = 1
    for (_, themes) in variableThemesBySlot {
      let (product, overflow) = sets.multipliedReportingOverflow(by: themes.count + 1)
      if overflow || product > limit { return nil }
      sets = product
    }
    return sets
  }

  /// Every set of themes with variables that a query can have together
  /// with `own` (at most one per axis, none on the axes of `own`), of
  /// `among` when given (the themes an evaluation reached), added to
  /// `own`, in axis order; the first is `own` alone. `bySlot` is
  /// `variableThemesBySlot`, which callers keep.
  func sets(
    with own: ThemeSet, among: Set<String>?, bySlot: [(slot: Int, themes: [String])]
  ) -> [ThemeSet] {
    let used = Set(own.themes.map(slot(of:)))
    var sets: [[String]] = [own.themes]
    for (slot, candidates) in bySlot where !used.contains(slot) {
      let reached = among.map { among in candidates.filter(among.contains) } ?? candidates
      sets += sets.flatMap { set in reached.map { set + [$0] } }
    }
    return sets.map(themeSet)
  }

  /// Whether a query can have `set` as the themes that matter to values
  /// that depend on `reached` only: on every axis `set` leaves out, a query
  /// can have no theme, or one outside `reached`. (An axis with a default
  /// whose themes are all in `reached` always has one of them current.)
  func isQuerySet(_ set: ThemeSet, reached: Set<String>) -> Bool {
    for axis in axes where axis.defaultTheme != nil && axis.themes.allSatisfy(reached.contains) {
      if !axis.themes.contains(where: set.contains) { return false }
    }
    return true
  }

  /// `themes` with, on every other declared axis, its default when that
  /// has variables: what a query naming `themes` alone resolves to.
  func atDefaults(_ themes: ThemeSet) -> ThemeSet {
    let used = Set(themes.themes.map(slot(of:)))
    var all = themes.themes
    for (slot, axis) in axes.enumerated() where !used.contains(slot) {
      if let theme = axis.defaultTheme, hasVariables(theme) { all.append(theme) }
    }
    return themeSet(all)
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

extension ThemeAxes {
  /// The themes each axis can have current, by slot (declared axes, then
  /// the axis of unlisted themes, whose themes are `unlisted`): each of
  /// its themes, and nil (none) when it has no default; only the theme
  /// `fixed` names on it, where it names one.
  func queryChoices(unlisted: [String], fixed: [String]) -> [[String?]] {
    var choices: [[String?]] = axes.map { axis in axis.themes + (axis.defaultTheme == nil ? [nil] : []) }
    choices.append(unlisted.filter { slot(of: $0) == axes.count } + [nil])
    for theme in fixed { choices[slot(of: theme)] = [theme] }
    return choices
  }

  /// How many sets of current themes `choices` (``queryChoices(unlisted:fixed:)``)
  /// give, or nil past `limit`.
  static func setCount(of choices: [[String?]], limit: Int) -> Int? {
    var count = 1
    for axis in choices {
      let (product, overflow) = count.multipliedReportingOverflow(by: axis.count)
      if overflow || product > limit { return nil }
      count = product
    }
    return count
  }

  /// Every set of current themes `choices` give, each in axis order: the
  /// sets of themes a query can have (docs/SHEETS.md: Theme axes).
  static func querySets(of choices: [[String?]]) -> [ThemeSet] {
    var sets: [[String]] = [[]]
    for axis in choices {
      sets = sets.flatMap { set in axis.map { theme in theme.map { set + [$0] } ?? set } }
    }
    return sets.map(ThemeSet.init)
  }
}
