import Stylist

/// Writes JSON-RPC messages, each framed by its `Content-Length`, with the
/// library's JSON writer.
struct MessageWriter {
  /// Where messages go: a file descriptor, or nowhere (a fuzzer's run).
  private let descriptor: Int32?

  init(descriptor: Int32?) { self.descriptor = descriptor }

  func respond(to id: RequestID?, result: Any) {
    send(["jsonrpc": "2.0", "id": id?.json ?? .null, "result": PropertyValue(message: result)])
  }

  func respond(to id: RequestID?, error: ResponseError) {
    send(["jsonrpc": "2.0", "id": id?.json ?? .null, "error": PropertyValue(message: error.json)])
  }

  func notify(_ method: String, _ params: JSONObject) {
    send(["jsonrpc": "2.0", "method": .string(method), "params": PropertyValue(message: params)])
  }

  private func send(_ message: PropertyValue) {
    guard let descriptor else { return }
    var body: [UInt8] = []
    message.writeJSON(to: &body)
    var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
    bytes.append(contentsOf: body)
    SystemCalls.writeAll(bytes, to: descriptor)
  }
}
