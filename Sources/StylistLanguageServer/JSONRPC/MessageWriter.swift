import Foundation
import Stylist

/// Writes JSON-RPC messages, each framed by its `Content-Length`.
struct MessageWriter {
  /// Where messages go: a file descriptor, or nowhere (a fuzzer's run).
  private let descriptor: Int32?

  init(descriptor: Int32?) { self.descriptor = descriptor }

  func respond(to id: RequestID?, result: Any) {
    send(["jsonrpc": "2.0", "id": id?.value ?? NSNull(), "result": result])
  }

  func respond(to id: RequestID?, error: ResponseError) {
    send(["jsonrpc": "2.0", "id": id?.value ?? NSNull(), "error": error.json])
  }

  func notify(_ method: String, _ params: JSONObject) {
    send(["jsonrpc": "2.0", "method": method, "params": params])
  }

  private func send(_ message: JSONObject) {
    guard let descriptor,
      let body = try? JSONSerialization.data(withJSONObject: message, options: [.withoutEscapingSlashes])
    else {
      return
    }
    var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
    bytes.append(contentsOf: body)
    SystemCalls.writeAll(bytes, to: descriptor)
  }
}
