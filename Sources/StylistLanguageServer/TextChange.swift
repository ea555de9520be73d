/// One entry of `didChange`'s `contentChanges`: the text that replaces a
/// range of the document (incremental synchronization), or all of it.
struct TextChange {
  /// An LSP position: a 0-based line and a character offset in it, in UTF-16 units.
  struct Position {
    var line: Int
    var character: Int
  }

  /// From `start` to `end`; nil for the whole text.
  var range: (start: Position, end: Position)?
  var text: String
}

/// Why a change cannot apply to a document's text, and where.
struct RejectedChange: Error {
  var position: TextChange.Position
  var reason: String
}

extension LineIndex {
  /// The byte offset of `position`. A character past its line's end stands
  /// for the line's end, as LSP says; a negative number, a line past the
  /// last or a position between the two UTF-16 units of one character is
  /// no place in the text.
  func byteOffset(of position: TextChange.Position) throws(RejectedChange) -> Int {
    guard position.line >= 0, position.character >= 0 else {
      throw RejectedChange(position: position, reason: "a position's line or character is negative")
    }
    guard position.line < lineCount else {
      throw RejectedChange(
        position: position, reason: "the position is past the text's end (the text has \(lineCount) lines)")
    }
    let line = self.line(position.line)
    var offset = line.startIndex
    var units = 0
    while units < position.character, offset < line.endIndex {
      let lead = line[offset]
      let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
      units += length == 4 ? 2 : 1
      offset += length
    }
    guard units <= position.character else {
      throw RejectedChange(
        position: position, reason: "the position is inside a character (between its two UTF-16 units)")
    }
    return min(offset, line.endIndex)
  }
}
