#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A loaded style sheet: rules in load order (imports first), an optional
/// default style and an optional precedence mode.
///
/// Loading is all or nothing: any error throws `SheetLoadError` with every
/// problem found, and no partial sheet exists.
public struct StyleSheet: Sendable {
  /// The rules in load order: imports first, a later definition of a selector replacing an earlier one.
  public var rules: [StyleRule]
  /// The style of a node no selector applies to (`default:`).
  public var defaultStyle: Style?
  /// The precedence mode the sheet declares (`mode:`), if any.
  public var mode: PrecedenceMode?
  /// Themes declared by `themes:` blocks.
  public var themes: [String]
  /// What `lint`'s `low-contrast` check compares (`contrast:`, its parts
  /// merged across the sheet's files; WCAG AA's defaults elsewhere).
  public var contrast = ContrastSettings()
  /// The axes the sheet declares (`axes:`), merged across its files, in
  /// order of first declaration.
  public var axes: [ThemeAxis] {
    get { plan.axes }
    set { plan = ThemeAxes(newValue, variableThemes: plan.variableThemes) }
  }
  /// The axes merged, with the themes that define variables (the ones
  /// whose values can differ): what the index and the dump read.
  private(set) var plan: ThemeAxes
  /// Files read, as named (imports joined to their importer's folder).
  public var files: [String]
  /// Warnings found while loading (duplicate selectors, unused variables, …).
  public var warnings: [SheetDiagnostic]
  /// Every style, group, theme, axis and variable the files define, and
  /// every use of a variable or `extends` target, each with its location
  /// (empty for a sheet built in code).
  public internal(set) var outline = SheetOutline()
  /// The variables as written, with their references: what an export
  /// writes (empty for a sheet built in code).
  var variableSources = VariableSources()

  /// Every key a sheet's top level may have, in the order the documentation lists them.
  package static var topLevelKeys: [String] { SheetReader.topLevelKeys }

  /// A sheet built in code.
  public init(
    rules: [StyleRule], defaultStyle: Style? = nil, mode: PrecedenceMode? = nil, themes: [String] = [],
    axes: [ThemeAxis] = [], files: [String] = [], warnings: [SheetDiagnostic] = []
  ) {
    self.rules = rules
    self.defaultStyle = defaultStyle
    self.mode = mode
    self.themes = themes
    self.plan = ThemeAxes(axes)
    self.files = files
    self.warnings = warnings
  }

  /// A compiled sheet, with the plan of its axes.
  init(
    rules: [StyleRule], defaultStyle: Style?, mode: PrecedenceMode?, themes: [String], axes: ThemeAxes,
    files: [String]
  ) {
    self.init(rules: rules, defaultStyle: defaultStyle, mode: mode, themes: themes, files: files)
    plan = axes
  }

  /// Loads one YAML (or JSON) file and its imports.
  public init(contentsOf path: String, options: LoadOptions = .init()) throws(SheetLoadError) {
    try self.init(contentsOf: [path], options: options)
  }

  /// Loads files in order as one sheet: variables and `extends` see them all,
  /// and a later definition replaces an earlier one.
  public init(contentsOf paths: [String], options: LoadOptions = .init()) throws(SheetLoadError) {
    try self.init(contentsOf: paths, dashIsStandardInput: false, options: options)
  }

  /// Loads the file at `url` and its imports; see
  /// ``init(contentsOf:options:)-([String],_)``.
  public init(contentsOf url: URL, options: LoadOptions = .init()) throws(SheetLoadError) {
    try self.init(contentsOf: [url], options: options)
  }

  /// Loads the files at `urls` in order as one sheet. Only file URLs can be
  /// read; another scheme is a located error, like a missing file.
  public init(contentsOf urls: [URL], options: LoadOptions = .init()) throws(SheetLoadError) {
    try self.init(contentsOf: try SheetLoadError.paths(of: urls), options: options)
  }

  /// Loads `paths` as one sheet, where the path `-` is standard input
  /// (named `<stdin>` in locations; its imports relative to the current
  /// directory), as command-line tools take it; `willRead` is called with
  /// each file's path before it is read.
  package init(
    contentsOf paths: [String], dashIsStandardInput: Bool, options: LoadOptions = .init(),
    willRead: @escaping (String) -> Void = { _ in }
  ) throws(SheetLoadError) {
    var loader = SheetLoader(options: options, willRead: willRead)
    loader.dashIsStandardInput = dashIsStandardInput
    for path in paths { loader.loadFile(path) }
    self = try Self.compile(consume loader, options: options)
  }

