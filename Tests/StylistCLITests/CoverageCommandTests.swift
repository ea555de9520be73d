import Foundation
import Testing

/// `stylist coverage` as built: golden reports for node files, every set
/// of themes and trees; the exit codes (0 every style used, 1 some unused,
/// 2 invalid input, 64 usage); invalid lines located by number with
/// nothing printed on standard output; and its wins against `batch`'s
/// answers over the same lines.
@Suite struct CoverageCommandTests {
  let app = ["coverage", "-s", "coverage/app.yaml"]

  func run(_ arguments: [String], input: String? = nil) throws -> CLIRunner.Result {
    try CLIRunner.run(arguments, input: input.map { Data($0.utf8) })
  }

  @Test(arguments: [
    ("coverage-text.txt", ["--nodes", "coverage/nodes.txt"]),
    ("coverage-each-theme.txt", ["--nodes", "coverage/nodes.txt", "--each-theme"]),
    ("coverage-json.txt", ["--nodes", "coverage/nodes.txt", "--each-theme", "--theme", "dark", "--format", "json"]),
    ("coverage-tree.txt", ["--tree", "coverage/tree.yaml", "--theme", "dark"]),
  ])
  func golden(name: String, options: [String]) throws {
    let result = try run(app + options)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    try CLIRunner.expectGolden(result.stdout, name)
  }

  /// Every style wins once: exit 0, the totals line alone.
  @Test func everyStyleUsedExitsZero() throws {
    let nodes = "title\ncard/title\nhome/card/title\nheader/title\nfooter/link\nlabel\n@dark/label\n"
    let result = try run(app + ["--nodes", "-"], input: nodes + "@compact/label\n@dark/title\n")
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout == "9 styles: 9 used, 0 unused; 9 nodes, 9 answers, 0 default only\n")
  }

  /// Invalid lines are errors at their line and column, every one of them;
  /// standard output stays empty.
  @Test func invalidNodeLinesExitTwoWithTheirLineNumbers() throws {
    let result = try run(app + ["--nodes", "coverage/bad-nodes.txt", "--format", "json"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == """
        coverage/bad-nodes.txt:3:5: error: invalid node 'bad/*/node': wildcards are only allowed in selectors
          bad/*/node
              ^
        coverage/bad-nodes.txt:5:6: error: invalid node 'card/title[x]': variants apply to components, not to the token
          card/title[x]
               ^

        """)
    let themes = try run(app + ["--nodes", "-"], input: "title\n@dark/@light/label\n")
    #expect(themes.status == 2 && themes.stdout.isEmpty)
    #expect(
      themes.stderr
        == "<stdin>:2:7: error: invalid node '@dark/@light/label': 'dark' and 'light' are both on axis 'appearance'\n"
        + "  @dark/@light/label\n        ^\n")
  }

  @Test func overlongLineIsAnErrorAtItsNumber() throws {
    var input = Data("title\n".utf8)
    input.append(Data(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1))
    input.append(Data("\nlabel\n".utf8))
    let result = try CLIRunner.run(app + ["--nodes", "-"], input: input)
    #expect(result.status == 2 && result.stdout.isEmpty)
    #expect(result.stderr == "<stdin>:2:1: error: line is 1048577 bytes, longer than the 1048576-byte limit\n")
  }

  /// Bytes that are no text are invalid lines, reported; nothing crashes.
  @Test func garbageNodeFileFailsCleanly() throws {
    let result = try run(app + ["--nodes", "bad/garbage.bin"])
    #expect(result.status == 2 && result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("bad/garbage.bin:"))
  }

  @Test func unreadableInputsExitTwo() throws {
    let missing = try run(app + ["--nodes", "nope.txt"])
    #expect(missing.status == 2 && missing.stdout.isEmpty)
    #expect(missing.stderr == "nope.txt:1:1: error: cannot read 'nope.txt': no such file\n")
    let folder = try run(app + ["--nodes", "coverage"])
    #expect(folder.stderr == "coverage:1:1: error: cannot read 'coverage': it is a directory\n")
    let tree = try run(app + ["--tree", "bad/trees/bad-tree.yaml"])
    #expect(tree.status == 2 && tree.stdout.isEmpty)
    try CLIRunner.expectGolden(tree.stderr, "resolve-bad-tree.txt")
    let sheet = try run(["coverage", "-s", "bad/many-errors.yaml", "--nodes", "coverage/nodes.txt"])
    #expect(sheet.status == 2 && sheet.stdout.isEmpty)
    #expect(sheet.stderr.hasPrefix("bad/many-errors.yaml:3:19: error: unknown variable 'missing'\n"))
  }

  @Test func usageErrorsExit64() throws {
    #expect(try run(app).status == 64)
    #expect(try run(app + ["--nodes", "coverage/nodes.txt", "--tree", "coverage/tree.yaml"]).status == 64)
    #expect(try run(["coverage", "-s", "-", "--nodes", "-"]).status == 64)
    #expect(try run(app + ["--nodes", "coverage/nodes.txt", "--theme", "dark,light"]).status == 64)
  }

  @Test func helpHasAnExample() throws {
    let result = try run(["help", "coverage"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Example"))
  }

  /// Over thousands of lines (several blocks, every core), each style's
  /// wins are the lines `batch` answers with it, and the default-only
  /// nodes are those `batch` answers with the default.
  @Test func winsAgreeWithBatchOverManyLines() throws {
    let names = ["home", "header", "searchBar", "card", "button[disabled]", "settings", "list", "@dark", "zz"]
    let tokens = ["label", "title", "icon", "background", "caption", "spinner", "nothing"]
    var generator = SystemRandomNumberGenerator()
    let lines = (0..<9000).map { _ in
      let path = (0..<Int.random(in: 0...3, using: &generator)).map { _ in names.randomElement(using: &generator)! }
      return (path.filter { $0 != "@dark" } + [tokens.randomElement(using: &generator)!]).joined(separator: "/")
    }
    let input = lines.joined(separator: "\n") + "\n"
    let coverage = try run(["coverage", "-s", "demo/demo.yaml", "--nodes", "-", "--format", "json"], input: input)
    let batch = try run(["batch", "-s", "demo/demo.yaml"], input: input)
    #expect(coverage.status == 1 && coverage.stderr.isEmpty)
    let report = try #require(
      JSONSerialization.jsonObject(with: Data(coverage.stdout.utf8)) as? [String: Any])
    var wins: [String: Int] = [:]
    var defaultOnly: [String] = []
    for (line, answer) in zip(lines, batch.stdout.split(separator: "\n")) {
      let object = try #require(JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
      if let selector = object["selector"] as? String {
        wins[selector, default: 0] += 1
      } else if !defaultOnly.contains(line) {
        defaultOnly.append(line)
      }
    }
    let styles = try #require(report["styles"] as? [[String: Any]])
    for style in styles {
      let selector = try #require(style["selector"] as? String)
      #expect(style["wins"] as? Int == wins[selector] ?? 0, "\(selector)")
    }
    #expect(report["nodes"] as? Int == lines.count)
    #expect(report["defaultOnly"] as? [String] == defaultOnly)
  }
}
