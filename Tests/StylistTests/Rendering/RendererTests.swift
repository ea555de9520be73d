import Foundation
import Testing

@testable import Stylist

/// The renderers called as a library: each format of an answer, a tree, an
/// explanation and diagnostics is byte for byte what the command line
/// prints for them (`Fixtures/expected/`, written by the `stylist` binary).
@Suite struct RendererTests {
  let demo: StyleEngine

  init() throws {
    demo = StyleEngine(sheets: [try StyleSheet(contentsOf: FixturePaths.path("demo/demo.yaml"))])
  }

  /// The expected output, and `rendered` with the fixtures' folder taken
  /// out of its locations, as the command line (run in it) names files.
  func expect(_ rendered: String, equals name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
  {
    let expected = try String(contentsOfFile: FixturePaths.path("expected/" + name), encoding: .utf8)
    #expect(FixturePaths.relative(rendered) == expected, sourceLocation: sourceLocation)
  }

  func answers(_ nodes: [String], on engine: StyleEngine, cascade: Bool = false) throws -> [(
    node: String, answer: Resolution
  )] {
    try nodes.map { text in
      let node = try NodeIdentifier(parsing: text)
      return (text, cascade ? engine.cascade(for: node) : engine.bestMatch(for: node))
    }
  }

  @Test func answersAsTextAreWhatMatchPrints() throws {
    let answers = try answers(["home/header/searchBar/label", "nothing", "@dark/home/title"], on: demo)
    try expect(TextRenderer().answers(answers), equals: "match-text.txt")
  }

  @Test func answersAsJSONAreWhatMatchPrints() throws {
    let answers = try answers(["client/searchbar[disabled]/close", "card/title", "nothing"], on: demo)
    try expect(JSONRenderer().answers(answers), equals: "match-json.txt")
    let cascades = try self.answers(["primaryButton", "button[disabled]/label"], on: demo, cascade: true)
    try expect(JSONRenderer().answers(cascades), equals: "match-cascade.txt")
  }

  @Test func treeAnswersAsYAMLAreWhatResolvePrints() throws {
    let tree = try StyleTree(contentsOf: FixturePaths.path("demo/tree.yaml"))
    let answers = zip(tree.identifiers, demo.resolve(tree)).map { (node: $0.description, answer: $1) }
    try expect(YAMLRenderer().answers(answers), equals: "resolve-yaml.txt")
  }

  @Test func explanationsAreWhatExplainPrints() throws {
    try expect(
      TextRenderer().explanation(
        demo.explain("home/header[selected]/searchBar/label"),
        node: "home/header[selected]/searchBar/label"),
      equals: "explain-text.txt")
    demo.theme = "dark"
    try expect(
      JSONRenderer().explanation(demo.explain("card/background"), node: "card/background"), equals: "explain-json.txt")
  }

  @Test func diagnosticsAreWhatLintPrints() throws {
    let diagnostics = StyleSheet.diagnose([FixturePaths.path("sheets/app.yaml")])
    try expect(JSONRenderer().diagnostics(diagnostics), equals: "lint-json.txt")
    let text = ["demo/demo.yaml", "sheets/app.yaml", "bad/many-errors.yaml"].map { name in
      TextRenderer().diagnostics(StyleSheet.diagnose([FixturePaths.path(name)]), of: name)
    }
    try expect(text.joined(), equals: "lint-text.txt")
  }

  /// The one JSON writer of an answer (behind `batch` too) writes what its
  /// fields, as the values YAML is written from, come to in JSON; and the
  /// YAML of an explanation or a diagnostic holds the fields of its JSON.
  @Test func everyFormatSaysTheSameFields() throws {
    let nodes = ["home/title", "nothing", "@dark/card/background", "button[disabled]/label"]
    for cascade in [false, true] {
      for (node, answer) in try answers(nodes, on: demo, cascade: cascade) {
        #expect(JSONRenderer().answer(answer, node: node) == answer.record(node: node).jsonText)
        #expect(YAMLRenderer().answer(answer, node: node) == answer.record(node: node).yamlText())
      }
    }
    let explanation = demo.explain("card/background")
    let yaml = YAMLRenderer().explanation(explanation, node: "card/background")
    #expect(yaml.hasPrefix("node: card/background\ntheme: null\nmode: themed\ncandidates:\n  -\n    selector: "))
    #expect(yaml.contains("\nresult:\n  node: card/background\n  selector: card/>background\n"))
    let warning = SheetDiagnostic(
      .warning, "no loaded sheet mentions theme 'drak'", kind: .unknownTheme,
      at: Stylist.SourceLocation(file: "a.yaml", line: 2, column: 5), suggestion: "dark")
    #expect(
      YAMLRenderer().diagnostics([warning])
        == "-\n  file: a.yaml\n  line: 2\n  column: 5\n  severity: warning\n  kind: unknown-theme\n"
        + "  message: no loaded sheet mentions theme 'drak'\n  suggestion: dark\n")
  }

