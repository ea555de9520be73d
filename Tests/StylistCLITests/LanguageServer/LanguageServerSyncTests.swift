import Foundation
import Testing

/// Incremental synchronization: `didChange` ranges in UTF-16 positions,
/// applied to the server's buffer in order; an edit the buffer cannot take
/// is reported and changes nothing.
@Suite struct LanguageServerSyncTests {
  typealias JSON = [String: Any]

  /// Line 3 holds a 4-byte character (two UTF-16 units) and a 2-byte one
  /// before the typo `$brnd`, whose `$` is at UTF-16 character 32 (31 in
  /// characters, 36 in bytes).
  static let text = """
    variables:
      brand: "#DB3B3B"
    styles:
      title: { label: "😀é", color: $brnd }

    """

  static func started() throws -> (LanguageServerClient, LanguageServerWorkspace, URL) {
    let workspace = try LanguageServerWorkspace()
    let client = try LanguageServerClient()
    try client.initialize(root: workspace.folder)
    let sheet = workspace.folder.appendingPathComponent("sync.yaml")
    try client.open(sheet, text: text)
    return (client, workspace, sheet)
  }

  static func codesAndRanges(_ diagnostics: [JSON]) -> [String] {
    diagnostics.map { diagnostic in
      "\(diagnostic["code"] as? String ?? "?") \(LanguageServerFeatureTests.range(diagnostic["range"]))"
    }
  }

  /// The error the server shows for an edit it rejects.
  static func shownError(_ client: LanguageServerClient) throws -> String {
    let shown = try client.waitFor("an error shown") { $0["method"] as? String == "window/showMessage" }
    let params = shown["params"] as? JSON
    #expect(params?["type"] as? Int == 1)
    return params?["message"] as? String ?? ""
  }

  @Test func theServerAsksForIncrementalChanges() throws {
    let client = try LanguageServerClient()
    let answer = try client.request("initialize", ["capabilities": JSON()])
    let capabilities = (answer["result"] as? JSON)?["capabilities"] as? JSON
    #expect((capabilities?["textDocumentSync"] as? JSON)?["change"] as? Int == 2)
  }

  @Test func rangesCountUTF16Units() throws {
    let (client, workspace, sheet) = try Self.started()
    defer { workspace.remove() }
    let opened = try client.diagnostics(for: sheet.absoluteString)
    #expect(Self.codesAndRanges(opened) == ["unknown-variable [3, 32, 3, 37]"])
    // `brnd` → `brand`: characters 33 to 37 of line 3.
    try client.edit(sheet, version: 2, [([3, 33, 3, 37], "brand")])
    #expect(try client.diagnostics(for: sheet.absoluteString).isEmpty)
    // An insertion (an empty range) after the emoji: `😀` + `x` + `é`.
    try client.edit(sheet, version: 3, [([3, 21, 3, 21], "x\", bad: $nope, x: \"")])
    let inserted = try client.diagnostics(for: sheet.absoluteString)
    #expect(Self.codesAndRanges(inserted) == ["unknown-variable [3, 30, 3, 35]"])
  }

  @Test func multiLineChangesApplyInOrder() throws {
    let (client, workspace, sheet) = try Self.started()
    defer { workspace.remove() }
    _ = try client.diagnostics(for: sheet.absoluteString)
    // One notification: a change over two lines that adds a third, then a
    // change at a position of the text the first one left.
    try client.edit(
      sheet, version: 2,
      [
        ([1, 9, 2, 7], "\"#DB3B3B\"\n  accent: \"#3366FF\"\nstyles:"),
        ([4, 33, 4, 37], "accnt"),
      ])
    let diagnostics = try client.diagnostics(for: sheet.absoluteString)
    #expect(Self.codesAndRanges(diagnostics) == ["unknown-variable [4, 32, 4, 38]"])
    #expect((diagnostics.last?["data"] as? JSON)?["suggestion"] as? String == "accent")
    // A deletion across lines: `accent` goes, the rest of line 2 stays.
    try client.edit(sheet, version: 3, [([1, 18, 2, 19], "")])
    let deleted = try client.diagnostics(for: sheet.absoluteString)
    #expect(Self.codesAndRanges(deleted) == ["unknown-variable [3, 32, 3, 38]"])
    #expect((deleted.last?["data"] as? JSON)?["suggestion"] as? String != "accent")
    // A whole-text change replaces everything.
    try client.change(sheet, text: "styles: { a: { b: 1 } }\n", version: 4)
    #expect(try client.diagnostics(for: sheet.absoluteString).isEmpty)
  }

  @Test func editsOutsideTheTextAreRejectedWhole() throws {
    let (client, workspace, sheet) = try Self.started()
    defer { workspace.remove() }
    _ = try client.diagnostics(for: sheet.absoluteString)
    // A line past the end (the text has 5: the last one empty).
    try client.edit(sheet, version: 2, [([5, 0, 5, 0], "x")])
    let pastEnd = try Self.shownError(client)
    #expect(pastEnd.contains("sync.yaml:6:1: error:") && pastEnd.contains("5 lines"))
    // Inside the emoji's two UTF-16 units.
    try client.edit(sheet, version: 3, [([3, 20, 3, 20], "x")])
    #expect(try Self.shownError(client).contains("inside a character"))
    // An end before its start.
    try client.edit(sheet, version: 4, [([3, 10, 2, 0], "")])
    #expect(try Self.shownError(client).contains("ends before it starts"))
    // A good change then a bad one: neither is applied.
    try client.edit(sheet, version: 5, [([0, 0, 0, 0], "#"), ([-1, 0, 0, 0], "")])
    #expect(try Self.shownError(client).contains("negative"))
    // The text is as it was opened: the typo is still at line 3, and a
    // character past a line's end stands for its end (LSP).
    try client.edit(sheet, version: 6, [([3, 33, 3, 37], "brand"), ([0, 99, 0, 99], " # end")])
    #expect(try client.diagnostics(for: sheet.absoluteString).isEmpty)
    // A malformed change is reported too.
    try client.notify(
      "textDocument/didChange",
      [
        "textDocument": ["uri": sheet.absoluteString, "version": 7],
        "contentChanges": [["range": ["start": ["line": 0]], "text": "x"]],
      ])
    #expect(try Self.shownError(client).contains("character"))
    _ = try client.request("shutdown")
    try client.notify("exit", JSON())
    #expect(try client.waitForExit() == 0)
  }
}
