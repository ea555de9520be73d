import ArgumentParser
import Stylist

struct SchemaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "schema",
    abstract: "Prints the JSON Schema (draft 2020-12) of the sheet format.",
    discussion: """
      Editors validate and complete sheets with it: the YAML language server
      reads it from a `# yaml-language-server: $schema=PATH` comment or from
      its `yaml.schemas` setting. The repository keeps the same text as
      schema/stylist.schema.json.

      Example:
        $ stylist schema > stylist.schema.json
      """
  )

  func run() throws {
    var output = OutputBuffer()
    output.write(SheetSchema.json)
    output.flush()
  }
}
