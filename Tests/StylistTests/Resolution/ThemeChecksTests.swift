import Testing

@testable import Stylist

/// The engine words what is said about the themes a query names: a tree's
/// themes and theme groups, located, up to the first error.
@Suite struct ThemeChecksTests {
  let engine: StyleEngine

  init() throws {
    let sheet = try StyleSheet(
      yaml: """
        axes:
          appearance: [light, dark]
        styles:
          title: { color: "#111111" }
        """)
    engine = StyleEngine(sheets: [sheet])
  }

  func at(_ line: Int) -> Stylist.SourceLocation { Stylist.SourceLocation(file: "t.yaml", line: line, column: 3) }

  @Test func treeThemesAndGroupsAreCheckedInOrder() {
    let tree = StyleTree(
      themes: ["drak"],
      items: [
        .init(depth: 0, kind: .group("card"), source: at(2)),
        .init(depth: 1, kind: .group("@dark"), source: at(3)),
        .init(depth: 2, kind: .atom("title"), source: at(4)),
        .init(depth: 0, kind: .group("@dark"), source: at(5)),
        .init(depth: 1, kind: .group("@light"), source: at(6)),
        .init(depth: 2, kind: .atom("title"), source: at(7)),
      ])
    #expect(
      engine.themeDiagnostics(of: tree, file: "t.yaml").map(\.description) == [
        "t.yaml: warning: no loaded sheet mentions theme 'drak'; did you mean 'dark'? [unknown-theme]",
        "t.yaml:3:3: warning: group '@dark' is inside another group, so it is a component, not theme 'dark' "
          + "(a group names a theme only outside every other group) [theme-group]",
        "t.yaml:7:3: error: invalid node '@dark/@light/title': 'dark' and 'light' are both on axis 'appearance'",
      ])
  }

  /// The tree's own themes apply only when the engine has none: then two
  /// of one axis are the one error; otherwise they are not checked.
  @Test func treeThemesAreCheckedOnlyWhenTheyApply() {
    let tree = StyleTree(themes: ["dark", "light"], items: [.init(depth: 0, kind: .atom("title"))])
    #expect(
      engine.themeDiagnostics(of: tree, file: "t.yaml").map(\.description) == [
        "t.yaml: error: 'dark' and 'light' are both on axis 'appearance'"
      ])
    engine.theme = "dark"
    #expect(engine.themeDiagnostics(of: tree, file: "t.yaml").isEmpty)
  }

  /// Themes given as one option: each unknown one warned about, then two
  /// of one axis an error, all where the option was given.
  @Test func optionThemesAreWarnedAboutThenChecked() {
    let commandLine = Stylist.SourceLocation(wholeOf: "<command line>")
    #expect(
      engine.themeDiagnostics(ofOption: ["drak", "dark", "light"], named: "--theme", at: commandLine).map(
        \.description) == [
          "<command line>: warning: no loaded sheet mentions theme 'drak'; did you mean 'dark'? [unknown-theme]",
          "<command line>: error: --theme: 'dark' and 'light' are both on axis 'appearance'",
        ])
    #expect(engine.themeDiagnostics(ofOption: ["dark"], named: "--theme", at: commandLine).isEmpty)
  }

  /// A node's syntax error, and two themes of one axis in it, are worded
  /// as a tree's atom is, at the column of the problem.
  @Test func aNodeArgumentIsReportedAtItsColumn() throws {
    for (text, expected) in [
      ("a/*/b", "<command line>:1:3: error: invalid node 'a/*/b': wildcards are only allowed in selectors"),
      (
        "@dark/@light/title",
        "<command line>:1:7: error: invalid node '@dark/@light/title': 'dark' and 'light' are both on axis 'appearance'"
      ),
    ] {
      let error = #expect(throws: SyntaxError.self) { try engine.checkNode(parsing: text) }
      let diagnostic = try #require(error).diagnostic(inNode: text, file: "<command line>")
      #expect(diagnostic.description == expected)
      #expect(diagnostic.kind == .invalidNode)
    }
  }
}
