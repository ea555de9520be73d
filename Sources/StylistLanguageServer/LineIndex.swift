/// Where each line of a text starts, to turn the loader's 1-based line and
/// column (in characters) into LSP positions (0-based, in UTF-16 units)
/// and back.
struct LineIndex {
  let bytes: [UInt8]
  /// The byte offset of each line's start.
  private(set) var lineStarts: [Int] = [0]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      while let newline = buffer[offset...].firstIndex(of: UInt8(ascii: "\n")) {
        lineStarts.append(newline + 1)
        offset = newline + 1
      }
    }
  }

  var lineCount: Int { lineStarts.count }

  /// The bytes of line `line` (0-based) without its line break.
  func line(_ line: Int) -> ArraySlice<UInt8> {
    guard line >= 0, line < lineStarts.count else { return [] }
    var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
    if end > lineStarts[line], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    return bytes[lineStarts[line]..<end]
  }

  /// The text of line `line`, at most its first `maxBytes` bytes (a key
  /// or scalar is looked for near a column, not in a 100 MB line).
  func text(ofLine line: Int, maxBytes: Int = 1 << 16) -> String {
    String(decoding: self.line(line).prefix(maxBytes), as: UTF8.self)
  }

  /// The UTF-16 offset in `line` of its character `column` (0-based).
  func utf16Offset(line: Int, characterColumn column: Int) -> Int {
    var offset = 0
    for (index, scalar) in text(ofLine: line).unicodeScalars.enumerated() {
      if index >= column { break }
      offset += scalar.utf16.count
    }
    return offset
  }

  /// The text of line `line` up to UTF-16 offset `offset`.
  func prefix(line: Int, utf16Offset offset: Int) -> String {
    let text = text(ofLine: line)
    let utf16 = text.utf16
    let end = utf16.index(utf16.startIndex, offsetBy: min(max(offset, 0), utf16.count))
    return String(text[..<(end.samePosition(in: text) ?? text.endIndex)])
  }
}

extension Int {
  /// An LSP position.
  static func position(line: Int, character: Int) -> JSONObject { ["line": line, "character": character] }
}

/// An LSP range on one line.
func lspRange(line: Int, from start: Int, to end: Int) -> JSONObject {
  ["start": Int.position(line: line, character: start), "end": Int.position(line: line, character: end)]
}
