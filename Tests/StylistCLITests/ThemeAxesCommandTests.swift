import Foundation
import Testing

/// Theme axes on the command line: `--theme` repeated and as a comma list,
/// several `@theme` parts in nodes and batch lines, a tree's list of
/// themes, and two themes of one axis refused with their exit codes.
@Suite struct ThemeAxesCommandTests {
  func run(_ arguments: [String], input: String? = nil) throws -> CLIRunner.Result {
    try CLIRunner.run(arguments, input: input.map { Data($0.utf8) })
  }

  @Test func themesRepeatedOrListedAreOneSet() throws {
    let listed = try run(["match", "-s", "sheets/axes.yaml", "--theme", "dark,compact", "--format", "json", "title"])
    let repeated = try run(
      ["match", "-s", "sheets/axes.yaml", "--theme", "dark", "--theme", "compact", "--format", "json", "title"])
    let inNode = try run(["match", "-s", "sheets/axes.yaml", "--format", "json", "@dark/@compact/title"])
    #expect(listed.status == 0 && listed.stderr.isEmpty)
    #expect(listed.stdout == repeated.stdout)
    #expect(listed.stdout.contains(#""selector":"@dark/@compact/title""#))
    #expect(inNode.stdout.contains(##""properties":{"size":14,"color":"#EEEEEE","gap":4}"##))
  }

  @Test func twoThemesOfOneAxisAreRefused() throws {
    let option = try run(["match", "-s", "sheets/axes.yaml", "--theme", "dark,light", "title"])
    #expect(option.status == 64 && option.stdout.isEmpty)
    #expect(option.stderr == "--theme:1:6: error: 'dark' and 'light' are both on axis 'appearance'\n")
    let node = try run(["match", "-s", "sheets/axes.yaml", "@dark/@light/title"])
    #expect(node.status == 2 && node.stdout.isEmpty)
    #expect(
      node.stderr
        == "<command line>:1:7: error: invalid node '@dark/@light/title': 'dark' and 'light' are both on axis 'appearance'\n"
        + "  @dark/@light/title\n        ^\n"
    )
    let empty = try run(["match", "-s", "sheets/axes.yaml", "--theme", "dark,", "title"])
    #expect(empty.status == 64 && empty.stderr.contains("--theme 'dark,' has an empty theme name."))
  }

  @Test func batchLinesNameSeveralThemes() throws {
    let result = try run(
      ["batch", "-s", "sheets/axes.yaml", "--theme", "dark"],
      input: "@compact/title\n@light/card/title\n@dark/@light/x\n")
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(lines[0].contains(#""selector":"@dark/@compact/title""#))
    #expect(lines[1].contains(#""selector":"@regular/card/title""#))
    #expect(
      lines[2] == #"{"node":"@dark/@light/x","error":"<stdin>:3:7: 'dark' and 'light' are both on axis 'appearance'"}"#)
  }

  @Test func aTreeNamesAListOfThemes() throws {
    let result = try run(["resolve", "-s", "sheets/axes.yaml", "--tree", "sheets/axes-tree.yaml", "--format", "json"])
    #expect(result.status == 0 && result.stderr.isEmpty)
    #expect(result.stdout.contains(#"{"node":"title","selector":"@dark/@compact/title""#))
    #expect(
      result.stdout.contains(
        ##"{"node":"card/label","selector":"label","source":"sheets/axes.yaml:19:3","default":false,"properties":{"color":"#EEEEEE","gap":4}}"##
      ))
    let conflict = try run(["resolve", "-s", "sheets/axes.yaml", "--tree", "bad/trees/axes-conflict.yaml"])
    #expect(conflict.status == 2 && conflict.stdout.isEmpty)
    #expect(
      conflict.stderr == "bad/trees/axes-conflict.yaml:1:8: error: 'dark' and 'light' are both on axis 'appearance'\n")
  }

  @Test func explainNamesTheThemeThatWasNotCurrent() throws {
    let text = try run(["explain", "-s", "sheets/axes.yaml", "--theme", "dark", "card/title"])
    #expect(text.stdout.hasPrefix("card/title  theme: dark, regular, mode: themed\n"))
    #expect(text.stdout.contains("no: needs theme 'compact', current theme is 'regular'"))
    let json = try run(["explain", "-s", "sheets/axes.yaml", "--theme", "dark", "--format", "json", "card/title"])
    #expect(json.stdout.hasPrefix(#"{"node":"card/title","theme":["dark","regular"],"mode":"themed""#))
  }
}

extension ThemeAxesCommandTests {
  /// The sheet reference's axes example answers as the reference says.
  @Test func theReferenceExampleAnswersAsItSays() throws {
    let reference = try String(contentsOf: CLIRunner.root.appendingPathComponent("docs/SHEETS.md"), encoding: .utf8)
    let section = try #require(reference.range(of: "## Theme axes"))
    let start = try #require(reference.range(of: "```yaml\n", range: section.upperBound..<reference.endIndex))
    let end = try #require(reference.range(of: "```\n", range: start.upperBound..<reference.endIndex))
    let sheet = FileManager.default.temporaryDirectory.appendingPathComponent("axes-reference-\(getpid()).yaml")
    defer { try? FileManager.default.removeItem(at: sheet) }
    try Data(reference[start.upperBound..<end.lowerBound].utf8).write(to: sheet)
    let both = try run(["match", "-s", sheet.path, "--theme", "dark,compact", "--format", "json", "title"])
    #expect(both.stdout.contains(##""selector":"@compact/@dark/title""##))
    #expect(both.stdout.contains(##""properties":{"size":13,"color":"#EEEEEE","gap":4}"##))
    let none = try run(["match", "-s", sheet.path, "--format", "json", "title"])
    #expect(none.stdout.contains(##""selector":"title""##))
  }
}
