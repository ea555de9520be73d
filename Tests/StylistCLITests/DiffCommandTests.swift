import Foundation
import Testing

/// `stylist diff` as built: golden diffs of nodes, trees and sheets
/// (Fixtures/diff), byte for byte; the exit codes (0 nothing changes, 1
/// something does, 2 invalid input, 64 usage); errors located, with nothing
/// on standard output; the progress line only on a terminal.
@Suite struct DiffCommandTests {
  let sides = ["diff", "--old", "diff/old/app.yaml", "--new", "diff/new/app.yaml"]

  func run(_ arguments: [String], input: String? = nil) throws -> CLIRunner.Result {
    try CLIRunner.run(arguments, input: input.map { Data($0.utf8) })
  }

  @Test(arguments: [
    ("nodes-text.txt", ["--nodes", "diff/nodes.txt"]),
    ("nodes-json.txt", ["--nodes", "diff/nodes.txt", "--format", "json"]),
    ("nodes-dark.txt", ["--nodes", "diff/nodes.txt", "--theme", "dark"]),
    ("tree-text.txt", ["--tree", "diff/tree.yaml"]),
    ("sheets-text.txt", []),
    ("sheets-json.txt", ["--format", "json"]),
    ("sheets-dark.txt", ["--theme", "dark"]),
    ("nodes-markdown.md", ["--nodes", "diff/nodes.txt", "--format", "markdown"]),
    ("sheets-markdown.md", ["--format", "markdown"]),
  ])
  func golden(name: String, options: [String]) throws {
    let result = try run(sides + options)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    try CLIRunner.expectGolden(result.stdout, "../diff/expected/" + name)
  }

  /// Typed values in their text form (`12px → 16px`, colours in their
  /// spaces), in text and in Markdown; and sheet text Markdown would read
  /// as its own (`|`, backticks, HTML, an `@` mention, a line break).
  @Test(arguments: [
    ("nodes-markdown.md", ["--nodes", "values/nodes.txt", "--format", "markdown"]),
    ("sheets-markdown.md", ["--format", "markdown"]),
    ("sheets-text.txt", []),
  ])
  func diffOfValues(name: String, options: [String]) throws {
    let result = try run(["diff", "--old", "values/old.yaml", "--new", "values/new.yaml"] + options)
    #expect(result.status == 1, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    try CLIRunner.expectGolden(result.stdout, "../values/expected/" + name)
  }

  /// 200 rows at most; a line says how many more nodes there are.
  @Test func markdownStopsAtTwoHundredRows() throws {
    let nodes = (1...205).map { "n\($0)/card\n" }.joined()
    let result = try run(
      ["diff", "--old", "values/old.yaml", "--new", "values/new.yaml", "--format", "markdown", "--nodes", "-"],
      input: nodes)
    #expect(result.status == 1, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("| `n") }.count == 200)
    #expect(lines.last == "… and 5 more nodes not shown (`--format json` lists every one).")
  }

