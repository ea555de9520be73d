import Foundation
import Testing

@Suite struct ExportCommandTests {
  private func temporaryFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  private func contents(_ folder: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for case let path as String in FileManager.default.enumerator(atPath: folder)! {
      var isFolder: ObjCBool = false
      FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
      if !isFolder.boolValue { result[path] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path)) }
    }
    return result
  }

  @Test func dtcgWritesAResolverAndAFilePerThemeTheSameEachRun() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let first = try CLIRunner.run(["export", "-s", "tokens/app.yaml", "--format", "dtcg", "-o", folder + "/a"])
    #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
    let written = try contents(folder + "/a")
    #expect(
      Set(written.keys) == [
        "tokens.resolver.json", "base.tokens.json", "themes/light.tokens.json", "themes/dark.tokens.json",
        "themes/comfortable.tokens.json", "themes/compact.tokens.json", ".stylist-export",
      ])
    // Again over the earlier export (replaced whole), and into a new folder: the same bytes.
    #expect(
      try CLIRunner.run(["export", "-s", "tokens/app.yaml", "--format", "dtcg", "-o", folder + "/a"]).status == 0)
    #expect(
      try CLIRunner.run(["export", "-s", "tokens/app.yaml", "--format", "dtcg", "-o", folder + "/b"]).status == 0)
    #expect(try contents(folder + "/a") == written)
    #expect(try contents(folder + "/b") == written)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a", "b"])
  }

  @Test func oneThemeGivesOneFileOnStandardOutput() throws {
    let css = try CLIRunner.run(["export", "-s", "tokens/app.yaml", "--format", "css", "--theme", "dark"])
    #expect(css.status == 0)
    #expect(css.stdout.hasPrefix("/* Design tokens exported by `stylist export --format css`. */\n:root {\n"))
    #expect(css.stdout.contains("  --color-text: #ffffff;\n"))
    #expect(!css.stdout.contains("[data-theme"))
    let dtcg = try CLIRunner.run(["export", "-s", "tokens/app.yaml", "--format", "dtcg", "--theme", "dark,compact"])
    #expect(
      dtcg.status == 0
        && dtcg.stdout.hasPrefix("{\n  \"$description\": \"Design tokens exported by `stylist export --format dtcg`.\",\n"))
    #expect(dtcg.stdout.contains("\"$value\": \"{color.gray.0}\""))
  }

  @Test func anUnknownThemeIsAnErrorAndNothingIsWritten() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let result = try CLIRunner.run(
      ["export", "-s", "tokens/app.yaml", "--format", "css", "--theme", "drak", "-o", folder + "/t.css"])
    #expect(result.status == 2)
    #expect(result.stderr == "--theme:1:1: error: no loaded sheet mentions theme 'drak'; did you mean 'dark'?\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test func twoThemesOfOneAxisAreAUsageError() throws {
    let result = try CLIRunner.run(["export", "-s", "tokens/app.yaml", "--format", "css", "--theme", "dark,light"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("'dark' and 'light' are both on axis 'appearance'"))
  }

  @Test func anUnwritableOutputIsAnErrorAndLeavesWhatWasThere() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let missing = try CLIRunner.run(
      ["export", "-s", "tokens/app.yaml", "--format", "swift", "-o", folder + "/no/such/T.swift"])
    #expect(missing.status == 2)
    #expect(
      missing.stderr
        == "\(folder)/no/such/T.swift: error: cannot write '\(folder)/no/such/T.swift': its folder does not exist\n")
    // A folder of someone's files is not replaced, and nothing is left beside it.
    try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
    let foreign = try CLIRunner.run(["export", "-s", "tokens/app.yaml", "--format", "dtcg", "-o", folder])
    #expect(foreign.status == 2)
    #expect(foreign.stderr.contains("holds files that are no export"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])
    let siblings = try FileManager.default.contentsOfDirectory(
      atPath: (folder as NSString).deletingLastPathComponent)
    #expect(!siblings.contains { $0.contains(".stylist-") && $0.contains((folder as NSString).lastPathComponent) })
  }

  /// The export examples (docs/CLI.md: Exporting tokens): the CSS and Swift of `export/brand.yaml`.
  @Test(arguments: ["css", "swift"])
  func theReadmeExampleExportsAsDocumented(format: String) throws {
    let result = try CLIRunner.run(["export", "-s", "export/brand.yaml", "--format", format])
    #expect(result.status == 0 && result.stderr.isEmpty)
    try CLIRunner.expectGolden(result.stdout, "export-brand.\(format)")
  }

  @Test func dtcgWithoutThemeNeedsAFolder() throws {
    let result = try CLIRunner.run(["export", "-s", "tokens/app.yaml", "--format", "dtcg"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("give it with -o DIR"))
  }
}
