import Foundation
import Stylist

/// A JSON value as `JSONSerialization` gives it: `[String: Any]`, `[Any]`,
/// `String`, `NSNumber`, `NSNull`.
typealias JSONObject = [String: Any]

/// A request's id: an integer or a string, echoed back as it came.
enum RequestID {
  case number(Int)
  case string(String)

  /// The id `value` spells, as `JSONSerialization` read it; nil for any
  /// other value (a fraction, a boolean, an object).
  init?(_ value: Any) {
    if let text = value as? String {
      self = .string(text)
    } else if let number = value as? NSNumber, String(cString: number.objCType) != "c", let integer = value as? Int {
      // `objCType` "c" is a boolean (a `char`), which casts to an `Int` too.
      self = .number(integer)
    } else {
      return nil
    }
  }

  var json: PropertyValue {
    switch self {
    case .number(let number): .int(number)
    case .string(let text): .string(text)
    }
  }
}

/// One incoming JSON-RPC 2.0 message, classified.
enum IncomingMessage {
  case request(id: RequestID, method: String, params: Any?)
  case notification(method: String, params: Any?)
  /// A response to a request of the server's (none are sent): ignored.
  case response
  /// Valid JSON that is no message; the id when it had one.
  case invalid(id: RequestID?, reason: String)

  /// Parses a frame's body; a `ResponseError` with code `parseError` when it is not JSON.
  static func parse(_ body: [UInt8]) throws(ResponseError) -> IncomingMessage {
    let json: Any
    do { json = try JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed]) } catch {
      throw ResponseError(.parseError, "the message is not JSON")
    }
    guard let object = json as? JSONObject else { return .invalid(id: nil, reason: "a message must be an object") }
    let id = object["id"].flatMap(RequestID.init)
    guard let method = object["method"] else {
      if object["result"] != nil || object["error"] != nil { return .response }
      return .invalid(id: id, reason: "a message without 'method'")
    }
    guard let method = method as? String else { return .invalid(id: id, reason: "'method' must be a string") }
    let params = object["params"]
    if let params, !(params is JSONObject || params is [Any]) {
      return .invalid(id: id, reason: "'params' must be an object or an array")
    }
    if object["id"] != nil {
      guard let id else { return .invalid(id: nil, reason: "'id' must be an integer or a string") }
      return .request(id: id, method: method, params: params)
    }
    return .notification(method: method, params: params)
  }
}

/// A JSON-RPC error answer.
struct ResponseError: Error {
  enum Code: Int {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    /// A request before `initialize` (LSP).
    case serverNotInitialized = -32002
    /// A request the server cannot answer for the document it names (LSP).
    case requestFailed = -32803
  }

  let code: Code
  let message: String

  init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  var json: JSONObject { ["code": code.rawValue, "message": message] }
}