  /// Loads `paths` as one sheet, calling `willRead` with each file's path
  /// (as the sheet names it) before the file is read, whether it exists or
  /// not: a watcher watches every file before reading it, so no save is
  /// missed between the read and the watch.
  init(contentsOf paths: [String], options: LoadOptions, willRead: @escaping (String) -> Void)
    throws(SheetLoadError)
  {
    var loader = SheetLoader(options: options, willRead: willRead)
    for path in paths { loader.loadFile(path) }
    self = try Self.compile(consume loader, options: options)
  }

  /// Loads YAML text. `name` is used in locations; relative imports are
  /// read from `baseDirectory` (an app bundle's resource folder, say), else
  /// from the current directory.
  public init(
    yaml: String, name: String = "<string>", baseDirectory: URL? = nil, options: LoadOptions = .init()
  ) throws(SheetLoadError) {
    try self.init(bytes: Array(yaml.utf8), name: name, baseDirectory: baseDirectory, options: options)
  }

  /// Loads YAML bytes as read (invalid UTF-8 is a located error, not
  /// replaced). `name` is used in locations; relative imports are read from
  /// `baseDirectory`, else from the current directory.
  public init(
    bytes: [UInt8], name: String = "<bytes>", baseDirectory: URL? = nil, options: LoadOptions = .init()
  ) throws(SheetLoadError) {
    var loader = SheetLoader(options: options)
    loader.loadText(bytes, name: name, baseDirectory: baseDirectory?.path)
    self = try Self.compile(consume loader, options: options)
  }

  /// Loads the bytes of a DTCG 2025.10 token or resolver file (JSON) as a
  /// sheet of no styles whose variables are its tokens, its modifiers
  /// axes (docs/SHEETS.md: Design tokens). `name` is used in locations; a
  /// resolver's sources are read relative to its folder.
  public init(tokenBytes bytes: [UInt8], name: String = "<tokens>", options: LoadOptions = .init())
    throws(SheetLoadError)
  {
    var loader = SheetLoader(options: options)
    loader.loadTokenText(bytes, name: name)
    self = try Self.compile(consume loader, options: options)
  }

  private static func compile(_ loader: consuming SheetLoader, options: LoadOptions) throws(SheetLoadError)
    -> StyleSheet
  {
    // Compile even after reading errors, so one pass reports every problem.
    let budget = ExpansionBudget(
      values: max(options.maxExpandedValues, loader.bytesRead),
      bytes: max(options.maxInterpolatedBytes, loader.bytesRead.multipliedReportingOverflow(by: 16).partialValue))
    let files = loader.definitions.files
    var compiler = SheetCompiler(
      definitions: loader.takeDefinitions(), sink: loader.sink, budget: budget, maxDepth: options.maxNestingDepth)
    var sheet = compiler.compile()
    let diagnostics = ordered(
      sayingRepeatedKeysOnce(
        hidingWhatMissingFilesMayDefine(loader.sink.diagnostics, missing: loader.missingFiles)),
      files: files)
    if loader.sink.hasErrors { throw SheetLoadError(diagnostics: diagnostics) }
    sheet.warnings = diagnostics
    // Only now are the files read the last good copies (a remote source caches them).
    options.source.loadSucceeded(reading: files)
    return sheet
  }

  /// One mistake, one error: when an import or a token file is missing,
  /// every unknown variable and `extends` target may be one it defines, so
  /// those errors are dropped and the first missing file's error says how many.
  private static func hidingWhatMissingFilesMayDefine(
    _ diagnostics: [SheetDiagnostic], missing: [SheetDiagnostic]
  ) -> [SheetDiagnostic] {
    guard let first = missing.first else { return diagnostics }
    let mayBeDefined: Set<DiagnosticKind> = [.unknownVariable, .unknownExtends]
    let kept = diagnostics.filter { !mayBeDefined.contains($0.kind) }
    let hidden = diagnostics.count - kept.count
    guard hidden > 0 else { return diagnostics }
    let noun = hidden == 1 ? "error about a name" : "errors about names"
    return kept.map { diagnostic in
      guard diagnostic == first else { return diagnostic }
      var annotated = diagnostic
      annotated.message += " (\(hidden) \(noun) it may define not reported)"
      return annotated
    }
  }

