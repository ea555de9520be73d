import Foundation
import Testing

@testable import Stylist

/// A usage report's renderers called as a library: text and JSON are byte
/// for byte what `stylist coverage` prints (`Fixtures/expected/coverage-*`,
/// written by the binary).
@Suite struct UsageRendererTests {
  let engine: StyleEngine
  let nodes: [NodeIdentifier]

  init() throws {
    engine = StyleEngine(sheets: [try StyleSheet(contentsOf: FixturePaths.path("coverage/app.yaml"))])
    let text = try String(contentsOfFile: FixturePaths.path("coverage/nodes.txt"), encoding: .utf8)
    nodes = try text.split(separator: "\n").map { try NodeIdentifier(parsing: String($0)) }
  }

  func expect(_ rendered: String, equals name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
  {
    let expected = try String(contentsOfFile: FixturePaths.path("expected/" + name), encoding: .utf8)
    #expect(FixturePaths.relative(rendered) == expected, sourceLocation: sourceLocation)
  }

  @Test func textIsWhatCoveragePrints() throws {
    try expect(TextRenderer().usage(try engine.usage(of: nodes)), equals: "coverage-text.txt")
    try expect(TextRenderer().usage(try engine.usage(of: nodes, themes: .eachSet)), equals: "coverage-each-theme.txt")
  }

  @Test func jsonIsWhatCoveragePrints() throws {
    engine.themes = ["dark"]
    try expect(JSONRenderer().usage(try engine.usage(of: nodes, themes: .eachSet)), equals: "coverage-json.txt")
  }

  @Test func treeReportIsWhatCoveragePrints() throws {
    engine.themes = ["dark"]
    let tree = try StyleTree(contentsOf: FixturePaths.path("coverage/tree.yaml"))
    try expect(TextRenderer().usage(try engine.usage(of: tree)), equals: "coverage-tree.txt")
  }

  /// Colour marks only the parts, never the locations an editor reads.
  @Test func colourLeavesLocationsAtTheStartOfTheirLines() throws {
    let coloured = TextRenderer(palette: TextPalette(usesColour: true)).usage(try engine.usage(of: nodes))
    let lines = FixturePaths.relative(coloured).split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("coverage/app.yaml:16:3: ") && $0.contains("\u{1B}[31mfooter/link") })
  }
}
