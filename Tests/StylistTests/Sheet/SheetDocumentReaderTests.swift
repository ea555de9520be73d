import Foundation
import Testing

@testable import Stylist

/// A sheet is read while it is parsed (`SheetDocumentReader`): top-level
/// entries and `styles` entries as they complete, most bodies without nodes.
/// A root the composer cannot stream (here: an anchored one, `&oracle` on a
/// line of its own above the sheet) is composed and read by the same
/// `SheetReader` functions. Both must give the same sheet and the same
/// diagnostics, one line lower.
@Suite struct SheetDocumentReaderTests {
  /// Loads `path` as written and an anchored copy beside it (so imports
  /// resolve alike): rules, default, warnings and themes, or diagnostics,
  /// must be equal once the copy's name and lines are mapped back.
  static func expectSameLoad(_ path: String, _ comment: Comment? = nil) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    // A document marker must stay first; an import cycle through the copy is another cycle.
    guard !bytes.starts(with: Data("---".utf8)), !bytes.starts(with: Data("%".utf8)), !path.contains("import-cycle")
    else { return }
    let folder = (path as NSString).deletingLastPathComponent
    let copy = folder + "/.oracle-\(UUID()).yaml"
    try (Data("&oracle\n".utf8) + bytes).write(to: URL(fileURLWithPath: copy))
    defer { try? FileManager.default.removeItem(atPath: copy) }
    // libyaml on a second thread for one, on this one for the other: the events are the same.
    let streamed = Result { () throws(SheetLoadError) in
      try StyleSheet(contentsOf: path, options: .init(backgroundParsingThreshold: 0))
    }
    let composed = Result { () throws(SheetLoadError) in
      try StyleSheet(contentsOf: copy, options: .init(backgroundParsingThreshold: .max))
    }
    let back = Renaming(from: copy, to: path)
    switch (streamed, composed) {
    case (.success(let a), .success(let b)):
      #expect(a.rules == b.rules.map(back.rule), comment)
      #expect(a.defaultStyle == b.defaultStyle.map(back.style), comment)
      #expect(a.warnings == b.warnings.map(back.diagnostic), comment)
      #expect(a.themes == b.themes, comment)
    case (.failure(let a), .failure(let b)):
      #expect(a.diagnostics == b.diagnostics.map(back.diagnostic), comment)
    default:
      Issue.record("composing the root changed whether the load succeeds: \(comment?.rawValue ?? path)")
    }
  }

  /// Maps what the anchored copy reports back to the original file: its
  /// name, and its lines one up (in locations and in messages that quote them).
  struct Renaming {
    let from: String
    let to: String

    func location(_ location: Stylist.SourceLocation) -> Stylist.SourceLocation {
      guard location.file == from else { return location }
      return Stylist.SourceLocation(file: to, line: location.line - 1, column: location.column)
    }

    func style(_ style: Style) -> Style {
      Style(properties: style.properties, themed: style.themed, source: style.source.map(location))
    }

    func rule(_ rule: StyleRule) -> StyleRule {
      StyleRule(selector: rule.selector, name: rule.name, style: style(rule.style))
    }

    func diagnostic(_ diagnostic: SheetDiagnostic) -> SheetDiagnostic {
      var mapped = diagnostic
      mapped.location = location(diagnostic.location)
      mapped.message = message(diagnostic.message)
      return mapped
    }

    /// `file:line:col` of the copy, and `at line:col` (the copy's own), one line up.
    func message(_ text: String) -> String {
      var result = text
      let escaped = NSRegularExpression.escapedPattern(for: from)
      for pattern in ["\(escaped):([0-9]+):([0-9]+)", "(?<=at )([0-9]+):([0-9]+)"] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let whole = NSRange(result.startIndex..., in: result)
        for match in regex.matches(in: result, range: whole).reversed() {
          let line = Int((result as NSString).substring(with: match.range(at: 1)))! - 1
          let column = (result as NSString).substring(with: match.range(at: 2))
          let prefix = pattern.hasPrefix("(?<=") ? "" : to + ":"
          result = (result as NSString).replacingCharacters(in: match.range, with: "\(prefix)\(line):\(column)")
        }
      }
      return result
    }
  }

  /// Writes `yaml` to a temporary file and loads it both ways.
  static func expectSameLoad(yaml: String, _ comment: Comment? = nil) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-stream-\(UUID()).yaml")
    try Data(yaml.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    try expectSameLoad(file.path, comment)
  }

  @Test func everyFixtureLoadsTheSameStreamedAndComposed() throws {
    let root = FixturePaths.path("")
    let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    let sheets = files.filter { $0.hasSuffix(".yaml") && !$0.contains("trees") }
    #expect(sheets.count >= 20)
    for sheet in sheets { try Self.expectSameLoad(root + sheet, "\(sheet)") }
  }

  @Test(arguments: [
    // Merge keys in `styles`: merged entries first, written keys win.
    "styles:\n  <<: {\"a/t\": {color: red}, \"b/t\": {color: blue}}\n  \"a/t\": {color: green}\n  c/t: {size: 1}\n",
    "styles:\n  <<: [{x/t: {size: 1}}, {y/t: {size: 2}}]\n  z/t: {size: 3}\n",
    "styles:\n  a/t: {color: red}\n  <<: 5\n  b/t: [bad]\n",
    // Anchors and aliases: an anchored body, an anchored value, an aliased key.
    "styles:\n  a/t: &b {color: red}\n  b/t: *b\n  c/t: {color: &c blue, size: *c}\n",
    "styles: &s\n  a/t: {color: red}\nthemes:\n  dark:\n    styles: *s\n",
    "default: &d {color: red}\nstyles:\n  a/t: *d\n  b/t: {<<: *d, size: 2}\n",
    // Bodies that need nodes part-way: variables, extends, tags, nesting, lists.
    "variables: {c: red}\nstyles:\n  a/t: {color: $c, size: 1}\n  b/t: {size: 1, extends: a/t}\n",
    "styles:\n  a/t: {size: 1, font: {name: x}}\n  b/t: {size: !!str 1, list: [1, 2]}\n  c/t: {\"<<\": 1}\n",
    "styles:\n  a/t: {size: 1, extends: [a/t]}\n  b/t: {size: 1, extends: {x: y}}\n",
    // Keys: complex, tagged, quoted, null and scalar bodies, empty components, errors.
    "styles:\n  ? [a, b]\n  : {color: red}\n  !!str a/t: {color: red}\n  \"b//t\": {color: blue}\n",
    "styles:\n  a/t:\n  b/t: red\n  c/t: [x]\n  \"a[/t\": {x: 1}\n  \"@dark\": {x: 1}\n",
    // Duplicates in a body and in `styles`, and selectors that only differ in spelling.
    "styles:\n  a/t: {color: red, color: blue}\n  a/t: {size: 1}\n  \"*/a/t\": {size: 2}\n",
    // Where `styles` is not streamed: tagged, quoted key, themes, groups, documents.
    "styles: !!map\n  a/t: {color: red}\n\"styles\":\n  b/t: {color: red}\n",
    "styles:\n  a/t: {color: red}\n---\nstyles:\n  a/t: {color: blue}\n  b/t: {size: 1}\n",
    "groups:\n  g:\n    a/t: {color: red}\nstyles:\n  g/a/t: {color: blue}\nthemes:\n  dark:\n    styles:\n      a/t: {x: 1}\n",
    "styles:\n  a/t: {color: red}\nstyles:\n  b/t: {color: blue}\nversion: 2\n",
    // The top level: `imports` reported first wherever it is; merge keys at the root.
    "styles:\n  a/t: {color: red}\n  b/t: [x]\nimports: [5]\nversion: 2\n",
    "<<: {groups: {g: {b/t: {x: 1}}}, mode: classic}\nstyles:\n  a/t: {x: 2}\n",
    "styles:\n  a/t: {x: 1}\n<<: {styles: {b/t: {x: 3}}, version: 3}\nversion: 2\n",
    "styles:\n  a/t: [x]\n<<: 5\n",
    "imports: [5]\n<<: [{version: 2}, {mode: odd}]\nthemes: {dark: {styles: {a/t: {x: 1}}}}\n",
  ])
  func edgeCasesLoadTheSame(yaml: String) throws {
    try Self.expectSameLoad(yaml: yaml, "\(yaml)")
  }

  /// What a streamed document reports, located: a broken merge at the root
  /// leaves the document unread (the list body below is not reported), and
  /// the top level reports in document order whatever reads first.
  @Test(arguments: [
    (
      "styles:\n  a/t: [x]\n<<: 5\n",
      ["app.yaml:3:5: error: a merge key '<<' takes a map or a list of maps, not a scalar"]
    ),
    (
      "styles:\n  a/t: {x: 1}\n  b/t: [x]\nimports: [5]\nversion: 2\n",
      [
        "app.yaml:3:8: error: style 'b/t' must be a map of properties, not a list",
        "app.yaml:4:11: error: import not found: '5'",
        "app.yaml:5:10: error: unsupported version '2' (only 1 is known)",
      ]
    ),
  ])
  func streamedDocumentsReportLocatedErrors(yaml: String, expected: [String]) {
    let loaded = Result { () throws(SheetLoadError) in try StyleSheet(yaml: yaml, name: "app.yaml") }
    guard case .failure(let error) = loaded else {
      Issue.record("the sheet loaded")
      return
    }
    #expect(error.diagnostics.map(\.description) == expected)
  }

  @Test func mergedStylesGiveWayToWrittenOnes() throws {
    let sheet = try StyleSheet(
      yaml: "styles:\n  <<: {\"a/t\": {color: red}, \"b/t\": {color: blue}}\n  \"a/t\": {color: green}\n")
    #expect(sheet.rules.map(\.name) == ["b/t", "a/t"])
    #expect(sheet.rules.last?.style.properties["color"] == .string("green"))
  }

  @Test func anAliasedBodyIsTheSameStyle() throws {
    let sheet = try StyleSheet(yaml: "styles:\n  a/t: &b {color: red}\n  b/t: *b\n")
    #expect(sheet.rules.map { $0.style.properties } == [["color": .string("red")], ["color": .string("red")]])
  }

  @Test func aBrokenMergeLeavesStylesUnread() {
    #expect(throws: SheetLoadError.self) { try StyleSheet(yaml: "styles:\n  a/t: {color: red}\n  <<: 5\n") }
    do {
      _ = try StyleSheet(yaml: "styles:\n  a/t: {color: red}\n  <<: 5\n  b/t: [x]\n")
    } catch {
      // `b/t`'s list body is not reported: the mapping was not read.
      #expect(error.diagnostics.map(\.message) == ["a merge key '<<' takes a map or a list of maps, not a scalar"])
    }
  }
}
