import Stylist

/// `textDocument/documentColor`: every CSS hex colour written as a quoted
/// scalar (`"#DB3B3B"`; unquoted, YAML reads `#` as a comment), in sRGB,
/// so that editors draw swatches; `colorPresentation` writes a picked
/// colour back as hex.
enum DocumentColors {
  static func colors(_ params: Params, in workspace: Workspace) throws(ResponseError) -> Any {
    let path = try params.object("textDocument").path()
    guard let document = workspace.store.document(atPath: path) else {
      throw ResponseError(.invalidParams, "the document is not open")
    }
    var found: [JSONObject] = []
    let lines = document.lines
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
        guard let color = StyleColor(hex: hex)?.srgb else { continue }
        let components = color.components.map { $0 ?? 0 }
        found.append([
          "range": lspRange(
            line: line, from: lines.utf16Offset(line: line, characterColumn: index),
            to: lines.utf16Offset(line: line, characterColumn: end)),
          "color": ["red": components[0], "green": components[1], "blue": components[2], "alpha": color.alpha]
            as JSONObject,
        ])
      }
    }
    return found
  }

  static func presentations(_ params: Params) throws(ResponseError) -> Any {
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
    return [["label": picked.hex]]
  }
}
