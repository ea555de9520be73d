import Foundation
import Testing

@testable import Stylist

/// Reading top-level `styles:` while parsing (`StyleStream`) must give the
/// same sheet and the same diagnostics as composing the whole document.
@Suite struct StyleStreamTests {
  /// Loads `paths` composed on one thread, and streamed with libyaml on a
  /// second thread (whatever the size): both rules and warnings, or both
  /// diagnostics, must be equal.
  static func expectSameLoad(_ paths: [String], _ comment: Comment? = nil) {
    let streamed = Result { () throws(SheetLoadError) in
      try StyleSheet(contentsOf: paths, options: .init(backgroundParsingThreshold: 0), streamsStyles: true)
    }
    let composed = Result { () throws(SheetLoadError) in
      try StyleSheet(contentsOf: paths, options: .init(backgroundParsingThreshold: .max), streamsStyles: false)
    }
    switch (streamed, composed) {
    case (.success(let a), .success(let b)):
      #expect(a.rules == b.rules, comment)
      #expect(a.defaultStyle == b.defaultStyle, comment)
      #expect(a.warnings == b.warnings, comment)
      #expect(a.themes == b.themes, comment)
    case (.failure(let a), .failure(let b)):
      #expect(a.diagnostics == b.diagnostics, comment)
    default:
      Issue.record("streaming changed whether the load succeeds", sourceLocation: .__here())
    }
  }

  /// Writes `yaml` to a temporary file and loads it both ways.
  static func expectSameLoad(yaml: String, _ comment: Comment? = nil) throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-stream-\(UUID()).yaml")
    try Data(yaml.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    expectSameLoad([file.path], comment)
  }

  @Test func everyFixtureLoadsTheSameWithAndWithoutStreaming() throws {
    let root = FixturePaths.path("")
    let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    let sheets = files.filter { $0.hasSuffix(".yaml") && !$0.contains("trees") }
    #expect(sheets.count >= 20)
    for sheet in sheets { Self.expectSameLoad([root + sheet], "\(sheet)") }
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
  ])
  func edgeCasesLoadTheSame(yaml: String) throws {
    try Self.expectSameLoad(yaml: yaml, "\(yaml)")
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
