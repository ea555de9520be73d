import ArgumentParser
import Stylist

/// Options shared by the commands that query sheets.
struct SheetOptions: ParsableArguments {
  @Option(
    name: [.short, .customLong("sheet")],
    help: "A style sheet (YAML or JSON), '-' for standard input; repeat to layer sheets in order.")
  var sheets: [String] = []

  @Option(help: "The current theme (a node's leading @theme wins).")
  var theme: String?

  @Option(help: "Precedence mode: themed or classic (default: the sheets' mode, else themed).")
  var mode: PrecedenceMode?

  func validate() throws {
    if sheets.isEmpty { throw ValidationError("Missing expected option '-s/--sheet <sheet>'.") }
    try validateStandardInput(sheets)
  }

  /// Loads the sheets as one engine with the command's theme and mode; on
  /// failure prints every error and exits 2.
  func load() throws -> StyleEngine {
    do {
      let sheet = try StyleSheet(contentsOf: sheets, dashIsStandardInput: true)
      let engine = StyleEngine(sheets: [sheet], theme: theme, mode: mode)
      Diagnostics.warnIfUnknown(theme: theme, in: engine, at: "<command line>")
      KeptUntilExit.keep(engine)
      return engine
    } catch {
      throw loadFailure(error)
    }
  }
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
enum KeptUntilExit {
  nonisolated(unsafe) private static var kept: [Any] = []

  /// Keeps `value` (commands load on the main thread).
  static func keep(_ value: Any) { kept.append(value) }
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

/// `--format` for `resolve`, which can also print YAML.
enum ResolveFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, yaml
}

/// `--format` for `dump`, which prints a sheet: JSON or YAML.
enum SheetFormat: String, ExpressibleByArgument, CaseIterable {
  case json, yaml
}