  /// One mistake, one message: a style key written twice is a duplicate
  /// key (an error, and the load fails), so the duplicate-selector warning
  /// at the same place, saying it again, is dropped.
  private static func sayingRepeatedKeysOnce(_ diagnostics: [SheetDiagnostic]) -> [SheetDiagnostic] {
    let repeatedKeys = Set(diagnostics.lazy.filter { $0.kind == .duplicateKey }.map(\.location))
    guard !repeatedKeys.isEmpty else { return diagnostics }
    return diagnostics.filter { $0.kind != .duplicateSelector || !repeatedKeys.contains($0.location) }
  }

  /// Diagnostics file by file (in load order), then by position.
  private static func ordered(_ diagnostics: [SheetDiagnostic], files: [String]) -> [SheetDiagnostic] {
    var rank: [String: Int] = [:]
    for diagnostic in diagnostics where rank[diagnostic.location.file] == nil {
      rank[diagnostic.location.file] = files.firstIndex(of: diagnostic.location.file) ?? files.count + rank.count
    }
    return diagnostics.enumerated().sorted { left, right in
      let (a, b) = (left.element.location, right.element.location)
      if a.file != b.file { return rank[a.file]! < rank[b.file]! }
      if a.line != b.line { return a.line < b.line }
      if a.column != b.column { return a.column < b.column }
      return left.offset < right.offset
    }.map(\.element)
  }

  /// Every error and warning of loading `paths`, for `lint`; this adds the
  /// warnings about selectors that can never win, similar themes, themed
  /// styles that drop properties and low contrast, which loading skips to stay fast.
  public static func diagnose(_ urls: [URL], options: LoadOptions = .init()) -> [SheetDiagnostic] {
    do {
      return diagnose(try SheetLoadError.paths(of: urls), options: options)
    } catch {
      return error.diagnostics
    }
  }

  /// Every error and warning of loading the files at `paths`; see
  /// ``diagnose(_:options:)-([URL],_)``.
  public static func diagnose(_ paths: [String], options: LoadOptions = .init()) -> [SheetDiagnostic] {
    diagnose(paths, dashIsStandardInput: false, options: options)
  }

  /// `diagnose(_:options:)` where the path `-` is standard input.
  package static func diagnose(_ paths: [String], dashIsStandardInput: Bool, options: LoadOptions = .init())
    -> [SheetDiagnostic]
  {
    diagnosedSheet(paths, dashIsStandardInput: dashIsStandardInput, options: options).diagnostics
  }

  /// The warnings `lint` gives for this sheet, in order: the load's, then
  /// those of the checks only `lint` runs (`never-wins`, `similar-theme`,
  /// `themed-drops-properties`, `deprecated-token`, `low-contrast`). A check
  /// whose kind `ignored` holds is not run: its warnings would be dropped,
  /// so it costs nothing.
  package func lintWarnings(ignoring ignored: Set<DiagnosticKind> = []) -> [SheetDiagnostic] {
    func run(_ kind: DiagnosticKind, _ check: () -> [SheetDiagnostic]) -> [SheetDiagnostic] {
      ignored.contains(kind) ? [] : check()
    }
    let lintOnly =
      run(.neverWins) { ShadowedRules.warnings(ShadowedRules.findings(in: rules.map(\.selector)), rules: rules) }
      + run(.similarTheme) { ThemeNames.similarThemeWarnings(declared: themes, rules: rules) }
      + run(.themedDropsProperties) { ThemedReplacements.warnings(rules: rules, mode: mode ?? .themed) }
      + run(.deprecatedToken) { DeprecatedTokenUses.warnings(in: outline) }
      + run(.lowContrast) { ContrastCheck(self).warnings(rules: rules, defaultStyle: defaultStyle) }
    return Self.ordered(warnings + lintOnly, files: files)
  }

  /// `diagnose(_:dashIsStandardInput:options:)`, and the sheet when it
  /// loaded: a tool about to exit can keep it rather than free it piece by
  /// piece. The warnings are ``lintWarnings(ignoring:)``.
  package static func diagnosedSheet(
    _ paths: [String], dashIsStandardInput: Bool, options: LoadOptions = .init(),
    ignoring ignored: Set<DiagnosticKind> = [], willRead: @escaping (String) -> Void = { _ in }
  ) -> (diagnostics: [SheetDiagnostic], sheet: StyleSheet?) {
    do {
      let sheet = try StyleSheet(
        contentsOf: paths, dashIsStandardInput: dashIsStandardInput, options: options, willRead: willRead)
      return (sheet.lintWarnings(ignoring: ignored), sheet)
    } catch {
      return (error.diagnostics, nil)
    }
  }
}
