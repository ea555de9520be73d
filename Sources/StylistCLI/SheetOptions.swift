import ArgumentParser
import Stylist

/// Options shared by the commands that query sheets.
struct SheetOptions: ParsableArguments {
  @Option(name: [.short, .customLong("sheet")], help: "A style sheet (YAML or JSON); repeat to layer sheets in order.")
  var sheets: [String] = []

  @Option(help: "The current theme (a node's leading @theme wins).")
  var theme: String?

  @Option(help: "Precedence mode: themed or classic (default: the sheets' mode, else themed).")
  var mode: PrecedenceMode?

  func validate() throws {
    if sheets.isEmpty { throw ValidationError("Missing expected option '-s/--sheet <sheet>'.") }
  }

  /// Loads the sheets as one; on failure prints every error and exits 2.
  func load() throws -> (index: StyleIndex, options: QueryOptions) {
    do {
      let sheet = try StyleSheet(contentsOf: sheets)
      let index = StyleIndex(sheets: [sheet])
      return (index, QueryOptions(theme: theme, mode: mode ?? index.declaredMode ?? .themed))
    } catch {
      throw loadFailure(error)
    }
  }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json, yaml
}
