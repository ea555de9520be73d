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

  @Test func treeThemesAndGroupsAreCheckedInOrder() throws {
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
    let conflict = try #require(engine.themeDiagnostics(of: tree, file: "t.yaml").last)
    #expect(conflict.quote == SourceQuote("@dark/@light/title", column: 7))
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
  /// of one axis an error at the second, each where it was given (the
  /// option's Nth value is line N, the column where the name starts).
  @Test func optionThemesAreWarnedAboutThenCheckedWhereGiven() {
    let option = ThemeOption(["dark, drak", " light"], named: "--theme")
    #expect(option.themes == ["dark", "drak", "light"])
    #expect(
      engine.themeDiagnostics(of: option).map(\.description) == [
        "--theme:1:7: warning: no loaded sheet mentions theme 'drak'; did you mean 'dark'? [unknown-theme]",
        "--theme:2:2: error: 'dark' and 'light' are both on axis 'appearance'",
      ])
    #expect(engine.themeDiagnostics(of: ThemeOption(["dark"], named: "--theme")).isEmpty)
    #expect(option.value(at: 1).given == [.init(name: "light", location: .init(file: "--theme", line: 2, column: 2))])
  }

  /// A theme is located at its first mention, once, through repeats and
  /// empty names.
  @Test func optionThemesAreEachOnceAtTheirFirstPlace() {
    let option = ThemeOption(["a,,b", "b, a ,c"], named: "--theme")
    #expect(option.given.map(\.name) == ["a", "b", "c"])
    #expect(option.given.map(\.location.description) == ["--theme:1:1", "--theme:1:4", "--theme:2:7"])
  }

  /// A node's unknown themes are warned about at their `@`, quoting the
  /// node, each once for one set of checked themes.
  @Test func nodeThemesAreWarnedAboutAtTheirAtSignOnce() {
    var checked: Set<String> = ["drk"]
    let first = engine.unknownThemeWarnings(inNode: "@dark/@drak/title", file: "nodes.txt", line: 3, skipping: &checked)
    #expect(
      first.map(\.description) == [
        "nodes.txt:3:7: warning: no loaded sheet mentions theme 'drak'; did you mean 'dark'? [unknown-theme]"
      ])
    #expect(first.first?.quote == SourceQuote("@dark/@drak/title", column: 7))
    #expect(checked == ["drk", "dark", "drak"])
    #expect(engine.unknownThemeWarnings(inNode: "@drak/@drk/x", file: "n", skipping: &checked).isEmpty)
    #expect(engine.unknownThemeWarnings(inNode: "a/*/b", file: "n", skipping: &checked).isEmpty)
  }

  /// A tree's theme groups naming unknown themes are warned about once,
  /// at the first group; the tree's `theme:` counts as naming its themes.
  @Test func treeThemeGroupsAreWarnedAboutOnce() {
    let tree = StyleTree(
      themes: ["lihgt"],
      items: [
        .init(depth: 0, kind: .group("@drak"), source: at(2)),
        .init(depth: 1, kind: .group("@light"), source: at(3)),
        .init(depth: 2, kind: .atom("title"), source: at(4)),
        .init(depth: 0, kind: .group("@drak"), source: at(5)),
        .init(depth: 1, kind: .atom("title"), source: at(6)),
        .init(depth: 0, kind: .group("@lihgt"), source: at(7)),
        .init(depth: 1, kind: .atom("title"), source: at(8)),
      ])
    #expect(
      engine.themeDiagnostics(of: tree, file: "t.yaml").map(\.description) == [
        "t.yaml: warning: no loaded sheet mentions theme 'lihgt'; did you mean 'light'? [unknown-theme]",
        "t.yaml:2:3: warning: no loaded sheet mentions theme 'drak'; did you mean 'dark'? [unknown-theme]",
      ])
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
      #expect(diagnostic.quote == SourceQuote(text, column: diagnostic.location.column))
      #expect(diagnostic.kind == .invalidNode)
    }
  }
}
