import Testing

@testable import Stylist

/// `AnswerWriter` answers lines from their bytes, merges cascades from
/// rendered members and copies answers it rendered before: every answer it
/// writes must be the bytes the one writer writes for the engine's answer,
/// whatever came before (a property spelled two canonically equivalent
/// ways is one property, under its first spelling).
@Suite struct AnswerWriterTests {
  static let sheet = """
    variables: { ink: "#111111" }
    default: { background: white }
    themes:
      dark:
        variables: { ink: "#EEEEEE" }
    styles:
      title: { color: $ink, size: 12, "caf\u{E9}": 1 }
      card/title: { size: 14, "cafe\u{301}": 2 }
      "@dark/card/title": { weight: bold }
      "@light/card/title": { weight: thin }
    """

  /// For each node, plain and with cascade: `writer` writes the bytes of
  /// the engine's answer and returns the themes it ran under.
  static func expectSameAnswers(
    _ engine: StyleEngine, _ nodes: [String], _ writer: inout AnswerWriter, _ context: String
  ) throws {
    for cascade in [false, true] {
      for node in nodes {
        let answer = try cascade ? engine.cascade(parsing: node) : engine.bestMatch(parsing: node)
        var written: [UInt8] = []
        let ran = try writer.write(line: ArraySlice(node.utf8), answeredBy: engine, cascade: cascade, to: &written)
        #expect(ran == answer.themes, "\(node), cascade \(cascade), \(context)")
        #expect(
          String(decoding: written, as: UTF8.self) == JSONRenderer().answer(answer, node: node),
          "\(node), cascade \(cascade), \(context)")
      }
    }
  }

  @Test func writesWhatTheOneWriterWrites() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.sheet, name: "app.yaml")])
    let nodes = [
      "title", "card/title", "@dark/title", "@dark/card/title", "@light/card/title", "@other/title", "nothing",
      "@dark/nothing", "card/title", "@dark/title", "title",
    ]
    var writer = AnswerWriter()
    for round in 0..<2 {
      if round == 1 {
        // A reload: the same load positions now hold other rules.
        engine.replace(with: [
          try StyleSheet(yaml: "styles:\n  card/title: { size: 20 }\n  title: { size: 10 }\n", name: "new.yaml")
        ])
      }
      try Self.expectSameAnswers(engine, nodes, &writer, "round \(round)")
    }
  }
}

extension AnswerWriterTests {
  /// Lines with sets of themes over two axes, and an engine with themes:
  /// the same bytes as the one writer, and the themes each line ran under.
  @Test func writesWhatTheOneWriterWritesAcrossAxes() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(contentsOf: FixturePaths.path("sheets/axes.yaml"))])
    let nodes = [
      "title", "@dark/title", "@compact/title", "@dark/@compact/title", "@light/card/title", "label", "@dark/label",
      "@compact/label", "@dark/@compact/label", "card/label", "title",
    ]
    var writer = AnswerWriter()
    for themes in [[], ["dark"], ["light", "compact"]] as [Set<String>] {
      engine.themes = themes
      try Self.expectSameAnswers(engine, nodes, &writer, "themes \(themes)")
    }
  }
}