  /// A style that only moved, and properties that only changed places
  /// (`label`, `title`), change no answer; neither does a default written
  /// another way that resolves the same, under no theme.
  @Test func movedStylesAreNoChange() throws {
    let result = try run(sides + ["--nodes", "-"], input: "label\nsettings/title\nnothing/here\n@light/label\n")
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout == "0 of 4 nodes change\n")
    #expect(result.stderr.isEmpty)
  }

  /// The same sheets on both sides: exit 0, the totals alone.
  @Test func sameSheetsExitZero() throws {
    let same = ["diff", "--old", "diff/old/app.yaml", "--new", "diff/old/app.yaml"]
    let nodes = try run(same + ["--nodes", "diff/nodes.txt"])
    #expect(nodes.status == 0 && nodes.stdout == "0 of 12 nodes change\n")
    let sheets = try run(same)
    #expect(
      sheets.status == 0
        && sheets.stdout
          == "0 added, 0 removed, 0 changed; variables 0 added, 0 removed, 0 changed; 3 sets of themes compared\n"
    )
    let json = try run(same + ["--nodes", "diff/nodes.txt", "--format", "json"])
    #expect(json.status == 0 && json.stdout == #"{"nodes":12,"changedNodes":0,"changes":[]}"# + "\n")
  }

  /// NaN is the same value as NaN: a sheet with `.nan` compared with
  /// itself changes nothing, by nodes or by sheets.
  @Test func notANumberIsNoChange() throws {
    let same = ["diff", "--old", "export/nan.yaml", "--new", "export/nan.yaml"]
    let nodes = try run(same + ["--nodes", "export/nan-nodes.txt"])
    #expect(nodes.status == 0 && nodes.stdout == "0 of 2 nodes change\n", "\(nodes.stdout)")
    let sheets = try run(same)
    #expect(
      sheets.status == 0
        && sheets.stdout.hasPrefix("0 added, 0 removed, 0 changed; variables 0 added, 0 removed, 0 changed;"),
      "\(sheets.stdout)")
  }

  /// A node that changes alike on several lines is listed once; changes
  /// that say the same are one group, in order of their first node.
  @Test func repeatedNodesAreListedOnce() throws {
    let input = "footer/link\nhome/toolbar/button\nfooter/link\nhome/footer/link\n"
    let result = try run(sides + ["--nodes", "-", "--format", "json"], input: input)
    #expect(result.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["nodes"] as? Int == 4)
    #expect(object["changedNodes"] as? Int == 3)
    let changes = try #require(object["changes"] as? [[String: Any]])
    #expect(
      changes.map { $0["nodes"] as? [String] ?? [] } == [["footer/link", "home/footer/link"], ["home/toolbar/button"]])
  }

  /// A sheet that fails to load on either side: its located errors (both
  /// sides' when both fail), exit 2, nothing on standard output.
  @Test func badSheetExitsTwoWithLocatedErrors() throws {
    let old = try run(["diff", "--old", "bad/axes-variables.yaml", "--new", "diff/new/app.yaml"])
    #expect(old.status == 2 && old.stdout.isEmpty)
    let expected = try String(
      contentsOf: CLIRunner.fixtures.appendingPathComponent("bad/axes-variables.yaml.expected"), encoding: .utf8)
    #expect(old.stderr == expected)
    let both = try run(
      ["diff", "--old", "bad/axes-variables.yaml", "--new", "bad/extends-cycle.yaml", "--nodes", "diff/nodes.txt"])
    #expect(both.status == 2 && both.stdout.isEmpty)
    #expect(both.stderr.hasPrefix(expected))
    #expect(both.stderr.contains("bad/extends-cycle.yaml:"))
    let missing = try run(["diff", "--old", "diff/old/app.yaml", "--new", "diff/none.yaml"])
    #expect(missing.status == 2 && missing.stdout.isEmpty)
    #expect(missing.stderr.hasPrefix("diff/none.yaml:1:1: error: "))
  }

  /// Invalid node lines are errors at their line and column; a line can
  /// be invalid on one side only (two themes of one axis the new sheets declare).
  @Test func invalidNodeLinesExitTwoAtTheirLines() throws {
    let result = try run(sides + ["--nodes", "diff/bad-nodes.txt"])
    #expect(result.status == 2 && result.stdout.isEmpty)
    #expect(
      result.stderr
        == "diff/bad-nodes.txt:3:5: error: invalid node 'bad/*/node': wildcards are only allowed in selectors\n"
        + "  bad/*/node\n      ^\n")
    let themes = try run(sides + ["--nodes", "-"], input: "title\n@dark/@light/title\n")
    #expect(themes.status == 2 && themes.stdout.isEmpty)
    #expect(
      themes.stderr
        == "<stdin>:2:7: error: invalid node '@dark/@light/title': 'dark' and 'light' are both on axis 'appearance'\n"
        + "  @dark/@light/title\n        ^\n")
    let tree = try run(sides + ["--tree", "bad/trees/bad-tree.yaml"])
    #expect(tree.status == 2 && tree.stdout.isEmpty)
    try CLIRunner.expectGolden(tree.stderr, "resolve-bad-tree.txt")
    let unreadable = try run(sides + ["--nodes", "diff"])
    #expect(unreadable.status == 2 && unreadable.stderr == "diff:1:1: error: cannot read 'diff': it is a directory\n")
  }

  @Test(arguments: [
    ["diff", "--old", "diff/old/app.yaml"],
    ["diff", "--new", "diff/new/app.yaml"],
    ["diff", "--old", "diff/old/app.yaml", "--new", "diff/new/app.yaml", "--nodes", "a", "--tree", "b"],
    ["diff", "--old", "diff/old/app.yaml", "--new", "diff/new/app.yaml", "--theme", "dark,light"],
    ["diff", "--old", "diff/old/app.yaml", "--new", "diff/new/app.yaml", "--theme", "dark,"],
  ])
  func usageErrorsExit64(arguments: [String]) throws {
    let result = try run(arguments)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
  }

  /// A theme neither side mentions is warned about once; the diff runs.
  @Test func unknownThemeIsWarnedAboutOnce() throws {
    let result = try run(sides + ["--nodes", "-", "--theme", "sepia"], input: "label\n")
    #expect(result.status == 0)
    #expect(result.stderr.components(separatedBy: "sepia").count == 2, "\(result.stderr)")
  }

  /// A node file that takes over a second: on a terminal a progress line
  /// on standard error; through a pipe, none.
  @Test func progressLineOnlyOnATerminal() throws {
    let lines = String(repeating: "home/toolbar/button\nsettings/card/button\nlabel\n", count: 40_000)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("diff-progress-\(getpid()).txt")
    try Data(lines.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let start = Date()
    let piped = try run(sides + ["--nodes", file.path])
    let seconds = Date().timeIntervalSince(start)
    #expect(piped.status == 1)
    #expect(piped.stderr.isEmpty, "\(piped.stderr.prefix(200))")
    #expect(piped.stdout.hasSuffix("2 of 120000 nodes change\n"))
    // The same run on a terminal, where `script` gives one (util-linux), when it takes long enough to show.
    guard seconds > 2, FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
    let command = ([CLIRunner.binary.path] + sides + ["--nodes", file.path]).joined(separator: " ")
    let script = Process()
    script.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    script.arguments = ["-qec", command, "/dev/null"]
    script.currentDirectoryURL = CLIRunner.fixtures
    let output = Pipe()
    script.standardOutput = output
    script.standardInput = FileHandle.nullDevice
    try script.run()
    let terminal = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    script.waitUntilExit()
    #expect(terminal.contains("lines compared"), "\(terminal.suffix(300))")
  }
}
