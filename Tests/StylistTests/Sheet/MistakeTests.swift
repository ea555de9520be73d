import Foundation
import Testing

@testable import Stylist

/// Typo hints, one error per mistake, YAML errors in the user's terms,
/// theme checks and diagnostic kinds: exact messages and locations.
@Suite struct MistakeTests {
  private func diagnostics(_ yaml: String) -> [SheetDiagnostic] {
    do {
      let sheet = try StyleSheet(yaml: yaml, name: "app.yaml")
      return sheet.warnings
    } catch {
      return error.diagnostics
    }
  }

  private func messages(_ yaml: String) -> [String] { diagnostics(yaml).map(\.description) }

  @Test func suggestionsAreCloseNamesOnly() {
    #expect(Suggestion.closest(to: "drak", among: ["light", "dark"]) == "dark")
    #expect(
      Suggestion.closest(to: "palete.primary", among: ["palette.primary", "palette.secondary"]) == "palette.primary")
    #expect(Suggestion.closest(to: "headlin", among: ["headline", "title"]) == "headline")
    #expect(Suggestion.closest(to: "Title", among: ["title"]) == "title")
    #expect(Suggestion.closest(to: "xyz", among: ["dark", "title"]) == nil)
    #expect(Suggestion.closest(to: "ab", among: ["cd"]) == nil)
    #expect(Suggestion.closest(to: "dark", among: ["dark"]) == nil)
    // Ties go to the first listed; nearer beats farther whatever the order.
    #expect(Suggestion.closest(to: "lable", among: ["label", "table"]) == "label")
    #expect(Suggestion.closest(to: "colour.text", among: ["colors.text", "colour.texts"]) == "colour.texts")
  }

  @Test func unknownNamesSuggestCloseOnes() {
    let found = diagnostics(
      """
      variables:
        palette: { primary: red }
      styles:
        headline: { color: $palete.primary }
        title: { extends: headlin }
      """)
    #expect(
      found.map(\.description) == [
        "app.yaml:4:22: error: unknown variable 'palete.primary'; did you mean 'palette.primary'?",
        "app.yaml:5:21: error: extends unknown selector 'headlin'; did you mean 'headline'?",
      ])
    #expect(found.map(\.suggestion) == ["palette.primary", "headline"])
    #expect(found.map(\.kind) == [.unknownVariable, .unknownExtends])
  }

  @Test func aMissingImportIsOneErrorWithItsHint() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("variables: { ink: red }\n".utf8).write(to: folder.appendingPathComponent("tokens.yaml"))
    let app = """
      imports: [tokenz.yaml]
      styles:
        title: { color: $ink }
        label: { color: $paper }
        card: { color: $ink, extends: heading }
        "@dark/title": { color: $ink }
      """
    try Data(app.utf8).write(to: folder.appendingPathComponent("app.yaml"))
    let path = folder.appendingPathComponent("app.yaml").path
    let found = StyleSheet.diagnose([path])
    #expect(
      found.map(\.description) == [
        "\(path):1:11: error: import not found: '\(folder.path)/tokenz.yaml'; did you mean '\(folder.path)/tokens.yaml'? (5 errors about names it may define not reported)"
      ])
    #expect(found.first?.kind == .importNotFound)
    #expect(found.first?.suggestion == "\(folder.path)/tokens.yaml")
  }

  @Test(arguments: [
    ("styles:\n\ttitle: { a: 1 }\n", "app.yaml:2:1: error: a tab character here: YAML indents with spaces, not tabs"),
    (
      "styles:\n  title: { a: \"red }\n",
      "app.yaml:3:1: error: unclosed quote: the string that starts at 2:15 has no closing quote"
    ),
    (
      "styles:\n  title: [1, 2\n",
      "app.yaml:3:1: error: unclosed '[': the list that starts at 2:10 needs ',' between items and a closing ']'"
    ),
    (
      "styles:\n  title: { a: 1\n  label: { b: 2 }\n",
      "app.yaml:3:8: error: unclosed '{': the map that starts at 2:10 needs ',' between entries and a closing '}'"
    ),
    (
      "styles:\n  title: color: red\n",
      "app.yaml:2:15: error: a ': ' inside a value: put the key on a line of its own, or quote the value"
    ),
    (
      "styles:\n  title:\n    color:red\n",
      "app.yaml:3:5: error: style 'title' must be a map of properties, not a scalar; 'color:' needs a space after the ':' to start a key"
    ),
    (
      "styles:\n  title:\n    a: 1\n   b: 2\n",
      "app.yaml:4:4: error: this line is indented differently from the map it belongs to, which starts at 2:3"
    ),
  ])
  func yamlErrorsInTheUsersTerms(yaml: String, expected: String) {
    let found = diagnostics(yaml)
    #expect(found.map(\.description) == [expected])
  }

  @Test func themesOneTypoApartAreFlaggedAtTheMistypedOne() throws {
    let yaml = """
      themes:
        dark:
          variables: { ink: white }
      variables: { ink: black }
      styles:
        title: { color: $ink }
        "@dark/title": { color: $ink }
        "@drak/button": { color: $ink }
        "@dark/button": { color: $ink }
      """
    let sheet = try StyleSheet(yaml: yaml, name: "app.yaml")
    let warnings = ThemeNames.similarThemeWarnings(declared: sheet.themes, rules: sheet.rules)
    #expect(
      warnings.map(\.description) == [
        "app.yaml:8:3: warning: theme 'drak' is one typo away from theme 'dark'; did you mean 'dark'? [similar-theme]"
      ])
    let engine = StyleEngine(sheets: [sheet])
    #expect(engine.knownThemes == ["dark", "drak"])
    let at = SourceLocation(file: "<command line>", line: 1, column: 1)
    #expect(engine.unknownThemeWarning("dark", at: at) == nil)
    #expect(
      engine.unknownThemeWarning("drk", at: at)?.description
        == "<command line>:1:1: warning: no loaded sheet mentions theme 'drk'; did you mean 'dark'? [unknown-theme]")
    #expect(engine.unknownThemeWarning("blue", at: at)?.suggestion == nil)
  }

  @Test func everyKindHasOneStableName() {
    let names = DiagnosticKind.all.map(\.rawValue)
    #expect(Set(names).count == names.count)
    #expect(names.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
    #expect(
      diagnostics("version: 2\nmode: wild\nfoo: 1\nstyles:\n  a/*[x]: {}\n  b: { c: $c }\n").map(\.kind) == [
        .invalidSetting, .invalidSetting, .unknownKey, .invalidSelector, .unknownVariable,
      ])
  }

  /// `dump --theme T --format yaml` loads back as a sheet that answers as
  /// the original does under T.
  @Test(arguments: ["dark", "light"])
  func theResolvedSheetLoadsBackWithTheSameAnswers(theme: String) throws {
    let original = try StyleSheet(contentsOf: FixturePaths.path("demo/demo.yaml"))
    let yaml = original.resolvedSheet(themes: [theme]).yamlText()
    let reloaded = try StyleSheet(yaml: yaml, name: "dump.yaml")
    let options = QueryOptions(theme: theme, mode: original.mode ?? .themed)
    let (before, after) = (StyleIndex(sheets: [original]), StyleIndex(sheets: [reloaded]))
    let tree = try StyleTree(contentsOf: FixturePaths.path("demo/tree.yaml"))
    let nodes =
      tree.identifiers
      + original.rules.map { NodeIdentifier(theme: nil, path: [], token: $0.selector.token.name.description) }
      + ["home/header/searchBar/label", "card[highlighted]/title", "nothing", "client/searchbar[disabled]/close"]
    for node in nodes where !node.token.contains("*") {
      let (a, b) = (before.bestMatch(for: node, options: options), after.bestMatch(for: node, options: options))
      #expect(a.match?.rule.name == b.match?.rule.name, "\(node)")
      #expect(a.properties == b.properties, "\(node)")
    }
    let dollars = try StyleSheet(yaml: "styles:\n  price: { text: \"$$5 and $${x}\" }\n")
    let back = try StyleSheet(yaml: dollars.resolvedSheet(themes: []).yamlText())
    #expect(back.rules[0].style.properties["text"] == "$5 and ${x}")
  }

  /// Tree files are parsed and located as sheets are (one function for
  /// both): a syntax error reports alone; a duplicate key with both places.
  @Test func treeFileErrorsAreLocated() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-tree-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func errors(_ text: String) throws -> [String] {
      let path = folder.appendingPathComponent("tree.yaml").path
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      let error = try #require(throws: SheetLoadError.self) { try StyleTree(contentsOf: path) }
      return error.diagnostics.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
    }
    #expect(
      try errors("tree:\n  - style: [a\n") == [
        "tree.yaml:3:1: error: unclosed '[': the list that starts at 2:12 needs ',' between items and a closing ']'"
      ])
    #expect(
      try errors("tree:\n  - style: a\n    style: b\n") == [
        "tree.yaml:3:5: error: duplicate key 'style' (first defined at 2:5)"
      ])
  }
}
