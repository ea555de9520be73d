import Dispatch
import Foundation
import Stylist
import Testing

/// `stylist preview`: the page for a fixture byte for byte, everything from
/// a hostile sheet and tree escaped, the columns `--theme` asks for, the
/// page written whole or not at all, and `--watch` writing it again.
@Suite struct PreviewCommandTests {
  static let sheet = "preview/sheet.yaml"
  static let tree = "preview/tree.yaml"

  private static func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-preview-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// The page compared with `Fixtures/preview/expected.html`; with
  /// `STYLIST_UPDATE_GOLDEN=1` the file is rewritten instead.
  @Test func pageMatchesGolden() throws {
    let result = try CLIRunner.run(["preview", "-s", Self.sheet, "--tree", Self.tree])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let url = CLIRunner.fixtures.appendingPathComponent("preview/expected.html")
    if ProcessInfo.processInfo.environment["STYLIST_UPDATE_GOLDEN"] == "1" {
      try Data(result.stdout.utf8).write(to: url)
      return
    }
    #expect(Data(result.stdout.utf8) == (try Data(contentsOf: url)), "page differs from preview/expected.html")
  }

  /// A pair of colours below the sheet's contrast minimum is marked in
  /// each column where it falls short, its foreground's row too, and only there.
  @Test func lowContrastPairsAreMarkedInTheirColumns() throws {
    let result = try CLIRunner.run(
      ["preview", "-s", "sheets/contrast.yaml", "--tree", "preview/contrast-tree.yaml", "--theme", "dark,high"])
    #expect(result.status == 0, "\(result.stderr)")
    let page = result.stdout
    let columns: [String] = Array(page.components(separatedBy: "<section class=\"column\">").dropFirst())
    #expect(columns.count == 1)
    let column = try #require(columns.first)
    #expect(column.contains("low contrast: color on backgroundColor 1.29:1 (minimum 4.5:1)"))
    #expect(column.contains("low contrast: color on backgroundColor 3.64:1 (minimum 4.5:1)"))
    #expect(column.contains("low contrast: textColor on background 2.52:1 (minimum 4.5:1)"))
    #expect(column.contains("<tr class=\"low-contrast\"><th>textColor</th>"))
    let all = try CLIRunner.run(["preview", "-s", "sheets/contrast.yaml", "--tree", "preview/contrast-tree.yaml"])
      .stdout
    let byColumn: [String] = Array(all.components(separatedBy: "<section class=\"column\">").dropFirst())
    // No theme (light): body passes, caption (#777777 on white, 4.48:1) does not.
    let light = try #require(byColumn.first)
    #expect(!light.contains("1.29:1") && light.contains("4.48:1 (minimum 4.5:1)"))
  }

  /// No theme, then each theme the sheet knows; an atom whose answer
  /// differs between them is marked, one that does not is not.
  @Test func columnsAndMarks() throws {
    let page = try CLIRunner.run(["preview", "-s", Self.sheet, "--tree", Self.tree]).stdout
    #expect(Self.headings(page) == ["no theme", "dark", "muted"])
    let atoms = Self.atomBoxes(page)
    #expect(atoms.count == 6 * 3)
    // card/button/background is red but grey under `muted`; badge is the same everywhere.
    #expect(atoms.filter { $0.contains(">card/button/background<") }.allSatisfy { $0.contains("atom differs") })
    #expect(atoms.filter { $0.contains(">badge<") }.allSatisfy { !$0.contains("differs") })
    #expect(page.contains("style=\"background-color:#db3b3b\""))
    #expect(page.contains("style=\"background-color:#777777\""))
    #expect(page.contains("<span class=\"bar\" style=\"width:32px\">"))
    #expect(page.contains("font-family:&quot;Roboto-Bold&quot;,sans-serif;font-size:24px"))
    #expect(page.contains("<span class=\"source\">preview/sheet.yaml:22</span>"))
  }

