import ArgumentParser
import Stylist

/// Options shared by the commands that query sheets.
struct SheetOptions: ParsableArguments {
  @Option(
    name: [.short, .customLong("sheet")],
    help: "A style sheet (YAML or JSON): a path, an https: URL, or '-' for standard input; repeat to layer sheets.")
  var sheets: [String] = []

  @OptionGroup var remote: RemoteCommandOptions

  @Option(
    name: .customLong("theme"),
    help: ArgumentHelp(
      "A current theme (a node's @theme parts replace it on their axes); repeat it or give a comma list"
        + " for several axes: --theme dark,compact.", valueName: "theme"))
  var themeArguments: [String] = []

  /// The `--theme` values, each comma list split, each theme once.
  var themes: [String] { themeOption.themes }

  /// The `--theme` values' themes, each with where it was given.
  var themeOption: ThemeOption { ThemeOption(themeArguments, named: "--theme") }

  @Option(help: "Precedence mode: themed or classic (default: the sheets' mode, else themed).")
  var mode: PrecedenceMode?

  func validate() throws {
    if sheets.isEmpty { throw ValidationError("Missing expected option '-s/--sheet <sheet>'.") }
    try validateStandardInput(sheets)
    try validateThemes(themeArguments)
  }

  /// Loads the sheets as one engine with the command's themes and mode; on
  /// failure prints every error and exits 2. Two themes of one axis in
  /// `--theme` are a usage error (exit 64).
  func load() throws -> StyleEngine {
    let engine = try loadEngine(sheets, themes: themes, mode: mode, options: remote.loadOptions())
    try checkThemeOption(themeOption, in: engine)
    return engine
  }
}

/// Loads `sheets` as one engine with `themes` and `mode`, kept until the
/// process exits; on failure prints every error and exits 2.
func loadEngine(_ sheets: [String], themes: [String], mode: PrecedenceMode?, options: LoadOptions) throws
  -> StyleEngine
{
  let engine = StyleEngine(sheets: [try loadSheet(sheets, options: options)], themes: Set(themes), mode: mode)
  KeptUntilExit.keep(engine)
  return engine
}

/// `--theme` values with their comma lists split, each theme once.
func splitThemes(_ arguments: [String]) -> [String] {
  ThemeOption(arguments, named: "--theme").themes
}

/// A `--theme` value must name themes: no empty name in a list.
func validateThemes(_ arguments: [String]) throws {
  for argument in arguments
  where argument.split(separator: ",", omittingEmptySubsequences: false).contains(where: { $0.allSatisfy { $0 == " " } }
  ) {
    throw ValidationError("--theme '\(argument)' has an empty theme name.")
  }
}

/// Warns about each theme of `option` no sheet mentions, where it was
/// given (`--theme:1:6`); two of one axis are a usage error: the message,
/// then exit 64.
func checkThemeOption(_ option: ThemeOption, in engine: StyleEngine) throws {
  let diagnostics = engine.themeDiagnostics(of: option)
  Diagnostics.write(diagnostics)
  if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(ExitStatus.usage) }
}

/// The nodes a query command answers, and how: `match` and `watch`.
struct AnswerOptions: ParsableArguments {
  @Flag(help: "Merge the properties of every applicable selector, weakest first.")
  var cascade = false

  @Option(help: "Output format.")
  var format: TextOrJSON = .text

  @Argument(help: "Node identifiers, e.g. home/header[selected]/label or @dark/title.")
  var nodes: [String]

  func validate() throws {
    if nodes.isEmpty { throw ValidationError("Give at least one node.") }
  }
}

/// What a command loaded, kept until the process exits: freeing a large
/// index or sheet piece by piece takes a tenth of a 100k-style load, and
/// the operating system takes the whole heap back at once. Only what the
/// command holds to its end: `lint` keeps its last group's sheet alone, so
/// that its memory stays that of the largest group, not of all of them.
///
/// Under LeakSanitizer (`make sanitize`) what is kept is released at exit,
/// just before its check: the check cannot follow every pointer of a value
/// alive to the end (Swift stores some, in an enum's payload, with the
/// case's tag in their spare bits), so it would report kept values as lost;
/// released, what it reports is what was really lost.
enum KeptUntilExit {
  nonisolated(unsafe) private static var kept: [Any] = []

  /// Keeps `value` (commands load on the main thread).
  static func keep(_ value: Any) {
    if kept.isEmpty, SystemCalls.leakSanitizerIsLinked { SystemCalls.atExit { KeptUntilExit.kept = [] } }
    kept.append(value)
  }
}

/// `-` (standard input) may be given once: it can be read only once.
func validateStandardInput(_ paths: [String]) throws {
  if paths.filter({ $0 == "-" }).count > 1 {
    throw ValidationError("'-' (standard input) can be given only once.")
  }
}

/// `--format` for commands that print for people or for tools: each
/// command takes only the formats it can print, so help lists just those.
enum TextOrJSON: String, ExpressibleByArgument, CaseIterable {
  case text, json
}

/// `--format` for `diff`, which can also print Markdown for a pull-request comment.
enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, markdown
}

/// `--format` for `resolve`, which can also print YAML.
enum ResolveFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, yaml
}

/// `--format` for `dump`, which prints a sheet: JSON or YAML.
enum SheetFormat: String, ExpressibleByArgument, CaseIterable {
  case json, yaml
}
