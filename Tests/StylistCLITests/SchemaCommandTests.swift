import Foundation
import Testing

/// `stylist schema` prints the schema the repository keeps, byte for byte.
@Suite struct SchemaCommandTests {
  @Test func printsTheRepositorysSchema() throws {
    let result = try CLIRunner.run(["schema"])
    #expect(result.status == 0)
    let file = try String(
      contentsOf: CLIRunner.root.appendingPathComponent("schema/stylist.schema.json"), encoding: .utf8)
    #expect(result.stdout == file)
    #expect(result.stdout.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\""))
  }
}
