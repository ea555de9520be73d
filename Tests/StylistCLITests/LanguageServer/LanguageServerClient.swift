import Foundation
import Testing

/// A language server client for tests: starts `stylist lsp` as a process
/// and speaks JSON-RPC to it over its standard input and output.
final class LanguageServerClient: @unchecked Sendable {
  typealias JSON = [String: Any]

  struct Timeout: Error, CustomStringConvertible {
    var waitingFor: String
    var description: String { "no answer in time: \(waitingFor)" }
  }

  let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private let lock = NSLock()
  private var received = Data()
  private var messages: [JSON] = []
  private var nextID = 1
  private let exited = DispatchSemaphore(value: 0)

  /// Starts `stylist lsp`; with `ignoringTerminationSignals`, through a
  /// shell that ignores SIGINT and SIGTERM first, as a parent may, so that
  /// the server inherits them ignored.
  init(ignoringTerminationSignals: Bool = false) throws {
    if ignoringTerminationSignals {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "trap '' INT TERM; exec \"$0\" lsp", CLIRunner.binary.path]
    } else {
      process.executableURL = CLIRunner.binary
      process.arguments = ["lsp"]
    }
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.environment = CLIRunner.environmentWithoutLeakCheck
    process.terminationHandler = { [exited] _ in exited.signal() }
    output.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self, !data.isEmpty else { return }
      self.lock.withLock {
        self.received.append(data)
        self.takeFrames()
      }
    }
    try process.run()
  }

  deinit {
    output.fileHandleForReading.readabilityHandler = nil
    if process.isRunning { process.terminate() }
  }

  /// Moves every whole frame of `received` to `messages`.
  private func takeFrames() {
    while let headerEnd = received.range(of: Data("\r\n\r\n".utf8)) {
      let header = String(decoding: received[received.startIndex..<headerEnd.lowerBound], as: UTF8.self)
      guard let field = header.split(separator: "\r\n").first(where: { $0.hasPrefix("Content-Length:") }),
        let length = Int(field.dropFirst("Content-Length:".count).trimmingCharacters(in: .whitespaces))
      else { return }
      guard received.count - (headerEnd.upperBound - received.startIndex) >= length else { return }
      let body = received[headerEnd.upperBound..<(headerEnd.upperBound + length)]
      if let message = try? JSONSerialization.jsonObject(with: body) as? JSON { messages.append(message) }
      received = Data(received[(headerEnd.upperBound + length)...])
    }
  }

  /// Writes raw bytes to the server.
  func sendRaw(_ bytes: Data) { input.fileHandleForWriting.write(bytes) }

  /// Writes `body` in a frame with its own length.
  func sendBody(_ body: Data) {
    sendRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
  }

  func send(_ message: JSON) throws {
    var message = message
    message["jsonrpc"] = "2.0"
    sendBody(try JSONSerialization.data(withJSONObject: message))
  }

  /// Sends a request and waits for its answer.
  @discardableResult
  func request(_ method: String, _ params: Any? = nil, timeout: Double = 60) throws -> JSON {
    let id = nextID
    nextID += 1
    var message: JSON = ["id": id, "method": method]
    if let params { message["params"] = params }
    try send(message)
    return try waitFor("the answer to \(method)", timeout: timeout) { ($0["id"] as? Int) == id }
  }

  func notify(_ method: String, _ params: Any) throws { try send(["method": method, "params": params]) }

  /// Waits for the first message `matches` accepts, taking it (and the ones before it) off the queue.
  func waitFor(_ what: String, timeout: Double = 60, _ matches: (JSON) -> Bool) throws -> JSON {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let found: JSON? = lock.withLock {
        guard let index = messages.firstIndex(where: matches) else { return nil }
        let message = messages[index]
        messages.removeSubrange(...index)
        return message
      }
      if let found { return found }
      Thread.sleep(forTimeInterval: 0.005)
    }
    throw Timeout(waitingFor: what)
  }

  /// Waits for the diagnostics published to `uri`.
  func diagnostics(for uri: String, timeout: Double = 60) throws -> [JSON] {
    let message = try waitFor("diagnostics for \(uri)", timeout: timeout) {
      $0["method"] as? String == "textDocument/publishDiagnostics" && ($0["params"] as? JSON)?["uri"] as? String == uri
    }
    return (message["params"] as? JSON)?["diagnostics"] as? [JSON] ?? []
  }

  func initialize(root: URL) throws {
    let answer = try request(
      "initialize", ["processId": NSNull(), "rootUri": root.absoluteString, "capabilities": JSON()])
    #expect((answer["result"] as? JSON)?["capabilities"] != nil)
    try notify("initialized", JSON())
  }

  func open(_ url: URL, text: String? = nil, version: Int = 1) throws {
    let text = try text ?? String(contentsOf: url, encoding: .utf8)
    try notify(
      "textDocument/didOpen",
      ["textDocument": ["uri": url.absoluteString, "languageId": "yaml", "version": version, "text": text]])
  }

  func change(_ url: URL, text: String, version: Int) throws {
    try notify(
      "textDocument/didChange",
      ["textDocument": ["uri": url.absoluteString, "version": version], "contentChanges": [["text": text]]])
  }

  /// Sends one incremental `didChange` of `changes`, applied in order: each
  /// range as `[startLine, startCharacter, endLine, endCharacter]`, in
  /// UTF-16 units, and the text that replaces it.
  func edit(_ url: URL, version: Int, _ changes: [(range: [Int], text: String)]) throws {
    let contentChanges: [JSON] = changes.map { change in
      let range = change.range
      return [
        "range": [
          "start": ["line": range[0], "character": range[1]], "end": ["line": range[2], "character": range[3]],
        ],
        "text": change.text,
      ]
    }
    try notify(
      "textDocument/didChange",
      ["textDocument": ["uri": url.absoluteString, "version": version], "contentChanges": contentChanges])
  }

  /// Closes the server's input and waits for it to end: its exit status.
  func closeInputAndWait(timeout: Double = 30) throws -> Int32 {
    try input.fileHandleForWriting.close()
    return try waitForExit(timeout: timeout)
  }

  func waitForExit(timeout: Double = 30) throws -> Int32 {
    guard exited.wait(timeout: .now() + timeout) == .success else { throw Timeout(waitingFor: "the process to exit") }
    return process.terminationStatus
  }
}
