import Foundation
import Stylist

/// `textDocument/documentColor`: every CSS hex colour written as a quoted
/// scalar (`"#DB3B3B"`; unquoted, YAML reads `#` as a comment), and every
/// DTCG colour object a `color` token's `$value` writes in a token file
/// (JSON or YAML), each in sRGB through ``StyleColor``, so that editors
/// draw swatches. `colorPresentation` writes a picked colour back as hex,
/// or, over a colour object, as an object of the same colour space.
enum DocumentColors {
  static func colors(_ params: Params, in workspace: Workspace) throws(ResponseError) -> Any {
    let path = try params.object("textDocument").path()
    guard let document = workspace.store.document(atPath: path) else {
      throw ResponseError(.invalidParams, "the document is not open")
    }
    let objects = tokenColors(in: document.lines, path: path, workspace: workspace)
    // A colour object's `hex` member is its swatch's, not a second one.
    let inside = { (line: Int, column: Int) in
      objects.contains { object in
        (object.start.line, object.start.column) <= (line, column)
          && (line, column) < (object.end.line, object.end.column)
      }
    }
    return hexColors(in: document.lines, skipping: inside) + objects.map(\.json)
  }

  /// The quoted hex colours but those `skipped` says are part of another.
  static func hexColors(in lines: LineIndex, skipping skipped: (Int, Int) -> Bool) -> [JSONObject] {
    var found: [JSONObject] = []
    for line in 0..<lines.lineCount {
      let bytes = lines.line(line)
      guard bytes.contains(UInt8(ascii: "#")) else { continue }
      let characters = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
      var index = 1
      while index < characters.count {
        defer { index += 1 }
        guard characters[index] == "#", characters[index - 1] == "\"" || characters[index - 1] == "'" else {
          continue
        }
        var end = index + 1
        while end < characters.count, characters[end].properties.isASCIIHexDigit { end += 1 }
        guard end < characters.count, characters[end] == characters[index - 1] else { continue }
        let hex = String(String.UnicodeScalarView(characters[index..<end]))
        guard let color = StyleColor(hex: hex), !skipped(line, index) else { continue }
        found.append(json(color, from: (line, index), to: (line, end), in: lines))
      }
    }
    return found
  }

  /// The colour objects of the tokens the document's last good load
  /// defines in it, each once (a resolver lists a token per context).
  static func tokenColors(in lines: LineIndex, path: String, workspace: Workspace)
    -> [(start: (line: Int, column: Int), end: (line: Int, column: Int), json: JSONObject)]
  {
    var seen: Set<SourceLocation> = []
    var found: [(start: (line: Int, column: Int), end: (line: Int, column: Int), json: JSONObject)] = []
    for (color, start) in tokenColorStarts(path: path, workspace: workspace) where seen.insert(start).inserted {
      let line = start.line - 1
      let column = start.column - 1
      guard line < lines.lineCount, let end = ValueExtent.end(in: lines, line: line, column: column) else { continue }
      found.append(((line, column), end, json(color, from: (line, column), to: end, in: lines)))
    }
    return found
  }

  /// Each token colour object written in `path`, and where it starts.
  static func tokenColorStarts(path: String, workspace: Workspace) -> [(StyleColor, SourceLocation)] {
    (workspace.loads[path]?.outline?.tokens ?? []).compactMap { token in
      guard let color = token.color, Workspace.canonical(token.valueLocation.file) == path else { return nil }
      return (color, token.valueLocation)
    }
  }

  /// A `ColorInformation`: the range, in UTF-16 units, and the colour in sRGB.
  static func json(
    _ color: StyleColor, from start: (line: Int, column: Int), to end: (line: Int, column: Int), in lines: LineIndex
  ) -> JSONObject {
    let srgb = color.srgb
    let components = srgb.components.map { $0 ?? 0 }
    let range: JSONObject = [
      "start": Int.position(
        line: start.line, character: lines.utf16Offset(line: start.line, characterColumn: start.column)),
      "end": Int.position(line: end.line, character: lines.utf16Offset(line: end.line, characterColumn: end.column)),
    ]
    return [
      "range": range,
      "color": ["red": components[0], "green": components[1], "blue": components[2], "alpha": srgb.alpha]
        as JSONObject,
    ]
  }

  static func presentations(_ params: Params, in workspace: Workspace) throws(ResponseError) -> Any {
    let color = try params.object("color")
    func component(_ key: String) throws(ResponseError) -> Double {
      guard let value = color.object[key] as? Double, (0...1).contains(value) else {
        throw ResponseError(.invalidParams, "'\(key)' must be a number from 0 to 1")
      }
      return value
    }
    let picked = StyleColor(
      colorSpace: .srgb, components: [try component("red"), try component("green"), try component("blue")],
      alpha: try component("alpha"))
    if let object = try replacedObject(params, in: workspace) {
      let text = objectText(picked.converted(to: object.colorSpace))
      let range = try params.object("range")
      let (start, end) = (try range.object("start").position(), try range.object("end").position())
      let edit: JSONObject = [
        "range": [
          "start": Int.position(line: start.line, character: start.character),
          "end": Int.position(line: end.line, character: end.character),
        ] as JSONObject,
        "newText": text,
      ]
      return [["label": text, "textEdit": edit] as JSONObject]
    }
    return [["label": picked.hex]]
  }

  /// The token colour object the presentation's range starts at, if any.
  private static func replacedObject(_ params: Params, in workspace: Workspace) throws(ResponseError) -> StyleColor? {
    guard params.object["range"] != nil, params.object["textDocument"] != nil else { return nil }
    let path = try params.object("textDocument").path()
    let start = try params.object("range").object("start").position()
    guard let lines = workspace.store.document(atPath: path)?.lines, start.line < lines.lineCount else { return nil }
    return tokenColorStarts(path: path, workspace: workspace).first { _, location in
      location.line - 1 == start.line
        && lines.utf16Offset(line: start.line, characterColumn: location.column - 1) == start.character
    }?.0
  }

  /// A colour object as DTCG writes it, on one line (JSON, and YAML's flow
  /// syntax): components to four decimals, `alpha` when not 1, and `hex`.
  static func objectText(_ color: StyleColor) -> String {
    func rounded(_ value: Double) -> PropertyValue { .double((value * 10_000).rounded() / 10_000) }
    var object: Properties = [
      "colorSpace": .string(color.colorSpace.rawValue),
      "components": .list(color.components.map { $0.map(rounded) ?? .string("none") }),
    ]
    if color.alpha < 1 { object["alpha"] = rounded(color.alpha) }
    object["hex"] = .string(StyleColor(colorSpace: color.colorSpace, components: color.components).hex)
    return PropertyValue.map(object).jsonText
  }
}
