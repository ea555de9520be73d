import OrderedCollections

/// A sheet's variables (tokens included) ready to be written out as design
/// tokens (docs/CLI.md: Exporting tokens): each one's value under "no theme"
/// (every axis at its default) and, for every theme, the variables whose
/// value it changes, with the variables as written, so that a format that
/// can say "this follows that" keeps the reference.
///
/// The renderers (`DTCGRenderer`, `CSSRenderer`, `SwiftRenderer`,
/// `XcassetsRenderer`, `AndroidRenderer`, `SCSSRenderer`,
/// `TypeScriptRenderer`, `TailwindRenderer`) write it; ``files(_:appearances:)``
/// asks the one for a format.
public struct TokenExport: Sendable {
  /// The axes as an export names them: the sheet's, then the axis of
  /// unlisted themes when there are any (without a default: "no theme").
  public let axes: [ThemeAxis]
  /// The themes asked for (`--theme`), in axis order; empty for every theme.
  public let selectedThemes: [String]
  /// Every variable under the selected themes (none: every axis at its
  /// default), in document order.
  let base: [ExportedVariable]
  /// For each theme (none selected), in axis order, every variable under
  /// its set (it, every other axis at its default).
  let themed: [(theme: String, variables: [ExportedVariable])]
  /// The variables as written, and the variables under each theme set.
  let sources: VariableSources
  let plan: ThemeAxes
  /// The design tokens' types and documentation, by theme and path.
  let tokens: [TokenKey: SheetOutline.Token]
  /// The limits of every evaluation, as a load's.
  let options: LoadOptions

  /// Reads `sheet`'s variables under `themes` (none: every axis at its
  /// default). A theme no loaded sheet mentions, or two of one axis, is
  /// an error at `location` (where the themes were given); a variable that
  /// does not resolve under a set is an error at its definition. Each
  /// set's evaluation has the limits of `options`, as a load has.
  public init(
    sheet: StyleSheet, themes: [String] = [], themesGivenAt location: SourceLocation = .init(wholeOf: "<themes>"),
    options: LoadOptions = .init()
  ) throws(SheetLoadError) {
    try self.init(sheet: sheet, themes: themes.map { (name: $0, location: location) }, options: options)
  }

  /// Reads `sheet`'s variables under the themes of `option` (a command
  /// line's `--theme`), as ``init(sheet:themes:themesGivenAt:options:)``
  /// does, with each error about a theme where that theme was given.
  public init(sheet: StyleSheet, themes option: ThemeOption, options: LoadOptions = .init()) throws(SheetLoadError) {
    try self.init(sheet: sheet, themes: option.given.map { (name: $0.name, location: $0.location) }, options: options)
  }

  private init(
    sheet: StyleSheet, themes given: [(name: String, location: SourceLocation)], options: LoadOptions
  ) throws(SheetLoadError) {
    let known = StyleIndex(sheets: [sheet]).themes
    let themes = given.map(\.name)
    try Self.check(given, known: known, plan: sheet.plan)
    plan = sheet.plan
    self.options = options
    sources = sheet.variableSources
    axes =
      sheet.axes
      + Self.unlistedAxis(known.filter { sheet.plan.slot(of: $0) == sheet.plan.axes.count }, besides: sheet.axes)
    selectedThemes = sheet.plan.themeSet(themes).themes
    var tokens: [TokenKey: SheetOutline.Token] = [:]
    for token in sheet.outline.tokens { tokens[TokenKey(theme: token.theme, path: token.path)] = token }
    self.tokens = tokens
    let evaluation = VariableEvaluation(sources: sources, limits: options)
    let baseSet = Self.set(of: selectedThemes, plan: plan)
    base = try evaluation.variables(under: baseSet)
    var themed: [(theme: String, variables: [ExportedVariable])] = []
    for theme in themes.isEmpty ? axes.flatMap(\.themes) : [] {
      let set = Self.set(of: [theme], plan: plan)
      themed.append((theme, set == baseSet ? base : try evaluation.variables(under: set)))
    }
    self.themed = themed
  }

