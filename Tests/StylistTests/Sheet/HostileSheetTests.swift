import Foundation
import Testing

@testable import Stylist

/// Hostile sheets that the library handles directly.
@Suite struct HostileSheetTests {
  /// The diagnostics of loading `yaml` as the file `name`, which must fail,
  /// each as printed, with its kind.
  private func failure(_ yaml: String, name: String) throws -> [(text: String, kind: DiagnosticKind)] {
    let error = try #require(throws: SheetLoadError.self) { try StyleSheet(yaml: yaml, name: name) }
    return error.diagnostics.map { ($0.description, $0.kind) }
  }

  private func temporaryFolder(_ name: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-\(name)-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func selectorWithThousandGlobs() throws {
    let selector = try StyleSelector(parsing: (0..<1_000).map { "c\($0 % 10)*" }.joined(separator: "/") + "/t")
    #expect(selector.components.count == 1_000)
    let matching = NodeIdentifier(path: (0..<1_000).map { Component(name: "c\($0 % 10)x") }, token: "t")
    let index = StyleIndex(rules: [StyleRule(selector, ["deep": true])])
    #expect(index.bestMatch(for: matching).match != nil)
    let missing = NodeIdentifier(path: (0..<1_000).map { Component(name: "d\($0)") }, token: "t")
    #expect(index.bestMatch(for: missing).match == nil)
  }

  @Test func thousandLevelExtendsChain() throws {
    var yaml = "styles:\n"
    for level in 0..<1_000 { yaml += "  s\(level): { extends: s\(level + 1), p\(level): \(level) }\n" }
    yaml += "  s1000: { base: true }\n"
    let sheet = try StyleSheet(yaml: yaml)
    let first = try #require(sheet.rules.first { $0.name == "s0" })
    #expect(first.style.properties.count == 1_001)
    #expect(first.style.properties["base"] == true)
  }

  /// A chain is walked without recursion: 50,000 styles, each extending
  /// the next, load (a call per link ran out of stack at 20,000).
  @Test func fiftyThousandLevelExtendsChain() throws {
    var yaml = "styles:\n"
    for level in 0..<50_000 { yaml += "  s\(level): { extends: s\(level + 1) }\n" }
    yaml += "  s50000: { base: true }\n"
    let sheet = try StyleSheet(yaml: yaml)
    #expect(sheet.rules.count == 50_001)
    #expect(sheet.rules.allSatisfy { $0.style.properties == ["base": true] })
  }

  /// Inheriting copies values, charged like an alias's copies: a chain whose
  /// every link adds a property would build 200 million of them, and ends
  /// in one located error instead.
  @Test func extendsChainThatWouldCopyTooMuch() throws {
    var yaml = "styles:\n"
    for level in 0..<20_000 { yaml += "  s\(level): { extends: s\(level + 1), p\(level): \(level) }\n" }
    yaml += "  s20000: { base: true }\n"
    let errors = try failure(yaml, name: "chain.yaml")
    // Located at the style where the budget ran out, flattening from the far end.
    #expect(
      errors.map(\.text) == [
        "chain.yaml:18590:3: error: extends copies too many values (a chain of styles extending each other?)"
      ])
    #expect(errors.allSatisfy { $0.kind == .limitExceeded })
  }

