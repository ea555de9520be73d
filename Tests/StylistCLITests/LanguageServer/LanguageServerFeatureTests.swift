import Foundation
import Stylist
import Testing

/// `stylist lsp` on a workspace of two sheets and a token file: every
/// capability, through a client speaking JSON-RPC to the process.
@Suite struct LanguageServerFeatureTests {
  typealias JSON = [String: Any]

  /// A started, initialized server on a fresh workspace.
  static func started() throws -> (LanguageServerClient, LanguageServerWorkspace) {
    let workspace = try LanguageServerWorkspace()
    let client = try LanguageServerClient()
    try client.initialize(root: workspace.folder)
    return (client, workspace)
  }

  static func position(_ line: Int, _ character: Int, in url: URL) -> JSON {
    ["textDocument": ["uri": url.absoluteString], "position": ["line": line, "character": character]]
  }

  static func range(_ json: Any?) -> [Int] {
    let range = json as? JSON
    let start = range?["start"] as? JSON
    let end = range?["end"] as? JSON
    return [start?["line"], start?["character"], end?["line"], end?["character"]].map { $0 as? Int ?? -1 }
  }

  @Test func diagnosticsAreLintsWithRangesAndFollowImports() throws {
    let (client, workspace) = try Self.started()
    defer { workspace.remove() }
    let broken = LanguageServerWorkspace.appText.replacingOccurrences(of: "$brand", with: "$brnd")
    try broken.write(to: workspace.app, atomically: true, encoding: .utf8)
    try client.open(workspace.app)
    let diagnostics = try client.diagnostics(for: workspace.app.absoluteString)
    // The same message, kind and place as lint's.
    let lint = StyleSheet.diagnose([workspace.app.path]).filter { $0.severity == .error }
    #expect(lint.count == 1)
    #expect(diagnostics.count == lint.count)
    #expect(diagnostics.first?["message"] as? String == lint.first?.message)
    #expect(diagnostics.first?["code"] as? String == "unknown-variable")
    #expect(diagnostics.first?["severity"] as? Int == 1)
    // `color: $brnd` on line 6 (0-based 5): the range covers `$brnd`.
    #expect(Self.range(diagnostics.first?["range"]) == [5, 11, 5, 16])

    // The fix in the buffer (the file on disk keeps the typo) clears them.
    try client.change(workspace.app, text: LanguageServerWorkspace.appText, version: 2)
    #expect(try client.diagnostics(for: workspace.app.absoluteString).isEmpty)

    // An open import whose buffer drops `brand` re-diagnoses the sheet that uses it.
    try client.open(workspace.base)
    _ = try client.diagnostics(for: workspace.app.absoluteString)
    let withoutBrand = LanguageServerWorkspace.baseText.replacingOccurrences(of: "  brand: \"#DB3B3B\"\n", with: "")
    try client.change(workspace.base, text: withoutBrand, version: 2)
    let after = try client.diagnostics(for: workspace.app.absoluteString)
    #expect(after.map { $0["code"] as? String } == ["unknown-variable"])
    #expect((after.first?["message"] as? String)?.contains("brand") == true)

    // A token file with an error: published to the token file itself.
    try client.open(
      workspace.palette,
      text: LanguageServerWorkspace.paletteText.replacingOccurrences(of: "\"#3366FF\"", with: "\"{color.nope}\""))
    let tokenDiagnostics = try client.diagnostics(for: workspace.palette.absoluteString)
    #expect(!tokenDiagnostics.isEmpty)
    _ = try client.request("shutdown")
    try client.notify("exit", JSON())
    #expect(try client.waitForExit() == 0)
  }