  /// An error for each of `themes` no sheet mentions, and for two of one
  /// axis (at the second), each where the theme was given.
  private static func check(_ themes: [(name: String, location: SourceLocation)], known: [String], plan: ThemeAxes)
    throws(SheetLoadError)
  {
    var problems: [SheetDiagnostic] = []
    for (theme, location) in themes {
      guard let (message, suggestion) = ThemeNames.unknownTheme(theme, known: known) else { continue }
      problems.append(SheetDiagnostic(.error, message, kind: .unknownTheme, at: location, suggestion: suggestion))
    }
    if let conflict = plan.conflict(in: themes.map(\.name)),
      let second = themes.first(where: { $0.name == conflict.second })
    {
      problems.append(SheetDiagnostic(.error, conflict.description, kind: .themeConflict, at: second.location))
    }
    if !problems.isEmpty { throw SheetLoadError(diagnostics: problems) }
  }

  /// The axis of `unlisted` themes, named `theme` (`theme-2`… when an axis
  /// of `axes` has the name); none when there are none.
  private static func unlistedAxis(_ unlisted: [String], besides axes: [ThemeAxis]) -> [ThemeAxis] {
    guard !unlisted.isEmpty else { return [] }
    var name = "theme"
    var number = 1
    while axes.contains(where: { $0.name == name }) {
      number += 1
      name = "theme-\(number)"
    }
    return [ThemeAxis(name: name, themes: unlisted)]
  }

  /// The set the values under `themes` are evaluated under: them, every
  /// other axis at its default, only the themes with variables.
  private static func set(of themes: [String], plan: ThemeAxes) -> ThemeSet {
    plan.valuesKey(plan.atDefaults(plan.themeSet(themes)))
  }

  /// The files of `format`: for `dtcg` without selected themes a resolver
  /// and token files per theme, for `xcassets` an asset catalog, for
  /// `android` a `res` folder (paths relative to the folder they go in);
  /// else one file. `appearances` names the themes an asset catalog's dark
  /// and high-contrast appearances and Android's `values-night` take.
  public func files(_ format: ExportFormat, appearances: ExportAppearances = .init()) -> [ExportedFile] {
    switch format {
    case .dtcg: DTCGRenderer(export: self).files()
    case .css: [CSSRenderer(export: self).file()]
    case .swift: [SwiftRenderer(export: self).file()]
    case .xcassets: XcassetsRenderer(export: self, appearances: appearances).files()
    // An XML comment cannot hold `--`, so the option is not written as given.
    case .android: AndroidRenderer(export: self, appearances: appearances).files()
    case .scss: [SCSSRenderer(export: self).file()]
    case .ts: [TypeScriptRenderer(export: self).file()]
    case .tailwind: [TailwindRenderer(export: self).file()]
    }
  }

  /// How many leaves `format` cannot hold and leaves out: an asset
  /// catalog holds colours alone, Android's resources colours, dimensions,
  /// numbers, strings and booleans; every other format holds every leaf.
  public func leftOut(_ format: ExportFormat) -> Int {
    switch format {
    case .xcassets: XcassetsRenderer(export: self, appearances: .init()).leftOut
    // An XML comment cannot hold `--`, so the option is not written as given.
    case .android: AndroidRenderer(export: self, appearances: .init()).leftOut
    default: 0
    }
  }

  /// The variables under `themes` (every other axis at its default); nil
  /// when two are of one axis or a variable does not resolve there.
  func variables(under themes: [String]) -> [ExportedVariable]? {
    guard plan.conflict(in: themes) == nil else { return nil }
    return try? VariableEvaluation(sources: sources, limits: options).variables(under: Self.set(of: themes, plan: plan))
  }

  /// The variables of each theme whose value is not the same as `base`'s
  /// (`PropertyValue.isSame(as:)`: NaN is NaN).
  var changes: [(theme: String, variables: [ExportedVariable])] {
    let baseValues = Dictionary(base.map { ($0.path, $0.value) }, uniquingKeysWith: { _, last in last })
    return themed.map { theme, variables in
      (theme, variables.filter { baseValues[$0.path].map($0.value.isSame) != true })
    }
  }