  /// `batch`'s lines: an answer a line, and for a line that is not a node
  /// the object saying why, at its column.
  @Test func batchLinesAreWhatBatchPrints() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(contentsOf: FixturePaths.path("seed/spec-example.yaml"))])
    var lines: [String] = []
    for (number, text) in ["home/title", "bad/*/node", "@dark/card/background", "not/styled/anywhere"].enumerated() {
      do {
        lines.append(JSONRenderer().answer(try engine.bestMatch(parsing: text), node: text))
      } catch {
        let location = Stylist.SourceLocation(file: "<stdin>", line: number + 1, column: error.column)
        lines.append(JSONRenderer().unanswered(node: text, at: location, message: error.message))
      }
    }
    try expect(lines.map { $0 + "\n" }.joined(), equals: "batch.txt")
    #expect(
      JSONRenderer().unanswered(node: nil, at: .init(file: "<stdin>", line: 3, column: 1), message: "too \"long\"")
        == #"{"node":null,"error":"<stdin>:3:1: too \"long\""}"#)
  }

  @Test func imageNamesAndDumpsAreWhatTheirCommandsPrint() throws {
    let node = try NodeIdentifier(parsing: "client/searchbar[disabled]/image")
    let names = ImageNames(node: node, themes: [], mode: .themed, options: ImageNameOptions())
    try expect(TextRenderer().imageNames([("client/searchbar[disabled]/image", names)]), equals: "images-variant.txt")
    let two = [("a/b", names), ("q\"uote", names)]
    let json = JSONRenderer().imageNames(two)
    #expect(json.hasPrefix("[\n{\"node\":\"a/b\",\"names\":[\"client_searchbar[disabled]_image\","))
    #expect(json.contains("\n{\"node\":\"q\\\"uote\",\"names\":["))
    #expect(json.hasSuffix("]}\n]\n"))
    #expect(TextRenderer().imageNames(two).hasPrefix("a/b\n  client_searchbar[disabled]_image\n"))
    let sheet = try StyleSheet(contentsOf: FixturePaths.path("seed/spec-example.yaml"))
    try expect(YAMLRenderer().resolvedSheet(sheet, themes: ["dark"]), equals: "dump-yaml.txt")
    #expect(
      YAMLRenderer().resolvedSheet(sheet, themes: ["dark", "x"]).hasPrefix(
        "# Resolved under themes 'dark', 'x'; loads back as a sheet.\nmode: themed\n"))
    #expect(YAMLRenderer().resolvedSheet(sheet, themes: []).hasPrefix("mode: themed\n"))
  }

  @Test func paletteMarksOnlyWhenItUsesColour() throws {
    let answer = StyleEngine(sheets: [try StyleSheet(yaml: "styles: {}")]).bestMatch(for: "nothing")
    #expect(TextRenderer().answer(answer, node: "nothing") == "nothing\n  no style\n")
    #expect(
      TextRenderer(palette: TextPalette(usesColour: true)).answer(answer, node: "nothing")
        == "\u{1B}[1mnothing\u{1B}[0m\n  \u{1B}[31mno style\u{1B}[0m\n")
  }

  /// A node's themes are checked on the sheets as a query from text checks
  /// them: two of one axis are an error at the second one's `@`, and a
  /// theme no sheet mentions gets the warning the library words.
  @Test func nodeThemesAreCheckedWithTheirColumn() throws {
    let sheet = try StyleSheet(
      yaml: """
        axes:
          appearance: [light, dark]
        styles:
          title: { color: "#111111" }
        """, name: "axes.yaml")
    let engine = StyleEngine(sheets: [sheet])
    // `@dark` is found as a part, not inside `@darker`.
    #expect(throws: SyntaxError("'light' and 'dark' are both on axis 'appearance'", column: 16)) {
      try engine.checkNode(parsing: "@darker/@light/@dark/title")
    }
    #expect(try engine.checkNode(parsing: "@dark/title") == NodeIdentifier(theme: "dark", token: "title"))
    let warning = engine.unknownThemeWarning("drak", at: Stylist.SourceLocation(wholeOf: "<command line>"))
    #expect(
      warning?.description
        == "<command line>: warning: no loaded sheet mentions theme 'drak'; did you mean 'dark'? [unknown-theme]")
  }
}