  /// The sheets of numbers no typed value can hold (font weights past
  /// `Int`, colour components of 1e308 and `.nan`, in a sheet and in a
  /// valid token file, lengths that are no number): the page renders with
  /// no trap, no `nan` and no empty `style`, each swatch a hex colour, and
  /// `lint` warns at each number instead of saying `ok`.
  @Test(arguments: [
    "bad/font-weight-out-of-range.yaml", "bad/color-out-of-range.yaml", "bad/tokens-out-of-range.yaml",
    "bad/dimension-not-finite.yaml",
  ])
  func numbersNoValueCanHoldRender(sheet: String) throws {
    let result = try CLIRunner.run(["preview", "-s", sheet, "--tree", "preview/values-tree.yaml"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    let page = result.stdout
    #expect(page.hasSuffix("</html>\n"))
    #expect(!page.contains("style=\"\""))
    let styles = page.components(separatedBy: "style=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
    for style in styles {
      #expect(!style.lowercased().contains("nan") && !style.contains("inf"), "\(style)")
    }
    for style in styles where style.hasPrefix("background-color:") {
      #expect(style.wholeMatch(of: /background-color:#[0-9a-f]{6}([0-9a-f]{2})?/) != nil, "\(style)")
    }
    let lint = try CLIRunner.run(["lint", sheet])
    #expect(lint.status == 0)
    #expect(!lint.stdout.hasSuffix(": ok\n"))
    let expected = try String(
      contentsOf: CLIRunner.fixtures.appendingPathComponent(sheet + ".expected"), encoding: .utf8)
    #expect(lint.stdout + lint.stderr == expected)
  }

  /// One column per `--theme`, in the order given.
  @Test func themeOptionsAreColumns() throws {
    let two = try CLIRunner.run([
      "preview", "-s", Self.sheet, "--tree", Self.tree, "--theme", "muted", "--theme", "dark",
    ])
    #expect(two.status == 0)
    #expect(Self.headings(two.stdout) == ["muted", "dark"])
  }

  /// Every name and value of the hostile sheet and tree is text on the
  /// page: no element of theirs, the markup shown escaped.
  @Test func hostileSheetIsEscaped() throws {
    let result = try CLIRunner.run(["preview", "-s", "preview/hostile.yaml", "--tree", "preview/hostile-tree.yaml"])
    #expect(result.status == 0, "\(result.stderr)")
    let page = result.stdout
    for markup in ["<script", "<img", "<svg", "<b>"] {
      #expect(!page.contains(markup), "\(markup) is on the page unescaped")
    }
    #expect(page.components(separatedBy: "<div").count == page.components(separatedBy: "</div>").count)
    #expect(page.components(separatedBy: "<section").count == page.components(separatedBy: "</section>").count)
    #expect(page.contains("&lt;script&gt;alert(2)&lt;/script&gt;"))
    #expect(page.contains("&lt;img src=x onerror=alert(3)&gt;"))
    #expect(page.contains("&lt;/div&gt;&lt;/section&gt;&lt;/main&gt;"))
    #expect(page.contains("<h2>&lt;b&gt;evil</h2>"))
    #expect(page.contains("&lt;svg onload=alert(7)&gt;"))
    // The font's name is not plain: the sample takes its size alone.
    #expect(page.contains("<span class=\"font-sample\" style=\"font-size:12px\">"))
    #expect(page.contains("<title>Stylist preview: hostile-tree.yaml</title>"))
  }

  /// `-o` writes the page a whole file; a sheet that does not load and a
  /// folder that does not exist leave nothing half-written (exit 2).
  @Test func writesWholeFileOrNothing() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("page.html")
    let written = try CLIRunner.run(["preview", "-s", Self.sheet, "--tree", Self.tree, "-o", page.path])
    #expect(written.status == 0)
    #expect(written.stdout.isEmpty)
    let stdout = try CLIRunner.run(["preview", "-s", Self.sheet, "--tree", Self.tree]).stdout
    #expect(try String(contentsOf: page, encoding: .utf8) == stdout)

    let broken = folder.appendingPathComponent("broken.yaml")
    try Data("styles:\n  title: { color: [\n".utf8).write(to: broken)
    let failed = try CLIRunner.run(["preview", "-s", broken.path, "--tree", Self.tree, "-o", page.path])
    #expect(failed.status == 2)
    #expect(failed.stderr.hasPrefix("\(broken.path):3:1: error:"))
    #expect(try String(contentsOf: page, encoding: .utf8) == stdout)

    let missing = folder.appendingPathComponent("no-such-folder/page.html").path
    let unwritable = try CLIRunner.run(["preview", "-s", Self.sheet, "--tree", Self.tree, "-o", missing])
    #expect(unwritable.status == 2)
    #expect(unwritable.stderr == "\(missing): error: cannot write '\(missing)': its folder does not exist\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["broken.yaml", "page.html"])
  }

  /// `-o` replaces a page of its own (one that begins with the page's
  /// header) and nothing else: someone's `index.html` is left as it was.
  @Test func replacesOnlyAPageOfItsOwn() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let theirs = folder.appendingPathComponent("index.html")
    let text = "<!DOCTYPE html>\n<html><body>Our site</body></html>\n"
    try Data(text.utf8).write(to: theirs)
    let refused = try CLIRunner.run(["preview", "-s", Self.sheet, "--tree", Self.tree, "-o", theirs.path])
    #expect(refused.status == 2)
    #expect(
      refused.stderr
        == "\(theirs.path): error: cannot write '\(theirs.path)': it holds a file that is no earlier output of "
        + "this command; name a new file or remove it\n")
    #expect(try String(contentsOf: theirs, encoding: .utf8) == text)
    let page = folder.appendingPathComponent("page.html")
    for _ in 0..<2 {
      #expect(try CLIRunner.run(["preview", "-s", Self.sheet, "--tree", Self.tree, "-o", page.path]).status == 0)
    }
    #expect(try String(contentsOf: page, encoding: .utf8).hasPrefix(HTMLRenderer.pageHeader))
  }