  /// Every combination of themes of two or more axes (none selected)
  /// under which a variable can take a value that no one theme's gives:
  /// the themes other than their axes' defaults that a variable reaches
  /// (through its references, under any theme; where a default reaches
  /// it, every other theme of its axis), taken from distinct axes; with
  /// the variables that reach it, under it. Fewest themes first, then in
  /// axis order, each combination once.
  func combinations() -> [(themes: [String], variables: [ExportedVariable])] {
    guard selectedThemes.isEmpty else { return [] }
    let defaults = Set(axes.compactMap(\.defaultTheme))
    var axisOf: [String: Int] = [:]
    for (index, axis) in axes.enumerated() { for theme in axis.themes { axisOf[theme] = index } }
    let reach = ThemeReach(sources: sources)
    var found: [[String]: Set<[String]>] = [:]
    var paths: Set<[String]> = []
    for variable in base + themed.flatMap(\.variables) where paths.insert(variable.path).inserted {
      // A default theme that reaches it makes every other theme of its
      // axis one that changes it (by leaving the default out).
      let reached = reach.themes(reaching: variable.path)
      var themes = reached.filter { !defaults.contains($0) && axisOf[$0] != nil }
      for theme in reached where defaults.contains(theme) {
        if let slot = axisOf[theme] { themes.formUnion(axes[slot].themes.filter { $0 != theme }) }
      }
      var byAxis: [Int: [String]] = [:]
      for theme in themes.sorted() { byAxis[axisOf[theme]!, default: []].append(theme) }
      guard byAxis.count > 1 else { continue }
      // One theme or none per reached axis, two or more in all.
      var partial: [[String]] = [[]]
      for slot in byAxis.keys.sorted() {
        partial = partial.flatMap { chosen in [chosen] + byAxis[slot]!.map { chosen + [$0] } }
      }
      for combination in partial where combination.count > 1 { found[combination, default: []].insert(variable.path) }
    }
    func order(_ themes: [String]) -> [Int] {
      themes.map { theme in axes[axisOf[theme]!].themes.firstIndex(of: theme)! + 1_000_000 * axisOf[theme]! }
    }
    let sorted = found.keys.sorted { left, right in
      left.count != right.count ? left.count < right.count : order(left).lexicographicallyPrecedes(order(right))
    }
    let evaluation = VariableEvaluation(sources: sources, limits: options)
    // Only the variables that reach the combination: the others are what
    // one theme's rule gives, and evaluating them would multiply the axes.
    return sorted.compactMap { themes in
      (try? evaluation.variables(under: Self.set(of: themes, plan: plan), only: found[themes])).map { (themes, $0) }
    }
  }

  /// The set a theme's values are evaluated under: it, with every other
  /// axis at its default.
  func themeSet(_ theme: String) -> ThemeSet { Self.set(of: [theme], plan: plan) }

  /// The set the base values are evaluated under.
  var baseSet: ThemeSet { Self.set(of: selectedThemes, plan: plan) }

  /// The token at `path` as the files of `theme` (nil: the sets) define it.
  func token(_ path: String, theme: String?) -> SheetOutline.Token? {
    tokens[TokenKey(theme: theme, path: path)] ?? (theme == nil ? nil : tokens[TokenKey(theme: nil, path: path)])
  }

  struct TokenKey: Hashable {
    var theme: String?
    var path: String
  }
}

/// The formats an export writes.
public enum ExportFormat: String, CaseIterable, Sendable {
  /// Design Tokens Community Group format and resolver, 2025.10.
  case dtcg
  /// CSS custom properties.
  case css
  /// One Swift source file of constants.
  case swift
  /// An Xcode asset catalog of colour sets.
  case xcassets
  /// An Android `res` folder of value resources.
  case android
  /// One SCSS file of variables and theme maps.
  case scss
  /// One TypeScript module of nested constants.
  case ts
  /// One Tailwind v4 stylesheet: `@theme` and a rule per theme.
  case tailwind
}

/// The themes an export takes as a platform's appearances: an asset
/// catalog's `luminosity: dark` and `contrast: high`, Android's
/// `values-night`. A theme no sheet has is no appearance.
public struct ExportAppearances: Hashable, Sendable {
  /// The theme of the dark appearance (`dark` unless given).
  public var dark: String
  /// The theme of the high-contrast appearance (`high-contrast` unless given).
  public var highContrast: String

  public init(dark: String = "dark", highContrast: String = "high-contrast") {
    self.dark = dark
    self.highContrast = highContrast
  }

