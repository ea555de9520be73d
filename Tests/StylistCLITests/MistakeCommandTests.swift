import Foundation
import Testing

/// The command line's checks and polish: theme warnings, layered lint,
/// kinds and `--ignore`, formats in help, unknown commands, `--version`,
/// `-s -`, several nodes for `images`, `make install`.
@Suite struct MistakeCommandTests {
  func run(_ arguments: [String], input: String? = nil) throws -> CLIRunner.Result {
    try CLIRunner.run(arguments, input: input.map { Data($0.utf8) })
  }

  @Test func anUnknownThemeWarnsButAnswers() throws {
    let warned = try run(["match", "-s", "demo/demo.yaml", "--theme", "drak", "title"])
    let plain = try run(["match", "-s", "demo/demo.yaml", "title"])
    #expect(warned.status == 0)
    #expect(warned.stdout == plain.stdout)
    #expect(
      warned.stderr
        == "--theme:1:1: warning: no loaded sheet mentions theme 'drak'; did you mean 'dark'? [unknown-theme]\n")
    let listed = try run(["match", "-s", "demo/demo.yaml", "--theme", "dark", "--theme", "dark,drak", "title"])
    #expect(listed.stderr.hasPrefix("--theme:2:6: warning: no loaded sheet mentions theme 'drak'"))
    let node = try run(["match", "-s", "demo/demo.yaml", "@drak/title", "@drak/label", "@dark/title"])
    #expect(
      node.stderr
        == "<command line>:1:1: warning: no loaded sheet mentions theme 'drak'; did you mean 'dark'? [unknown-theme]\n"
        + "  @drak/title\n  ^\n")
    #expect(try run(["match", "-s", "demo/demo.yaml", "--theme", "dark", "title"]).stderr.isEmpty)
  }

  /// A node argument's unknown theme is warned about once per run, at its
  /// `@`, in every command that takes nodes; one `--theme` gave is warned
  /// about there alone.
  @Test func nodeArgumentsThemesAreWarnedAboutOnceAtTheirAtSign() throws {
    let expected =
      "<command line>:1:7: warning: no loaded sheet mentions theme 'drak'; did you mean 'dark'? [unknown-theme]\n"
      + "  @dark/@drak/title\n        ^\n"
    let match = try run(["match", "-s", "sheets/axes.yaml", "@dark/@drak/title", "@drak/label"])
    #expect(match.stderr == expected)
    let explain = try run(["explain", "-s", "sheets/axes.yaml", "@dark/@drak/title"])
    #expect(explain.stderr == expected)
    let both = try run(["match", "-s", "demo/demo.yaml", "--theme", "drak", "@drak/title"])
    #expect(both.stderr.hasPrefix("--theme:1:1: warning:") && both.stderr.components(separatedBy: "'drak'").count == 2)
  }

  @Test func batchWarnsOncePerUnknownTheme() throws {
    let result = try run(["batch", "-s", "demo/demo.yaml"], input: "title\n@drak/title\n@drak/label\n@dark/title\n")
    #expect(result.status == 0)
    #expect(result.stdout.split(separator: "\n").count == 4)
    #expect(
      result.stderr
        == "<stdin>:2:1: warning: no loaded sheet mentions theme 'drak'; did you mean 'dark'? [unknown-theme]\n"
        + "  @drak/title\n  ^\n")
    let later = try run(["batch", "-s", "sheets/axes.yaml"], input: "@dark/title\n@dark/@drak/x\n@drak/y\n")
    #expect(later.stderr.hasPrefix("<stdin>:2:7: warning: no loaded sheet mentions theme 'drak'"))
    #expect(later.stderr.components(separatedBy: "warning").count == 2)
  }

  /// A tree's `@theme` group naming an unknown theme is warned about once,
  /// at its first group.
  @Test func aTreesUnknownThemeGroupIsWarnedAboutOnce() throws {
    let tree = FileManager.default.temporaryDirectory.appendingPathComponent("theme-groups-\(getpid()).yaml")
    try Data(
      """
      tree:
        - group: "@drak"
          children: [ { style: title } ]
        - group: "@drak"
          children: [ { style: label } ]

      """.utf8
    ).write(to: tree)
    defer { try? FileManager.default.removeItem(at: tree) }
    let result = try run(["resolve", "-s", "demo/demo.yaml", "--tree", tree.path])
    #expect(
      result.stderr
        == "\(tree.path):2:12: warning: no loaded sheet mentions theme 'drak'; did you mean 'dark'? [unknown-theme]\n")
  }

  @Test func aTreesUnknownThemeIsLocatedInTheTree() throws {
    let result = try run(["resolve", "-s", "layered/base.yaml", "--tree", "layered/tree.yaml"])
    #expect(result.status == 0)
    #expect(
      result.stderr
        == "layered/tree.yaml:1:8: warning: no loaded sheet mentions theme 'drak'; did you mean 'dark'? [unknown-theme]\n"
    )
  }

  @Test func layeredLintChecksSheetsTogether() throws {
    let together = try run(["lint", "-s", "layered/base.yaml", "-s", "layered/brand.yaml"])
    #expect(together.status == 0)
    #expect(together.stdout == "layered/base.yaml + layered/brand.yaml: ok\n")
    let alone = try run(["lint", "layered/brand.yaml"])
    #expect(alone.status == 1)
    #expect(
      alone.stdout == """
        layered/brand.yaml:3:26: error: extends unknown selector 'title'
        layered/brand.yaml:4:32: error: unknown variable 'ink' under theme 'dark'

        """)
  }

  @Test func warningKindsCanBeIgnored() throws {
    let strict = try run(["lint", "--strict", "layered/tokens.yaml"])
    #expect(strict.status == 1)
    #expect(strict.stdout.hasPrefix("layered/tokens.yaml:3:3: warning: unused variable 'ink' [unused-variable]\n"))
    let ignored = try run(["lint", "--strict", "--ignore", "unused-variable", "layered/tokens.yaml"])
    #expect(ignored.status == 0)
    #expect(ignored.stdout == "layered/tokens.yaml: ok\n")
    let typo = try run(["lint", "--ignore", "unused-variabel", "layered/tokens.yaml"])
    #expect(typo.status == 64)
    #expect(typo.stderr.contains("unknown diagnostic kind 'unused-variabel'; did you mean 'unused-variable'?"))
  }

  @Test func lintJSONHasKindsAndSuggestions() throws {
    let result = try run(["lint", "--format", "json", "layered/typos.yaml", "layered/themes.yaml"])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        [
        {"file":"layered/typos.yaml","line":1,"column":11,"severity":"error","kind":"import-not-found","message":"import not found: 'layered/tokenz.yaml'; did you mean 'layered/tokens.yaml'? (2 errors about names it may define not reported)","suggestion":"layered/tokens.yaml"},
        {"file":"layered/themes.yaml","line":9,"column":3,"severity":"warning","kind":"similar-theme","message":"theme 'drak' is one typo away from theme 'dark'; did you mean 'dark'?","suggestion":"dark"}
        ]

        """)
  }

  @Test(arguments: [
    ("match", "values: text, json;"), ("explain", "values: text, json;"), ("lint", "values: text, json;"),
    ("watch", "values: text, json;"), ("images", "values: text, json;"), ("resolve", "values: text, json, yaml;"),
    ("dump", "values: json, yaml;"),
  ])
  func helpListsOnlyTheFormatsACommandTakes(command: String, formats: String) throws {
    let help = try run(["help", command]).stdout
    let line = help.split(separator: "\n").first { $0.hasPrefix("  --format <format>") }
    #expect(line?.contains(formats) == true, "\(command): \(line ?? "no --format")")
  }

  @Test func anUnknownCommandIsNamedWithTheClosestOne() throws {
    let result = try run(["matsh", "title"])
    #expect(result.status == 64)
    #expect(
      result.stderr
        == "error: unknown command 'matsh'; did you mean 'match'?\nUsage: stylist <command> …; run 'stylist help' for the commands.\n"
    )
    #expect(try run(["zzzzzz"]).stderr.hasPrefix("error: unknown command 'zzzzzz'\n"))
  }

  @Test func helpForAnUnknownCommandNamesTheClosestOne() throws {
    let result = try run(["help", "mtach"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: unknown command 'mtach'; did you mean 'match'?\n"))
    let known = try run(["help", "match"])
    #expect(known.status == 0)
    #expect(known.stdout.hasPrefix("OVERVIEW: Prints the winning style of each node"))
  }

  @Test func versionIsPrinted() throws {
    let result = try run(["--version"])
    #expect(result.status == 0)
    #expect(result.stdout == "2.0.0\n")
  }

  @Test func dashReadsTheSheetFromStandardInput() throws {
    let sheet = "styles:\n  title: { color: red }\n"
    let viaStdin = try run(["match", "-s", "-", "--format", "json", "title"], input: sheet)
    #expect(viaStdin.status == 0)
    #expect(viaStdin.stdout.contains(#""source":"<stdin>:2:3""#))
    let broken = try run(["lint", "-"], input: "styles:\n  title: { a: [1 }\n")
    #expect(broken.status == 1)
    #expect(broken.stdout.hasPrefix("<stdin>:2:18: error: unclosed '['"))
    let twice = try run(["match", "-s", "-", "-s", "-", "title"], input: sheet)
    #expect(twice.status == 64)
    #expect(twice.stderr.contains("'-' (standard input) can be given only once."))
    let batch = try run(["batch", "-s", "-"], input: sheet)
    #expect(batch.status == 64)
    #expect(batch.stderr.contains("batch reads nodes from standard input; give the sheet as a file, not '-'."))
    let watch = try run(["watch", "-s", "-", "title"], input: sheet)
    #expect(watch.status == 64)
    #expect(watch.stderr.contains("watch needs sheet files; standard input ('-') cannot be watched."))
    #expect(try run(["dump", "-s", "-"], input: sheet).stdout.contains("\"title\""))
  }

  @Test func imagesTakesSeveralNodesAndJSON() throws {
    let text = try run(["images", "a/icon", "b[on]/icon"])
    #expect(text.stdout == "a/icon\n  a_icon\n  *_icon\nb[on]/icon\n  b[on]_icon\n  b_icon\n  *[on]_icon\n  *_icon\n")
    let json = try run(["images", "--format", "json", "a/icon", "icon"])
    #expect(
      json.stdout
        == "[\n{\"node\":\"a/icon\",\"names\":[\"a_icon\",\"*_icon\"]},\n{\"node\":\"icon\",\"names\":[\"icon\"]}\n]\n")
    #expect(try run(["images", "a/icon"]).stdout == "a_icon\n*_icon\n")
  }

  @Test func makeInstallPutsAReleaseBuildUnderPrefix() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["make", "-n", "install", "PREFIX=/opt/stylist-test"]
    process.currentDirectoryURL = CLIRunner.root
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(printed.contains("build -c release --product stylist"))
    #expect(printed.contains("install -m 755 .build/release/stylist /opt/stylist-test/bin/stylist"))
  }
}
