/// A message's params, read field by field: a missing field or one of the
/// wrong type is `InvalidParams`.
struct Params {
  let object: JSONObject

  init(_ value: Any?) { object = value as? JSONObject ?? [:] }
  init(object: JSONObject) { self.object = object }

  func object(_ key: String) throws(ResponseError) -> Params {
    guard let value = object[key] as? JSONObject else { throw Self.invalid(key, "an object") }
    return Params(object: value)
  }

  func string(_ key: String) throws(ResponseError) -> String {
    guard let value = object[key] as? String else { throw Self.invalid(key, "a string") }
    return value
  }

  func int(_ key: String) throws(ResponseError) -> Int {
    guard let value = object[key] as? Int else { throw Self.invalid(key, "an integer") }
    return value
  }

  func array(_ key: String) throws(ResponseError) -> [Any] {
    guard let value = object[key] as? [Any] else { throw Self.invalid(key, "an array") }
    return value
  }

  /// The canonical path of this text document identifier's `uri`.
  func path() throws(ResponseError) -> String {
    let uri = try string("uri")
    guard let path = DocumentURI(uri).path else {
      throw ResponseError(.invalidParams, "'uri' must be a file URI, not '\(uri)'")
    }
    return path
  }

  /// `textDocument` and `position` of a text document position request:
  /// the path, and the 0-based line and UTF-16 character.
  func textDocumentPosition() throws(ResponseError) -> (path: String, line: Int, character: Int) {
    let path = try object("textDocument").path()
    let position = try object("position")
    let line = try position.int("line")
    let character = try position.int("character")
    guard line >= 0, character >= 0 else { throw ResponseError(.invalidParams, "a position is not negative") }
    return (path, line, character)
  }

  /// A position's 0-based `line` and UTF-16 `character`.
  func position() throws(ResponseError) -> TextChange.Position {
    TextChange.Position(line: try int("line"), character: try int("character"))
  }

  /// `didChange`'s `contentChanges`, in order: each the `text` that
  /// replaces its `range`, or the whole text when it has no range.
  func contentChanges() throws(ResponseError) -> [TextChange] {
    var changes: [TextChange] = []
    for entry in try array("contentChanges") {
      guard let object = entry as? JSONObject else { throw Self.invalid("contentChanges", "a list of objects") }
      let change = Params(object: object)
      let text = try change.string("text")
      guard object["range"] != nil else {
        changes.append(TextChange(range: nil, text: text))
        continue
      }
      let range = try change.object("range")
      changes.append(
        TextChange(range: (try range.object("start").position(), try range.object("end").position()), text: text))
    }
    return changes
  }

  private static func invalid(_ key: String, _ what: String) -> ResponseError {
    ResponseError(.invalidParams, "'\(key)' must be \(what)")
  }
}