  /// The appearances `dark` and `highContrast` give (options of a command
  /// line: `--dark-theme`, `--high-contrast-theme`; empty keeps the
  /// default), each a theme of `export`: one it does not have is an error
  /// where it was given, as for `--theme`.
  public init(dark: ThemeOption, highContrast: ThemeOption, of export: TokenExport) throws(SheetLoadError) {
    self.init(dark: dark.themes.last ?? "dark", highContrast: highContrast.themes.last ?? "high-contrast")
    let known = export.axes.flatMap(\.themes)
    var problems: [SheetDiagnostic] = []
    for theme in dark.given + highContrast.given {
      guard let (message, suggestion) = ThemeNames.unknownTheme(theme.name, known: known) else { continue }
      problems.append(SheetDiagnostic(.error, message, kind: .unknownTheme, at: theme.location, suggestion: suggestion))
    }
    if !problems.isEmpty { throw SheetLoadError(diagnostics: problems) }
  }
}

/// One file of an export: where it goes (relative to the output folder, or
/// the output file's own name) and its text.
public struct ExportedFile: Hashable, Sendable {
  /// Where the file goes: relative to the output folder (`themes/dark.tokens.json`),
  /// or a name for the one file (`tokens.css`).
  public var path: String
  /// The file's text, UTF-8 when written.
  public var text: String
}

/// A variable's resolved value under one set of themes, and its path.
struct ExportedVariable: Sendable {
  /// The names from the root (`color`, `text`, `primary`).
  var path: [String]
  var value: PropertyValue
  /// Where the leaf is written (its theme's definition under a theme that sets it).
  var location: SourceLocation
  var dottedPath: String { path.joined(separator: ".") }
}

extension TokenExport {
  /// The file in an export folder that lists the files the export wrote,
  /// under the line ``ExportFormat/marker``: what tells an earlier export
  /// from someone's folder.
  static let markerName = ".stylist-export"

  /// Writes the export of `format` to `path`: for `dtcg` without selected
  /// themes a folder (new, empty, or holding exactly an earlier export of
  /// the format, which is replaced), else the one file (new, or an
  /// earlier export of the format: one that begins with its header).
  /// Nothing is half-written and nothing the export did not write is
  /// deleted or overwritten: a failure (an error at `path`) leaves what
  /// was there.
  public func write(_ format: ExportFormat, to path: String, appearances: ExportAppearances = .init())
    throws(SheetLoadError)
  {
    let files = self.files(format, appearances: appearances)
    do throws(OutputFiles.Failure) {
      if format.writesFolder(selectedThemes: selectedThemes) {
        try OutputFiles.writeFolder(
          files.map { ($0.path, $0.text) }, at: path, marker: Self.markerName, kind: format.marker)
      } else {
        try OutputFiles.writeFile(files[0].text, to: path, header: format.header)
      }
    } catch {
      throw SheetLoadError(diagnostics: [
        SheetDiagnostic(.error, error.message, kind: .unwritableOutput, at: SourceLocation(wholeOf: path))
      ])
    }
  }
}

extension ExportFormat {
  /// Whether the export is a folder of files (DTCG's resolver and its
  /// token files) rather than one file.
  public func writesFolder(selectedThemes: [String]) -> Bool {
    switch self {
    case .dtcg: selectedThemes.isEmpty
    case .xcassets, .android: true
    case .css, .swift, .scss, .ts, .tailwind: false
    }
  }

  /// The first line of an export folder's marker file.
  var marker: String { "stylist export --format \(rawValue)" }

  /// How every one-file export of the format begins: a file that begins
  /// otherwise is no earlier export, and `-o` does not overwrite it.
  var header: String {
    switch self {
    case .css: "/* Design tokens exported by `stylist export --format css`. */\n"
    case .swift: "// Design tokens exported by `stylist export --format swift`.\n"
    case .dtcg: "{\n  \"$description\": \"Design tokens exported by `stylist export --format dtcg`.\""
    case .scss, .ts: "// Design tokens exported by `stylist export --format \(rawValue)`.\n"
    case .tailwind: "/* Design tokens exported by `stylist export --format tailwind`. */\n"
    // An XML comment cannot hold `--`, so the option is not written as given.
    case .android:
      "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- Design tokens exported by `stylist export`, format android. -->\n"
    case .xcassets: "{\n"
    }
  }
}
