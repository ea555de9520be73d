import Foundation

/// `stylist lsp` as an editor meets it: a JSON-RPC client over the
/// process's pipes that times a one-character `didChange` to its
/// `publishDiagnostics`, and a completion request to its answer.
final class LanguageServerSession {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  private var received = Data()
  private var nextID = 1

  init(stylist: String) throws {
    process.executableURL = URL(fileURLWithPath: stylist)
    process.arguments = ["lsp"]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  func send(_ message: [String: Any]) throws {
    var message = message
    message["jsonrpc"] = "2.0"
    let body = try JSONSerialization.data(withJSONObject: message)
    input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
  }

  /// Reads messages until `matches` accepts one.
  func waitFor(_ matches: ([String: Any]) -> Bool) throws -> [String: Any] {
    while true {
      while let headerEnd = received.range(of: Data("\r\n\r\n".utf8)) {
        let header = String(decoding: received[received.startIndex..<headerEnd.lowerBound], as: UTF8.self)
        guard
          let length = Int(
            header.replacingOccurrences(of: "Content-Length:", with: "").trimmingCharacters(in: .whitespaces))
        else {
          throw BenchError("a frame without a length from stylist lsp: \(header)")
        }
        guard received.endIndex - headerEnd.upperBound >= length else { break }
        let body = received[headerEnd.upperBound..<(headerEnd.upperBound + length)]
        received = Data(received[(headerEnd.upperBound + length)...])
        if let message = try JSONSerialization.jsonObject(with: body) as? [String: Any], matches(message) {
          return message
        }
      }
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { throw BenchError("stylist lsp ended") }
      received.append(chunk)
    }
  }

  func request(_ method: String, _ params: [String: Any]) throws -> [String: Any] {
    let id = nextID
    nextID += 1
    try send(["id": id, "method": method, "params": params])
    return try waitFor { $0["id"] as? Int == id }
  }

  /// Waits for the diagnostics of `uri` at `version`.
  func diagnostics(of uri: String, version: Int) throws {
    _ = try waitFor { message in
      guard message["method"] as? String == "textDocument/publishDiagnostics",
        let params = message["params"] as? [String: Any]
      else { return false }
      return params["uri"] as? String == uri && params["version"] as? Int == version
    }
  }

  func finish() throws {
    _ = try request("shutdown", [:])
    try send(["method": "exit"])
    process.waitUntilExit()
  }

  /// Times from `didOpen` of `sheet`, then `edits` one-character changes
  /// (a `#` added at the end and taken away, in turn, each sent as its range
  /// and text, as an editor sends a keystroke) each to its diagnostics, and
  /// as many completions after the sheet's first `$`.
  static func latencies(stylist: String, sheet: String, edits: Int) throws -> (change: [Double], completion: [Double]) {
    let text = try String(contentsOfFile: sheet, encoding: .utf8)
    let uri = URL(fileURLWithPath: sheet).standardizedFileURL.resolvingSymlinksInPath().absoluteString
    let session = try LanguageServerSession(stylist: stylist)
    _ = try session.request("initialize", ["capabilities": [String: Any]()])
    try session.send(["method": "initialized", "params": [String: Any]()])
    try session.send([
      "method": "textDocument/didOpen",
      "params": ["textDocument": ["uri": uri, "languageId": "yaml", "version": 1, "text": text]],
    ])
    try session.diagnostics(of: uri, version: 1)
    // The end of the text: its last line (after the final line break) and
    // that line's length in UTF-16 units.
    let lastLine = text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    let lastLineLength = text[(text.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex)...].utf16
      .count
    func position(_ character: Int) -> [String: Int] { ["line": lastLine, "character": character] }
    var change: [Double] = []
    for edit in 0..<edits {
      let version = edit + 2
      let added = edit % 2 == 0
      let start = ContinuousClock.now
      try session.send([
        "method": "textDocument/didChange",
        "params": [
          "textDocument": ["uri": uri, "version": version],
          "contentChanges": [
            [
              "range": ["start": position(lastLineLength), "end": position(lastLineLength + (added ? 0 : 1))],
              "text": added ? "#" : "",
            ]
          ],
        ],
      ])
      try session.diagnostics(of: uri, version: version)
      change.append(seconds(since: start))
    }
    guard let dollar = text.firstIndex(of: "$") else { throw BenchError("the sheet uses no variable") }
    let before = text[..<dollar]
    let line = before.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
    let character =
      before.distance(
        from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex, to: before.endIndex) + 1
    var completion: [Double] = []
    for _ in 0..<edits {
      let start = ContinuousClock.now
      let answer = try session.request(
        "textDocument/completion",
        ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])
      completion.append(seconds(since: start))
      guard let items = (answer["result"] as? [String: Any])?["items"] as? [Any], !items.isEmpty else {
        throw BenchError("no completion after the sheet's first $")
      }
    }
    try session.finish()
    return (change, completion)
  }

  private static func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}
