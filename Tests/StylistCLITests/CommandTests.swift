import Foundation
import Testing

/// The built `stylist` binary against `Fixtures/`: golden outputs byte for
/// byte, and exit codes for every case.
@Suite struct CommandTests {
  let demo = ["-s", "demo/demo.yaml"]

  func run(_ arguments: [String], input: String? = nil) throws -> CLIRunner.Result {
    try CLIRunner.run(arguments, input: input.map { Data($0.utf8) })
  }

  @Test(arguments: [
    (
      "match-text.txt",
      ["match", "-s", "demo/demo.yaml", "home/header/searchBar/label", "nothing", "@dark/home/title"], Int32(0)
    ),
    (
      "match-json.txt",
      [
        "match", "-s", "demo/demo.yaml", "--format", "json", "client/searchbar[disabled]/close", "card/title",
        "nothing",
      ], 0
    ),
    (
      "match-cascade.txt",
      ["match", "-s", "demo/demo.yaml", "--cascade", "--format", "json", "primaryButton", "button[disabled]/label"], 0
    ),
    (
      "match-classic.txt",
      ["match", "-s", "seed/themes.yaml", "--theme", "dark", "--mode", "classic", "a/b/c/d/token"], 0
    ),
    ("match-themed.txt", ["match", "-s", "seed/themes.yaml", "--theme", "dark", "a/b/c/d/token"], 0),
    ("match-nostyle.txt", ["match", "-s", "seed/readme-table.yaml", "othersection/title", "zzz"], 1),
    ("explain-text.txt", ["explain", "-s", "demo/demo.yaml", "home/header[selected]/searchBar/label"], 0),
    (
      "explain-json.txt",
      ["explain", "-s", "demo/demo.yaml", "--theme", "dark", "--format", "json", "card/background"], 0
    ),
    ("resolve-text.txt", ["resolve", "-s", "demo/demo.yaml", "--tree", "demo/tree.yaml"], 0),
    (
      "resolve-json.txt",
      ["resolve", "-s", "demo/demo.yaml", "--tree", "demo/tree.yaml", "--format", "json", "--theme", "highContrast"], 0
    ),
    ("resolve-yaml.txt", ["resolve", "-s", "demo/demo.yaml", "--tree", "demo/tree.yaml", "--format", "yaml"], 0),
    ("lint-text.txt", ["lint", "demo/demo.yaml", "sheets/app.yaml", "bad/many-errors.yaml"], 1),
    ("lint-json.txt", ["lint", "--format", "json", "sheets/app.yaml"], 0),
    ("lint-shadowed.txt", ["lint", "sheets/shadowed.yaml"], 0),
    ("lint-themed-drops.txt", ["lint", "sheets/themed-drops.yaml"], 0),
    ("dump-json.txt", ["dump", "-s", "seed/spec-example.yaml"], 0),
    // Every typed value's text form; JSON keeps the data as it is.
    (
      "../values/expected/match-text.txt",
      ["match", "-s", "values/values.yaml", "dimension", "color", "composite", "plain", "edge"], 0
    ),
    (
      "../values/expected/match-json.txt",
      ["match", "-s", "values/values.yaml", "--format", "json", "dimension", "color", "composite", "plain", "edge"], 0
    ),
    ("dump-yaml.txt", ["dump", "-s", "seed/spec-example.yaml", "--theme", "dark", "--format", "yaml"], 0),
  ])
  func golden(name: String, arguments: [String], status: Int32) throws {
    let result = try run(arguments)
    #expect(result.status == status, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    try CLIRunner.expectGolden(result.stdout, name)
  }

  @Test func batchGoesOnAfterABadLine() throws {
    let input = "home/title\nbad/*/node\n@dark/card/background\nnot/styled/anywhere\r\n"
    let result = try run(["batch", "-s", "seed/spec-example.yaml"], input: input)
    #expect(result.status == 0)
    try CLIRunner.expectGolden(result.stdout, "batch.txt")
  }