  /// A comma list is one column of themes on different axes; two themes
  /// of one axis there are a usage error (exit 64), in two `--theme`s two
  /// columns. `--watch` needs `-o`.
  @Test func themeCombinationsAndUsageErrors() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sheet = folder.appendingPathComponent("axes.yaml")
    try Data(
      """
      axes:
        appearance: [light, dark]
        density: [regular, compact]
      styles:
        title: { color: "#111111" }
        "@dark/title": { color: "#EEEEEE" }
        "@dark/@compact/title": { color: "#222222" }

      """.utf8
    ).write(to: sheet)
    let combined = try CLIRunner.run(["preview", "-s", sheet.path, "--tree", Self.tree, "--theme", "dark,compact"])
    #expect(combined.status == 0)
    #expect(Self.headings(combined.stdout) == ["dark + compact"])
    #expect(combined.stdout.contains("<span class=\"selector\">@dark/@compact/title</span>"))
    let conflict = try CLIRunner.run(["preview", "-s", sheet.path, "--tree", Self.tree, "--theme", "light,dark"])
    #expect(conflict.status == 64)
    #expect(conflict.stderr == "--theme:1:7: error: 'light' and 'dark' are both on axis 'appearance'\n")
    #expect(conflict.stdout.isEmpty)
    let separate = try CLIRunner.run([
      "preview", "-s", sheet.path, "--tree", Self.tree, "--theme", "light", "--theme", "dark",
    ])
    #expect(separate.status == 0)
    #expect(Self.headings(separate.stdout) == ["light", "dark"])
    let all = try CLIRunner.run(["preview", "-s", sheet.path, "--tree", Self.tree])
    #expect(Self.headings(all.stdout) == ["no theme", "light", "dark", "regular", "compact"])
    let watch = try CLIRunner.run(["preview", "-s", Self.sheet, "--tree", Self.tree, "--watch"])
    #expect(watch.status == 64)
    #expect(watch.stderr.contains("--watch needs -o FILE"))
  }

  /// More columns than a page takes is an error before anything is written.
  @Test func tooManyColumns() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sheet = folder.appendingPathComponent("themes.yaml")
    let styles = (1...64).map { "  \"@t\($0)/title\": { color: red }\n" }.joined()
    try Data(("styles:\n" + styles).utf8).write(to: sheet)
    let page = folder.appendingPathComponent("page.html")
    let result = try CLIRunner.run(["preview", "-s", sheet.path, "--tree", Self.tree, "-o", page.path])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "<command line>: error: the page would have 65 columns, more than 64: name the themes to show with --theme\n"
    )
    #expect(!FileManager.default.fileExists(atPath: page.path))
    let chosen = try CLIRunner.run([
      "preview", "-s", sheet.path, "--tree", Self.tree, "--theme", "t1", "--theme", "t64",
    ])
    #expect(Self.headings(chosen.stdout) == ["t1", "t64"])
  }

  /// `--watch` writes the page again after a save of an import.
  @Test func watchRewritesAfterSave() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sheet = folder.appendingPathComponent("app.yaml")
    let colors = folder.appendingPathComponent("colors.yaml")
    try Data("imports: [colors.yaml]\nstyles:\n  title: { color: $brand }\n".utf8).write(to: sheet)
    try Data("variables: { brand: \"#112233\" }\n".utf8).write(to: colors)
    let tree = folder.appendingPathComponent("tree.yaml")
    try Data("tree: [ { style: title } ]\n".utf8).write(to: tree)
    let page = folder.appendingPathComponent("page.html")

    let process = Process()
    process.executableURL = CLIRunner.binary
    process.arguments = ["preview", "-s", "app.yaml", "--tree", "tree.yaml", "-o", "page.html", "--watch"]
    process.environment = CLIRunner.environmentWithoutLeakCheck
    process.currentDirectoryURL = folder
    try process.run()
    let pid = process.processIdentifier
    DispatchQueue.global().asyncAfter(deadline: .now() + 60) { kill(pid, SIGKILL) }
    defer { if process.isRunning { kill(pid, SIGTERM) } }

    #expect(Self.waitForFile(page) { $0.contains("background-color:#112233") })
    let temporary = folder.appendingPathComponent(".colors.tmp")
    try Data("variables: { brand: \"#445566\" }\n".utf8).write(to: temporary)
    #expect(rename(temporary.path, colors.path) == 0)
    #expect(Self.waitForFile(page) { $0.contains("background-color:#445566") })
    kill(pid, SIGTERM)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  /// Waits up to 20 s for `file` to hold what `accept` accepts.
  private static func waitForFile(_ file: URL, _ accept: (String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if let text = try? String(contentsOf: file, encoding: .utf8), accept(text) { return true }
      usleep(50_000)
    }
    return false
  }

  /// The columns' headings, in order.
  static func headings(_ page: String) -> [String] {
    page.components(separatedBy: "<section class=\"column\">\n<h2>").dropFirst().map {
      String($0.prefix { $0 != "<" })
    }
  }

  /// Each atom's box, as text, in page order.
  static func atomBoxes(_ page: String) -> [String] {
    page.components(separatedBy: "<div class=\"atom").dropFirst().map {
      "atom" + $0.components(separatedBy: "</table>")[0]
    }
  }
}
