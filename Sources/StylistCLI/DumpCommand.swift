import ArgumentParser
import Stylist

struct DumpCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dump",
    abstract: "Prints the fully resolved sheet: imports merged, variables substituted, extends flattened.",
    discussion: """
      Groups and themes are expanded into registered selectors; unthemed styles show their
      values under --theme, themed ones under their own theme.

      Example:
        $ stylist dump -s Fixtures/seed/spec-example.yaml --theme dark --format yaml
      """
  )

  @Option(name: [.short, .customLong("sheet")], help: "A style sheet; repeat to layer sheets in order.")
  var sheets: [String]

  @Option(help: "The theme to resolve variables under.")
  var theme: String?

  @Option(help: "json or yaml.")
  var format: OutputFormat = .json

  func validate() throws {
    if format == .text { throw ValidationError("dump prints json or yaml.") }
    if sheets.isEmpty { throw ValidationError("Missing expected option '-s/--sheet <sheet>'.") }
  }

  func run() throws {
    let sheet: StyleSheet
    do { sheet = try StyleSheet(contentsOf: sheets) } catch {
      throw loadFailure(error)
    }
    let dump = sheet.resolvedDump(theme: theme)
    var output = OutputBuffer()
    if format == .yaml { output.write(dump.yamlText()) } else { output.writeLine(dump.jsonText) }
    output.flush()
  }
}