  /// A byte order mark opening the input (as some editors save a text file)
  /// is not part of the first node; one anywhere else is a name's character
  /// (escaped in JSON, which a YAML reader would not take raw).
  @Test func batchSkipsAByteOrderMarkAtTheStart() throws {
    let plain = try run(["batch", "-s", "seed/spec-example.yaml"], input: "home/title\nhome/title\n")
    let marked = try run(["batch", "-s", "seed/spec-example.yaml"], input: "\u{FEFF}home/title\nhome/title\n")
    #expect(marked.status == 0 && marked.stdout == plain.stdout)
    let later = try run(["batch", "-s", "seed/spec-example.yaml"], input: "home/title\n\u{FEFF}home/title\n")
    #expect(later.stdout.split(separator: "\n").last?.hasPrefix(#"{"node":"\ufeffhome/title""#) == true)
  }

  /// Lines read as bytes: non-ASCII names are checked by their scalars (columns
  /// count scalars), bytes that are not UTF-8 are repaired as `String` does,
  /// and decomposed names match their NFC form.
  @Test func batchLinesBeyondASCII() throws {
    var input = Data("é/x/t[v]\n".utf8)
    input.append(contentsOf: [0xFF, 0xFE])
    input.append(contentsOf: Data("/title\ncafe\u{301}/title\nhé/*\n".utf8))
    let result = try CLIRunner.run(["batch", "-s", "seed/spec-example.yaml"], input: input)
    #expect(result.status == 0)
    let title =
      #""selector":"title","source":"seed/spec-example.yaml:10:3","default":false,"#
      + ##""properties":{"font":"title","color":"#111111"}}"##
    #expect(
      result.stdout.split(separator: "\n").map(String.init) == [
        #"{"node":"é/x/t[v]","error":"<stdin>:1:5: variants apply to components, not to the token"}"#,
        "{\"node\":\"\u{FFFD}\u{FFFD}/title\"," + title,
        "{\"node\":\"cafe\u{301}/title\"," + title,
        #"{"node":"hé/*","error":"<stdin>:4:4: wildcards are only allowed in selectors"}"#,
      ])
  }

  /// The node field echoes each line as a JSON string: a `"`, `\`, control
  /// or non-ASCII byte anywhere in the line (in the words checked eight bytes
  /// at a time or in the tail) is escaped; other lines are copied.
  @Test func batchEchoesEveryLineAsJSON() throws {
    let lines = [
      "home/header/title", "ho\"me/title", "home/header/searchbar/ti\\tle", "home/header/search\u{1}bar/title",
      "a/b/c/d/e/f\u{7F}/title", "home/hé/title", "x\"", "home/header[selected]/searchbar/label",
    ]
    let result = try run(["batch", "-s", "seed/spec-example.yaml"], input: lines.joined(separator: "\n") + "\n")
    #expect(result.status == 0)
    let echoed = try result.stdout.split(separator: "\n").map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      return object?["node"] as? String
    }
    #expect(echoed == lines)
  }

  @Test func batchOfManyLinesKeepsOrderAndCount() throws {
    let count = 100_000
    let input = (0..<count).map { "section\($0 % 7)/element[v\($0 % 3)]/title\($0)" }.joined(separator: "\n") + "\n"
    let result = try run(["batch", "-s", "seed/readme-table.yaml"], input: input)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == count)
    for index in stride(from: 0, to: count, by: 9_973) {
      #expect(lines[index].hasPrefix("{\"node\":\"section\(index % 7)/element[v\(index % 3)]/title\(index)\","))
    }
  }

  /// `batch` renders each distinct answer once and reuses it: every line must
  /// still be what `match --format json` answers for that node.
  @Test(arguments: [[], ["--theme", "dark"]])
  func batchAnswersAgreeWithMatch(themeOptions: [String]) throws {
    let nodes = [
      "home/header/searchBar/label", "@dark/card/background", "card/background", "@light/card/background",
      "home/header/searchBar/label", "nothing", "@dark/nothing", "header[selected]/title", "card/background",
      "a \"quoted\"/title", "client/searchbar[disabled]/image", "nothing", "@sepia/card/background",
      "@dark/card/background", "@sepia/nothing", "card/background",
    ]
    // Plain and `--cascade` (each rendered once per distinct answer, then copied).
    for cascade in [[], ["--cascade"]] {
      let batch = try run(
        ["batch", "-s", "demo/demo.yaml"] + themeOptions + cascade, input: nodes.joined(separator: "\n") + "\n")
      let match = try run(["match", "-s", "demo/demo.yaml", "--format", "json"] + themeOptions + cascade + nodes)
      #expect(batch.status == 0 && match.status == 0, "\(batch.stderr)\(match.stderr)")
      let expected = match.stdout.dropFirst(2).dropLast(3).components(separatedBy: ",\n")
      #expect(batch.stdout.split(separator: "\n").map(String.init) == expected, "\(cascade)")
    }
  }

  /// Themes the input names and no sheet mentions share the answers
  /// rendered under no theme, so what `batch` keeps does not grow with them,
  /// and every answer is still the one `match` gives.
  @Test(arguments: [[], ["--cascade"]])
  func batchOverManyInputThemes(cascade: [String]) throws {
    let lines = (0..<10_050).map { "@t\($0)/home/header/searchBar/label" }
    let batch = try run(["batch", "-s", "demo/demo.yaml"] + cascade, input: lines.joined(separator: "\n") + "\n")
    let match = try run(
      ["match", "-s", "demo/demo.yaml", "--format", "json"] + cascade + ["home/header/searchBar/label"])
    #expect(batch.status == 0 && match.status == 0)
    let expected = String(match.stdout.dropFirst(2).dropLast(3))
    let answers = batch.stdout.split(separator: "\n")
    #expect(answers.count == lines.count)
    for (line, answer) in zip(lines, answers) {
      let node = #"{"node":"home/header/searchBar/label""#
      #expect(answer == expected.replacingOccurrences(of: node, with: #"{"node":""# + line + "\""), "\(line)")
    }
  }

  @Test func invalidSheetExitsTwoWithLocatedErrors() throws {
    for command in [["match", "x"], ["explain", "x"], ["batch"], ["dump"]] {
      let result = try run([command[0], "-s", "bad/many-errors.yaml"] + command.dropFirst(), input: "x\n")
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasPrefix("bad/many-errors.yaml:3:19: error: unknown variable 'missing'\n"))
    }
    let missing = try run(["match", "-s", "nope.yaml", "x"])
    #expect(missing.status == 2)
    #expect(missing.stderr == "nope.yaml:1:1: error: cannot read 'nope.yaml': no such file\n")
  }

  @Test func invalidNodeExitsTwo() throws {
    let result = try run(["match", "-s", "demo/demo.yaml", "title", "a/b[x]/c[y]"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "<command line>:1:8: error: invalid node 'a/b[x]/c[y]': variants apply to components, not to the token\n"
        + "  a/b[x]/c[y]\n         ^\n")
  }

  @Test func invalidTreeExitsTwoWithLocation() throws {
    let result = try run(["resolve", "-s", "demo/demo.yaml", "--tree", "bad/trees/bad-tree.yaml"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    try CLIRunner.expectGolden(result.stderr, "resolve-bad-tree.txt")
  }

  /// A tree's outermost groups naming themes give the atoms inside them
  /// those themes, as a node's leading `@` parts do.
  @Test func treeGroupsNamingThemesApplyThem() throws {
    let result = try run([
      "resolve", "-s", "sheets/theme-groups.yaml", "--tree", "sheets/theme-groups-tree.yaml", "--format", "json",
    ])
    #expect(result.status == 0)
    let answers = result.stdout.split(separator: "\n").filter { $0.hasPrefix("{") }
    #expect(answers.count == 3)
    #expect(answers[0].contains(##""node":"title""##) && answers[0].contains(##""color":"#111111""##))
    #expect(answers[1].contains(##""node":"@dark/title""##) && answers[1].contains(##""color":"#EEEEEE""##))
    // `@` inside another group is an ordinary character.
    #expect(answers[2].contains(##""node":"@dark/card/@inner/title""##) && answers[2].contains(##""color":"#EEEEEE""##))
    let match = try run(["match", "-s", "sheets/theme-groups.yaml", "--format", "json", "@dark/title"])
    #expect(match.stdout.contains(##""color":"#EEEEEE""##))

    let conflict = try run([
      "resolve", "-s", "sheets/theme-groups.yaml", "--tree", "bad/trees/theme-group-conflict.yaml",
    ])
    #expect(conflict.status == 2)
    #expect(conflict.stdout.isEmpty)
    #expect(
      conflict.stderr
        == "bad/trees/theme-group-conflict.yaml:5:29: error: invalid node '@dark/@light/title': 'dark' and 'light' are both on the axis of unlisted themes\n"
        + "  @dark/@light/title\n        ^\n"
    )
    // Inside another group, `@inner` is a component; `@light` would be too,
    // and a sheet mentions that theme: a warning says so.
    let inner = try run(["resolve", "-s", "sheets/theme-groups.yaml", "--tree", "sheets/theme-groups-inner.yaml"])
    #expect(inner.status == 0)
    #expect(
      inner.stderr
        == "sheets/theme-groups-inner.yaml:4:16: warning: group '@light' is inside another group, so it is a component, not theme 'light' (a group names a theme only outside every other group) [theme-group]\n"
    )
    let variant = try run(["resolve", "-s", "sheets/theme-groups.yaml", "--tree", "bad/trees/theme-group-variant.yaml"])
    #expect(variant.status == 2)
    #expect(
      variant.stderr
        == "bad/trees/theme-group-variant.yaml:2:18: error: invalid group '@dark[v]': a theme is a plain name (no variant, no wildcard)\n"
        + "  @dark[v]\n       ^\n"
    )
  }

  @Test func defaultStyleIsSuccess() throws {
    let result = try run(["match", "-s", "seed/spec-example.yaml", "--format", "json", "unknown"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("\"default\":true"))
  }

  @Test func usageErrorsExit64() throws {
    for arguments in [
      ["match", "x"], ["match", "-s", "demo/demo.yaml", "--format", "yaml", "x"], ["lint"], ["bogus"],
      ["match", "-s", "demo/demo.yaml", "--mode", "loud", "x"],
    ] {
      let result = try run(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stdout.isEmpty)
    }
  }

  @Test func lintExitCodes() throws {
    #expect(try run(["lint", "demo/demo.yaml"]).status == 0)
    #expect(try run(["lint", "sheets/app.yaml"]).status == 0)
    #expect(try run(["lint", "--strict", "sheets/app.yaml"]).status == 1)
    #expect(try run(["lint", "--strict", "sheets/shadowed.yaml"]).status == 1)
    #expect(try run(["lint", "missing.yaml"]).status == 1)
    #expect(try run(["lint", "bad/garbage.bin"]).status == 1)
  }

  @Test func helpHasAnExampleForEveryCommand() throws {
    for command in ["match", "explain", "batch", "resolve", "images", "lint", "dump", "watch"] {
      let result = try run(["help", command])
      #expect(result.status == 0)
      #expect(result.stdout.contains("Example"), "\(command)")
    }
  }
}

/// A tool writes one line and waits for its answer: `batch` must answer
/// before more input arrives.
@Suite struct InteractiveBatchTests {
  @Test func answersEachLineBeforeTheNextArrives() throws {
    let process = Process()
    process.executableURL = CLIRunner.binary
    process.arguments = ["batch", "-s", "seed/readme-table.yaml"]
    process.currentDirectoryURL = CLIRunner.fixtures
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    defer { process.terminate() }
    var reader = LineReaderForTests(handle: output.fileHandleForReading)
    for node in ["element/title", "othersection/title", "a/b[*]/c"] {
      input.fileHandleForWriting.write(Data((node + "\n").utf8))
      let answer = reader.nextLine()
      let line = try #require(answer)
      #expect(line.hasPrefix("{\"node\":\"\(node)\""))
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}

/// Reads one line at a time from a pipe (blocking), keeping what follows.
struct LineReaderForTests {
  let handle: FileHandle
  var pending = Data()

  mutating func nextLine() -> String? {
    while true {
      if let newline = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
        pending = Data(pending[(newline + 1)...])
        return line
      }
      let chunk = handle.availableData
      if chunk.isEmpty { return nil }
      pending += chunk
    }
  }
}