  /// A file the editor does not have open, changed on disk and reported by
  /// `workspace/didChangeWatchedFiles`, re-diagnoses the open sheets that read it.
  @Test func aWatchedImportReDiagnosesItsSheets() throws {
    let (client, workspace) = try Self.started()
    defer { workspace.remove() }
    try client.open(workspace.app)
    #expect(try client.diagnostics(for: workspace.app.absoluteString).isEmpty)
    let withoutBrand = LanguageServerWorkspace.baseText.replacingOccurrences(of: "  brand: \"#DB3B3B\"\n", with: "")
    try withoutBrand.write(to: workspace.base, atomically: true, encoding: .utf8)
    try client.notify(
      "workspace/didChangeWatchedFiles", ["changes": [["uri": workspace.base.absoluteString, "type": 2]]])
    let after = try client.diagnostics(for: workspace.app.absoluteString)
    #expect(after.map { $0["code"] as? String } == ["unknown-variable"])
  }

  @Test func completion() throws {
    let (client, workspace) = try Self.started()
    defer { workspace.remove() }
    try client.open(workspace.app)
    _ = try client.diagnostics(for: workspace.app.absoluteString)
    func labels(_ line: Int, _ character: Int) throws -> [String: JSON] {
      let answer = try client.request("textDocument/completion", Self.position(line, character, in: workspace.app))
      let items = ((answer["result"] as? JSON)?["items"] as? [JSON]) ?? []
      return Dictionary(items.map { ($0["label"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }
    // After `$` of `color: $brand` (line 5, `$` at 11).
    let variables = try labels(5, 12)
    #expect(variables["brand"]?["detail"] as? String == "\"#DB3B3B\"")
    #expect(variables["colors.text"]?["detail"] as? String == "\"#111111\"")
    #expect(variables["color.accent"] != nil)
    let edit = variables["brand"]?["textEdit"] as? JSON
    #expect(Self.range(edit?["range"]) == [5, 12, 5, 12])
    // After `@` in `"@dark/label"` (line 7).
    #expect(try labels(7, 4).keys.contains("dark"))
    // Inside `extends: [title]` (line 4).
    #expect(try labels(4, 15).keys.contains("title"))
    // The top-level keys the sheet lacks, at the start of a new line.
    try client.change(workspace.app, text: LanguageServerWorkspace.appText + "v", version: 2)
    _ = try client.diagnostics(for: workspace.app.absoluteString)
    let keys = try labels(9, 1)
    #expect(keys.keys.contains("variables") && keys.keys.contains("version"))
    #expect(!keys.keys.contains("styles") && !keys.keys.contains("imports"))
    // Files beside the sheet inside `imports`.
    let files = try labels(0, 10)
    #expect(files.keys.contains("base.yaml") && !files.keys.contains("app.yaml"))
    #expect(try labels(1, 10).keys.sorted() == ["palette.tokens.json"])
  }

  /// A completion item's detail is cut after `Completion.detailLimit`
  /// (200) characters, on a character boundary, with `…`: an 800 KB
  /// value (a string of flags, each two scalars) is no 800 KB item.
  @Test func completionDetailIsCut() throws {
    let (client, workspace) = try Self.started()
    defer { workspace.remove() }
    let sheet = workspace.folder.appendingPathComponent("long.yaml")
    let long = String(repeating: "🇫🇷", count: 100_000)
    let text = "variables:\n  long: \"\(long)\"\n  short: \"ok\"\nstyles:\n  a: { b: $long, c: $short }\n"
    try client.open(sheet, text: text)
    _ = try client.diagnostics(for: sheet.absoluteString)
    let completion = try client.request("textDocument/completion", Self.position(4, 11, in: sheet))
    let items = ((completion["result"] as? JSON)?["items"] as? [JSON]) ?? []
    let details = Dictionary(items.map { ($0["label"] as? String ?? "", $0["detail"] as? String) }) { a, _ in a }
    #expect(details["long"] == "\"" + String(repeating: "🇫🇷", count: 199) + "…")
    #expect(details["short"] == "\"ok\"")
  }

  /// A value holding backticks stays one code span in the hover: its
  /// fence is longer than any run of backticks inside.
  @Test func hoverCodeSpansHoldBackticks() throws {
    let (client, workspace) = try Self.started()
    defer { workspace.remove() }
    let sheet = workspace.folder.appendingPathComponent("ticks.yaml")
    let text = "variables:\n  raw: \"a `b`` c\"\n  quote: $raw\nstyles:\n  t: { label: $quote, title: $raw }\n"
    try client.open(sheet, text: text)
    #expect(try client.diagnostics(for: sheet.absoluteString).isEmpty)
    let quote = try client.request("textDocument/hover", Self.position(4, 16, in: sheet))
    let quoteHover = try #require(((quote["result"] as? JSON)?["contents"] as? JSON)?["value"] as? String)
    #expect(quoteHover.hasSuffix("- no theme: `$raw` → ```a `b`` c```"), "\(quoteHover)")
    let raw = try client.request("textDocument/hover", Self.position(4, 31, in: sheet))
    let rawHover = try #require(((raw["result"] as? JSON)?["contents"] as? JSON)?["value"] as? String)
    #expect(rawHover.hasSuffix("- no theme: ```\"a `b`` c\"```"), "\(rawHover)")
  }

  /// Beside the value as written, the value it resolves to, under no
  /// theme and under each theme that sets it.
  @Test func hoverAndCompletionShowResolvedValues() throws {
    let (client, workspace) = try Self.started()
    defer { workspace.remove() }
    let sheet = workspace.folder.appendingPathComponent("resolved.yaml")
    let text = """
      variables:
        palette: { red: "#DB3B3B", dark: "#7A1F1F" }
        brand: $palette.red
        size: { value: 12, unit: px }
        pad: $size
      themes:
        dark:
          variables: { brand: $palette.dark }
      styles:
        button: { color: $brand, padding: $pad }

      """
    try client.open(sheet, text: text)
    #expect(try client.diagnostics(for: sheet.absoluteString).isEmpty)
    // `$brand` on line 9, its `$` at 19; `$pad` at 36.
    let answer = try client.request("textDocument/hover", Self.position(9, 21, in: sheet))
    let hover = try #require(((answer["result"] as? JSON)?["contents"] as? JSON)?["value"] as? String)
    #expect(hover.contains("- no theme: `$palette.red` → `#DB3B3B`"))
    #expect(hover.contains("- under `@dark`: `$palette.dark` → `#7A1F1F`"))
    // Values read in their text form, as every text output shows them.
    let padding = try client.request("textDocument/hover", Self.position(9, 38, in: sheet))
    let paddingHover = try #require(((padding["result"] as? JSON)?["contents"] as? JSON)?["value"] as? String)
    #expect(paddingHover.contains("- no theme: `$size` → `12px`"), "\(paddingHover)")
    let completion = try client.request("textDocument/completion", Self.position(9, 20, in: sheet))
    let items = ((completion["result"] as? JSON)?["items"] as? [JSON]) ?? []
    let details = Dictionary(items.map { ($0["label"] as? String ?? "", $0["detail"] as? String) }) { a, _ in a }
    #expect(details["brand"] == "$palette.red → #DB3B3B")
    #expect(details["pad"] == "$size → 12px")
    #expect(details["palette.red"] == "\"#DB3B3B\"")
    // The file beside it: a token's detail has its resolved value.
    try client.open(workspace.app)
    _ = try client.diagnostics(for: workspace.app.absoluteString)
    let app = try client.request("textDocument/completion", Self.position(5, 12, in: workspace.app))
    let appItems = ((app["result"] as? JSON)?["items"] as? [JSON]) ?? []
    let accent = appItems.first { $0["label"] as? String == "color.accent" }
    #expect(accent?["detail"] as? String == "color #3366FF: Links and focus")
  }

  /// A style whose colours fall short of the minimum under some set of
  /// themes: a `low-contrast` diagnostic, and its hover gives the ratio
  /// under each set.
  @Test func lowContrastIsDiagnosedAndItsRatiosHovered() throws {
    let (client, workspace) = try Self.started()
    defer { workspace.remove() }
    let sheet = workspace.folder.appendingPathComponent("contrast.yaml")
    let text = """
      variables: { surface: "#ffffff" }
      themes:
        dark:
          variables: { surface: "#202020" }
      styles:
        caption: { color: "#595959", backgroundColor: $surface }

      """
    try client.open(sheet, text: text)
    let diagnostics = try client.diagnostics(for: sheet.absoluteString)
    #expect(diagnostics.map { $0["code"] as? String } == ["low-contrast"])
    #expect(
      (diagnostics.first?["message"] as? String)?.contains("2.33:1, below the minimum 4.5:1 under theme 'dark'") == true
    )
    let answer = try client.request("textDocument/hover", Self.position(5, 4, in: sheet))
    let hover = try #require(((answer["result"] as? JSON)?["contents"] as? JSON)?["value"] as? String)
    #expect(hover.contains("contrast of `color` on `backgroundColor` (minimum 4.5:1):"))
    #expect(hover.contains("- under no theme 'dark': `#595959` on `#ffffff` 7.00:1"))
    #expect(hover.contains("- under theme 'dark': `#595959` on `#202020` 2.33:1 (below the minimum)"))
  }

  @Test func hoverDefinitionSymbolsAndColours() throws {
    let (client, workspace) = try Self.started()
    defer { workspace.remove() }
    try client.open(workspace.app)
    _ = try client.diagnostics(for: workspace.app.absoluteString)
    func hover(_ line: Int, _ character: Int, in url: URL) throws -> String? {
      let answer = try client.request("textDocument/hover", Self.position(line, character, in: url))
      return ((answer["result"] as? JSON)?["contents"] as? JSON)?["value"] as? String
    }
    func definition(_ line: Int, _ character: Int) throws -> [JSON] {
      let answer = try client.request("textDocument/definition", Self.position(line, character, in: workspace.app))
      return answer["result"] as? [JSON] ?? []
    }
    // `$colors.text` (line 7): global and dark values.
    let colors = try #require(try hover(7, 30, in: workspace.app))
    #expect(colors.contains("no theme: `\"#111111\"`") && colors.contains("under `@dark`: `\"#EEEEEE\"`"))
    #expect(try hover(6, 14, in: workspace.app)?.contains("token, color `#3366FF`: Links and focus") == true)
    #expect(try hover(4, 15, in: workspace.app)?.contains("font: body") == true)
    let button = try hover(3, 4, in: workspace.app)
    #expect(button?.contains("registered as `button`") == true)
    #expect(button?.contains("specificity") == true)

    // `$brand` is defined in base.yaml, line 2.
    let brand = try definition(5, 13)
    #expect(brand.first?["uri"] as? String == workspace.base.absoluteString)
    #expect(Self.range(brand.first?["range"]) == [1, 2, 1, 7])
    #expect(try definition(6, 14).first?["uri"] as? String == workspace.palette.absoluteString)
    let title = try definition(4, 15)
    #expect(title.first?["uri"] as? String == workspace.base.absoluteString)
    #expect(Self.range(title.first?["range"]) == [7, 2, 7, 7])
    #expect(try definition(0, 12).first?["uri"] as? String == workspace.base.absoluteString)

    let symbols = try client.request(
      "textDocument/documentSymbol", ["textDocument": ["uri": workspace.app.absoluteString]])
    let names = (symbols["result"] as? [JSON] ?? []).compactMap { $0["name"] as? String }
    #expect(names == ["button", "@dark/label"])

    try client.open(workspace.base)
    let colours = try client.request(
      "textDocument/documentColor", ["textDocument": ["uri": workspace.base.absoluteString]])
    let found = colours["result"] as? [JSON] ?? []
    #expect(found.count == 3)
    let red = (found.first?["color"] as? JSON)?["red"] as? Double ?? 0
    #expect(abs(red - 0xDB / 255.0) < 1e-9)
    #expect(Self.range(found.first?["range"]) == [1, 10, 1, 17])
    let presentation = try client.request(
      "textDocument/colorPresentation",
      [
        "textDocument": ["uri": workspace.base.absoluteString],
        "color": ["red": 1.0, "green": 0.0, "blue": 0.0, "alpha": 1.0],
        "range": found.first?["range"] ?? JSON(),
      ])
    #expect(((presentation["result"] as? [JSON])?.first?["label"] as? String)?.uppercased() == "#FF0000")
  }
}