  /// A chain of variables, each naming the next, is bounded by the nesting
  /// limit (a reference is a level, and each takes stack): past it, a
  /// located error, not a crash. The variables no evaluation reached are
  /// checked as well, each from the first one not yet reached.
  @Test func longVariableChain() throws {
    let limit = LoadOptions().maxNestingDepth
    var yaml = "variables:\n"
    for level in 0..<20_000 { yaml += "  v\(level): $v\(level + 1)\n" }
    yaml += "  v20000: 1\nstyles:\n  t: { a: $v0 }\n"
    let errors = try failure(yaml, name: "vars.yaml")
    // The style's body, `$v0` and each value after it are a level each:
    // `v(n): $v(n+1)`, on line n + 2, is the one too many from `v0`.
    let last = limit - 2
    #expect(
      errors.first?.text
        == "vars.yaml:\(last + 2):\(3 + "v\(last): ".count): error: values nest deeper than \(limit) levels"
        + " (counting through variables)")
    #expect(errors.count > 1)
    #expect(errors.allSatisfy { $0.kind == .limitExceeded })
    func chain(_ links: Int) -> String {
      (0..<links).map { "  v\($0): $v\($0 + 1)\n" }.joined() + "  v\(links): 1\nstyles:\n  t: { a: $v0 }\n"
    }
    #expect(try StyleSheet(yaml: "variables:\n" + chain(limit - 3)).rules[0].style.properties == ["a": 1])
    #expect(throws: SheetLoadError.self) { try StyleSheet(yaml: "variables:\n" + chain(limit - 2)) }
  }

  /// Values nest through variables past what one document may nest: the
  /// nesting limit counts through them, whichever variable was evaluated
  /// first (a cached value counts with its depth), so no value is deeper.
  @Test(arguments: [false, true])
  func nestingThroughVariables(deepestFirst: Bool) throws {
    let limit = LoadOptions().maxNestingDepth
    let depth = limit * 9 / 10
    var yaml = "variables:\n"
    for level in 0..<5 {
      yaml += "  v\(level): " + String(repeating: "{ b: ", count: depth) + "$v\(level + 1)"
      yaml += String(repeating: " }", count: depth) + "\n"
    }
    yaml += "  v5: 1\nstyles:\n"
    for level in deepestFirst ? Array((0..<5).reversed()) : Array(0..<5) { yaml += "  t\(level): { a: $v\(level) }\n" }
    let errors = try failure(yaml, name: "deep.yaml")
    // Each of v0…v3 holds one too many levels (v4's and v5 fit), at the reference inside it.
    #expect(
      errors.map(\.text)
        == (2...5).map {
          "deep.yaml:\($0):\(5 * depth + 7): error: values nest deeper than \(limit) levels (counting through variables)"
        })
    // One level of that depth loads, whether written in place or through a variable.
    let one =
      "variables:\n  v: " + String(repeating: "{ b: ", count: depth) + "1" + String(repeating: " }", count: depth)
    #expect(try StyleSheet(yaml: one + "\nstyles:\n  t: { a: $v }\n").rules.count == 1)
  }

  /// What the nesting limit is for: values nested as deep as it allows,
  /// through variables (ending in the longest chain of references) and
  /// written in place, and a tree file nested as deep,
  /// load and go through every renderer on a thread with a 512 KiB stack
  /// (Darwin's secondary threads and Dispatch's workers, where an app
  /// reloads a sheet), in a debug build too.
  @Test func theDeepestValuesFitASmallThreadStack() throws {
    let limit = LoadOptions().maxNestingDepth
    func nested(_ levels: Int, around inner: String) -> String {
      String(repeating: "{ b: ", count: levels) + inner + String(repeating: " }", count: levels)
    }
    // The style's body is a level, v0's maps hold v1 at the innermost,
    // whose maps hold a chain of references (each a level) to a scalar (a
    // level): together they nest to the limit.
    let links = limit / 4
    let chain = (0..<links).map { "  c\($0): $c\($0 + 1)\n" }.joined()
    func sheet(innerLevels: Int) -> String {
      """
      variables:
        v0: \(nested(limit / 2, around: "$v1"))
        v1: \(nested(innerLevels, around: "$c0"))
      \(chain)  c\(links): 1
      styles:
        through: { a: $v0 }
        inPlace: { a: \(nested(limit - 4, around: "1")) }
      """
    }
    // Levels: the body, `$v0`, v0's maps, `$v1`, v1's maps, `$c0`, a
    // reference a link, the scalar.
    let innerLevels = limit - limit / 2 - links - 5
    let yaml = sheet(innerLevels: innerLevels)
    #expect(throws: SheetLoadError.self) { try StyleSheet(yaml: sheet(innerLevels: innerLevels + 1)) }
    let folder = try temporaryFolder("deep-tree")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Each group is a map in a list: two levels of YAML.
    let groups = (limit - 2) / 2 - 1
    var tree = "tree: "
    for level in 0..<groups { tree += "[{ group: g\(level), children: " }
    tree += "[{ style: through }, { style: inPlace }]" + String(repeating: " }]", count: groups) + "\n"
    let treePath = folder + "/tree.yaml"
    try tree.write(toFile: treePath, atomically: true, encoding: .utf8)

    nonisolated(unsafe) var outcome: Result<(rendered: Bool, resolved: Int, depth: Int), Error>?
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      outcome = Result {
        let sheet = try StyleSheet(yaml: yaml, name: "deep.yaml")
        let rendered = renderThroughEveryRenderer(sheet)
        let resolved = StyleEngine(sheets: [sheet]).resolve(try StyleTree(contentsOf: treePath)).count
        var depth = 0
        var value = sheet.rules[0].style.properties["a"]
        while case .map(let map)? = value {
          depth += 1
          value = map["b"]
        }
        return (rendered, resolved, depth)
      }
      done.signal()
    }
    // AddressSanitizer (`make sanitize` sets ASAN_OPTIONS) pads every frame
    // with red zones, about three times the stack a level: four times the stack.
    let sanitized = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
    thread.stackSize = (512 << 10) * (sanitized ? 4 : 1)
    thread.start()
    done.wait()
    let result = try #require(outcome).get()
    #expect(result.rendered)
    #expect(result.resolved == 2)
    #expect(result.depth == limit / 2 + innerLevels)
  }

  /// Every theme evaluates the bodies that reach its variables again: one
  /// budget for all themes bounds themes × styles (3,000 of each took 4.5 s
  /// and 1.4 GB with a budget per theme).
  @Test func manyThemesTimesManyStyles() throws {
    var yaml = "variables: { c: red }\nthemes:\n"
    for theme in 0..<3_000 { yaml += "  t\(theme): { variables: { c: c\(theme) } }\n" }
    yaml += "styles:\n"
    for style in 0..<3_000 { yaml += "  s\(style): { a: $c, b: \(style) }\n" }
    let errors = try failure(yaml, name: "themes.yaml")
    #expect(
      errors.map(\.text) == [
        "themes.yaml:3070:8: error: values expand to too many nodes (alias or variable bomb?)"
      ])
    #expect(errors.allSatisfy { $0.kind == .limitExceeded })
    // A few themes over the same styles stay well inside it.
    var few = "variables: { c: red }\nthemes:\n"
    for theme in 0..<5 { few += "  t\(theme): { variables: { c: c\(theme) } }\n" }
    few += "styles:\n"
    for style in 0..<3_000 { few += "  s\(style): { a: $c, b: \(style) }\n" }
    let sheet = try StyleSheet(yaml: few)
    #expect(sheet.rules[0].style.themed[ThemeSet("t4")] == ["a": "c4", "b": 0])
  }

  @Test func thousandLevelImportChain() throws {
    let folder = try temporaryFolder("imports")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for level in 0..<1_000 {
      let text = "imports: [f\(level + 1).yaml]\nstyles:\n  t\(level): { level: \(level) }\n"
      try text.write(toFile: "\(folder)/f\(level).yaml", atomically: true, encoding: .utf8)
    }
    try "styles:\n  last: { level: 1000 }\n".write(toFile: "\(folder)/f1000.yaml", atomically: true, encoding: .utf8)
    let sheet = try StyleSheet(contentsOf: "\(folder)/f0.yaml")
    #expect(sheet.rules.count == 1_001)
    #expect(sheet.rules.first?.name == "last")
    // A cycle at the end of the chain is still found and located.
    try "imports: [f0.yaml]\n".write(toFile: "\(folder)/f1000.yaml", atomically: true, encoding: .utf8)
    #expect(throws: SheetLoadError.self) { try StyleSheet(contentsOf: "\(folder)/f0.yaml") }
  }
}
