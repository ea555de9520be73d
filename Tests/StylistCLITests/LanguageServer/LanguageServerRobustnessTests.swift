import Foundation
import Testing

/// `stylist lsp` on bad messages and hostile documents: an error answer or
/// nothing, never a crash or a hang; `exit`'s status.
@Suite struct LanguageServerRobustnessTests {
  typealias JSON = [String: Any]

  static func errorCode(_ answer: JSON) -> Int? { (answer["error"] as? JSON)?["code"] as? Int }

  @Test func badMessagesGetErrorsAndTheServerGoesOn() throws {
    let workspace = try LanguageServerWorkspace()
    defer { workspace.remove() }
    let client = try LanguageServerClient()
    // Before `initialize`: ServerNotInitialized.
    #expect(Self.errorCode(try client.request("textDocument/hover", JSON())) == -32002)
    try client.initialize(root: workspace.folder)
    client.sendBody(Data("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": ".utf8))
    let parseError = try client.waitFor("a parse error") { Self.errorCode($0) == -32700 }
    #expect(parseError["id"] is NSNull)
    // A header without a length, then a length past what is sent: skipped,
    // and the next frame is read.
    client.sendRaw(Data("Content-Type: x\r\n\r\n".utf8))
    _ = try client.waitFor("an error for the header") { Self.errorCode($0) == -32700 }
    client.sendRaw(Data("Content-Length: 99999999999999999999\r\n\r\n".utf8))
    _ = try client.waitFor("an error for the length") { Self.errorCode($0) == -32700 }
    #expect(Self.errorCode(try client.request("no/such/method")) == -32601)
    #expect(Self.errorCode(try client.request("textDocument/hover", ["textDocument": 3])) == -32602)
    #expect(
      Self.errorCode(
        try client.request(
          "textDocument/definition", ["textDocument": ["uri": "http://x"], "position": ["line": 0, "character": 0]]))
        == -32602)
    try client.send(["id": 99, "params": JSON()])
    _ = try client.waitFor("an invalid request") { Self.errorCode($0) == -32600 && $0["id"] as? Int == 99 }
    // Broken mid-string: diagnosed, and hover still answers from the last good load.
    try client.open(workspace.app)
    _ = try client.diagnostics(for: workspace.app.absoluteString)
    let broken = LanguageServerWorkspace.appText.replacingOccurrences(of: "color: $brand", with: "color: \"$bra")
    try client.change(workspace.app, text: broken, version: 2)
    let diagnostics = try client.diagnostics(for: workspace.app.absoluteString)
    #expect(diagnostics.contains { $0["code"] as? String == "yaml-syntax" })
    let hover = try client.request(
      "textDocument/hover",
      ["textDocument": ["uri": workspace.app.absoluteString], "position": ["line": 6, "character": 14]])
    #expect(hover["result"] is JSON)
    // After `shutdown`: InvalidRequest; then `exit` ends it with 0.
    _ = try client.request("shutdown")
    #expect(Self.errorCode(try client.request("textDocument/hover", JSON())) == -32600)
    try client.notify("exit", JSON())
    #expect(try client.waitForExit() == 0)
  }

  @Test func exitWithoutShutdownIsOne() throws {
    let client = try LanguageServerClient()
    _ = try client.request("initialize", ["capabilities": JSON()])
    try client.notify("exit", JSON())
    #expect(try client.waitForExit() == 1)
    let ended = try LanguageServerClient()
    #expect(try ended.closeInputAndWait() == 1)
  }

  /// SIGTERM ends a server busy loading a large document at once, by the
  /// signal's default action, even when its parent had the signal ignored.
  @Test(arguments: [false, true])
  func terminationSignalEndsABusyServer(inheritedIgnored: Bool) throws {
    let workspace = try LanguageServerWorkspace()
    defer { workspace.remove() }
    let client = try LanguageServerClient(ignoringTerminationSignals: inheritedIgnored)
    try client.initialize(root: workspace.folder)
    var lines = "styles:\n"
    for index in 0..<100_000 { lines += "  s\(index): { a: $v\(index) }\n" }
    try client.open(workspace.folder.appendingPathComponent("many.yaml"), text: lines)
    // The load of 100,000 styles takes seconds: the server is busy with it.
    Thread.sleep(forTimeInterval: 0.5)
    #expect(client.process.isRunning)
    let sent = Date()
    client.process.terminate()
    _ = try client.waitForExit(timeout: 10)
    #expect(Date().timeIntervalSince(sent) < 5)
    #expect(client.process.terminationReason == .uncaughtSignal)
    #expect(client.process.terminationStatus == SIGTERM)
  }

  @Test func hugeDocumentsAreDiagnosedInBoundedTime() throws {
    let workspace = try LanguageServerWorkspace()
    defer { workspace.remove() }
    let client = try LanguageServerClient()
    try client.initialize(root: workspace.folder)
    // 100,000 lines.
    var lines = "styles:\n"
    for index in 0..<99_999 { lines += "  s\(index): { a: \(index) }\n" }
    let many = workspace.folder.appendingPathComponent("many.yaml")
    try client.open(many, text: lines)
    let manyDiagnostics = try client.diagnostics(for: many.absoluteString, timeout: 300)
    #expect(manyDiagnostics.allSatisfy { $0["severity"] as? Int == 2 })
    // 100 MB: past the file size limit, reported at its start.
    let large = workspace.folder.appendingPathComponent("large.yaml")
    try client.open(large, text: "a: \"" + String(repeating: "x", count: 100 << 20) + "\"\n")
    let largeDiagnostics = try client.diagnostics(for: large.absoluteString, timeout: 300)
    #expect(largeDiagnostics.map { $0["code"] as? String } == ["limit-exceeded"])
    _ = try client.request("shutdown", timeout: 300)
    try client.notify("exit", JSON())
    #expect(try client.waitForExit() == 0)
  }
}
