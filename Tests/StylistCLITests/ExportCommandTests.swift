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
        && dtcg.stdout.hasPrefix(
          "{\n  \"$description\": \"Design tokens exported by `stylist export --format dtcg`.\",\n")
    )
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

  /// A folder of someone's token files (the sheet exported among them, a
  /// resolver, a README, a `.git`) is no earlier export: refused whole,
  /// nothing in it touched.
  @Test func aFolderOfSomeonesFilesIsNotReplaced() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.copyItem(
      atPath: CLIRunner.fixtures.appendingPathComponent("export/own-folder").path, toPath: folder + "/src")
    try FileManager.default.createDirectory(atPath: folder + "/src/.git", withIntermediateDirectories: true)
    try Data("ref: refs/heads/main\n".utf8).write(to: URL(fileURLWithPath: folder + "/src/.git/HEAD"))
    let before = try contents(folder + "/src")
    let result = try CLIRunner.run(["export", "-s", "src/app.yaml", "--format", "dtcg", "-o", "src"], in: folder)
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "src: error: cannot write the folder 'src': it holds files that are no export (no '.stylist-export'); "
        + "name a new or empty folder\n")
    #expect(try contents(folder + "/src") == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["src"])
  }

  /// An earlier export with a file of someone's added is refused; without
  /// it, the export is replaced, the files it no longer writes removed.
  @Test func anEarlierExportIsReplacedOnlyWhenItHoldsNothingElse() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let out = folder + "/out"
    #expect(try CLIRunner.run(["export", "-s", "export/brand.yaml", "--format", "dtcg", "-o", out]).status == 0)
    #expect(try contents(out).keys.contains("themes/dark.tokens.json"))
    try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/themes/notes.txt"))
    let before = try contents(out)
    let refused = try CLIRunner.run(["export", "-s", "export/odd-values.yaml", "--format", "dtcg", "-o", out])
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "\(out): error: cannot write the folder '\(out)': it holds 'themes/notes.txt', which the earlier export "
        + "did not write; name a new or empty folder\n")
    #expect(try contents(out) == before)
    try FileManager.default.removeItem(atPath: out + "/themes/notes.txt")
    let replaced = try CLIRunner.run(["export", "-s", "export/clashes.yaml", "--format", "dtcg", "-o", out])
    #expect(replaced.status == 0, "\(replaced.stderr)")
    let written = try contents(out)
    #expect(
      Set(written.keys) == [".stylist-export", "tokens.resolver.json", "base.tokens.json", "themes/dark.tokens.json"])
    #expect(
      String(decoding: written[".stylist-export"]!, as: UTF8.self)
        == "stylist export --format dtcg\ntokens.resolver.json\nbase.tokens.json\nthemes/dark.tokens.json\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out"])
  }

  /// `-o .` writes into the current folder when it is empty or an earlier
  /// export, and refuses it otherwise.
  @Test func theCurrentFolderIsWrittenWhenItQualifies() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let sheet = CLIRunner.fixtures.appendingPathComponent("export/brand.yaml").path
    let arguments = ["export", "-s", sheet, "--format", "dtcg", "-o", "."]
    let first = try CLIRunner.run(arguments, in: folder)
    #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
    let written = try contents(folder)
    #expect(written.keys.contains("tokens.resolver.json"))
    #expect(try CLIRunner.run(arguments, in: folder).status == 0)
    #expect(try contents(folder) == written)
    try Data("# notes\n".utf8).write(to: URL(fileURLWithPath: folder + "/README.md"))
    let refused = try CLIRunner.run(arguments, in: folder)
    #expect(refused.status == 2)
    #expect(refused.stderr.hasPrefix(".: error: cannot write the folder '.': it holds 'README.md'"))
    #expect(try contents(folder).count == written.count + 1)
  }

  /// A one-file output replaces only an earlier export of its format: a
  /// file that does not begin with the format's header is left as it is.
  @Test func aFileTheExportDidNotWriteIsNotOverwritten() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for (format, name) in [
      ("css", "tokens.css"), ("swift", "Tokens.swift"), ("dtcg", "dark.tokens.json"), ("scss", "_tokens.scss"),
      ("ts", "tokens.ts"), ("tailwind", "theme.css"),
    ] {
      let path = folder + "/" + name
      let arguments = ["export", "-s", "export/brand.yaml", "--format", format, "--theme", "dark", "-o", path]
      try Data("mine\n".utf8).write(to: URL(fileURLWithPath: path))
      let refused = try CLIRunner.run(arguments)
      #expect(refused.status == 2, "\(format)")
      #expect(
        refused.stderr
          == "\(path): error: cannot write '\(path)': it holds a file that is no earlier output of this command; "
          + "name a new file or remove it\n")
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine\n")
      try FileManager.default.removeItem(atPath: path)
      #expect(try CLIRunner.run(arguments).status == 0, "\(format)")
      #expect(try CLIRunner.run(arguments).status == 0, "\(format) over its earlier export")
    }
    // Another format's export is no earlier export of this one.
    let other = try CLIRunner.run(
      ["export", "-s", "export/brand.yaml", "--format", "swift", "-o", folder + "/tokens.css"])
    #expect(other.status == 2)
  }

  /// The export examples (docs/CLI.md: Exporting tokens): the CSS and Swift of `export/brand.yaml`.
  @Test(arguments: ["css", "swift", "scss", "ts", "tailwind"])
  func theReadmeExampleExportsAsDocumented(format: String) throws {
    let result = try CLIRunner.run(["export", "-s", "export/brand.yaml", "--format", format])
    #expect(result.status == 0 && result.stderr.isEmpty)
    try CLIRunner.expectGolden(result.stdout, "export-brand.\(format)")
  }

  /// An asset catalog and an Android `res` folder are folder outputs: each
  /// replaces only an earlier export of its own format, never a folder of
  /// someone's files or another format's export.
  @Test(arguments: [("xcassets", "Tokens.xcassets"), ("android", "res")])
  func aPlatformFolderIsReplacedOnlyWhenItIsAnEarlierExportOfItsFormat(format: String, name: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/" + name
    let arguments = ["export", "-s", "export/appearances.yaml", "--format", format, "-o", path]
    let first = try CLIRunner.run(arguments)
    #expect(first.status == 0, "\(first.stderr)")
    let written = try contents(path)
    #expect(
      written[".stylist-export"].map { String(decoding: $0, as: UTF8.self) }?.hasPrefix(
        "stylist export --format \(format)\n") == true)
    #expect(try CLIRunner.run(arguments).status == 0)
    #expect(try contents(path) == written)
    let other = format == "xcassets" ? "android" : "xcassets"
    let refused = try CLIRunner.run(["export", "-s", "export/appearances.yaml", "--format", other, "-o", path])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("it holds another kind of export"))
    try Data("mine\n".utf8).write(to: URL(fileURLWithPath: path + "/notes.txt"))
    let stranger = try CLIRunner.run(arguments)
    #expect(stranger.status == 2)
    #expect(stranger.stderr.contains("it holds 'notes.txt', which the earlier export did not write"))
    #expect(try contents(path).count == written.count + 1)
  }

  /// A folder format names its folder with -o (a usage error without); the
  /// values it cannot hold are counted on standard error.
  @Test func aPlatformFolderNeedsAPathAndCountsWhatItLeavesOut() throws {
    for format in ["xcassets", "android"] {
      let result = try CLIRunner.run(["export", "-s", "export/appearances.yaml", "--format", format])
      #expect(result.status == 64)
      #expect(result.stderr.contains("--format \(format) writes a folder: give it with -o DIR."))
    }
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let catalog = try CLIRunner.run(
      ["export", "-s", "export/appearances.yaml", "--format", "xcassets", "-o", folder + "/A.xcassets"])
    #expect(catalog.status == 0)
    #expect(catalog.stderr == "stylist: 1 value left out: --format xcassets holds colours alone\n")
  }

  /// --dark-theme and --high-contrast-theme name the themes an asset
  /// catalog's appearances take; one the sheets do not have is an error
  /// where it was given, and nothing is written.
  @Test func theAppearanceThemesAreThemesOfTheSheets() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let unknown = try CLIRunner.run(
      [
        "export", "-s", "export/brand.yaml", "--format", "xcassets", "--high-contrast-theme", "contrast", "-o",
        folder + "/A.xcassets",
      ])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.hasPrefix("--high-contrast-theme:1:1: error: "))
    #expect(!FileManager.default.fileExists(atPath: folder + "/A.xcassets"))
    let named = try CLIRunner.run(
      [
        "export", "-s", "export/brand.yaml", "--format", "xcassets", "--high-contrast-theme", "compact",
        "--dark-theme", "dark", "-o", folder + "/A.xcassets",
      ])
    #expect(named.status == 0, "\(named.stderr)")
    let brand = try String(contentsOfFile: folder + "/A.xcassets/color/brand.colorset/Contents.json", encoding: .utf8)
    #expect(brand.contains("\"luminosity\""))
    #expect(!brand.contains("\"contrast\""))
    let unused = try CLIRunner.run(["export", "-s", "export/brand.yaml", "--format", "css", "--dark-theme", "dark"])
    #expect(unused.status == 64)
    #expect(unused.stderr.contains("--dark-theme applies to --format xcassets and android alone."))
  }

  @Test func dtcgWithoutThemeNeedsAFolder() throws {
    let result = try CLIRunner.run(["export", "-s", "tokens/app.yaml", "--format", "dtcg"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("give it with -o DIR"))
  }
}
