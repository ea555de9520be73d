import ArgumentParser
import Stylist

struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Checks style sheets: every load error, plus warnings.",
    discussion: """
      Each sheet is checked on its own (with its imports). Warnings: duplicate selectors,
      selectors that can never win (another one applies wherever they do and outranks
      them), unused variables, ignored empty components.
      Exit status: 0 when there is no error (warnings allowed), 1 when there are errors
      (a missing or unreadable file included); --strict counts warnings as errors.

      Example:
        $ stylist lint Fixtures/demo/demo.yaml
        Fixtures/demo/demo.yaml: ok
      """
  )

  @Flag(help: "Treat warnings as errors.")
  var strict = false

  @Option(help: "text or json.")
  var format: OutputFormat = .text

  @Argument(help: "The sheets to check.")
  var sheets: [String]

  func validate() throws {
    if format == .yaml { throw ValidationError("lint prints text or json.") }
    if sheets.isEmpty { throw ValidationError("Give at least one sheet.") }
  }

  func run() throws {
    var failed = false
    var records: [PropertyValue] = []
    var output = OutputBuffer()
    for path in sheets {
      let diagnostics = StyleSheet.diagnose([path])
      let errors = diagnostics.filter { $0.severity == .error || strict }
      if !errors.isEmpty { failed = true }
      for diagnostic in diagnostics {
        var object = Properties()
        object["file"] = .string(diagnostic.location.file)
        object["line"] = .int(diagnostic.location.line)
        object["column"] = .int(diagnostic.location.column)
        object["severity"] = .string(diagnostic.severity.rawValue)
        object["message"] = .string(diagnostic.message)
        records.append(.map(object))
        if format == .text { output.writeLine(diagnostic.description) }
      }
      if format == .text && diagnostics.isEmpty { output.writeLine("\(path): ok") }
    }
    if format == .json { output.write(jsonArray(records)) }
    output.flush()
    if failed { throw ExitCode(1) }
  }
}
