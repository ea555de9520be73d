/// Where a YAML or JSON value that starts at a position ends: a flow
/// collection (`{…}`, `[…]`) at its closing bracket, quotes and nesting
/// followed over lines; a block collection after the last line indented
/// at least as far as its first key, comments and trailing spaces left
/// out. For the range of a token's colour object.
enum ValueExtent {
  /// The most lines a value is looked for over: an editor's range, not a
  /// scan of a 100,000-line document for a bracket that never closes.
  static let maxLines = 1_000

  /// The end (0-based line, character index) of the value at `line` and
  /// character `column`; nil when a flow collection does not close within
  /// `maxLines`.
  static func end(in lines: LineIndex, line: Int, column: Int) -> (line: Int, column: Int)? {
    let first = Array(lines.text(ofLine: line).unicodeScalars)
    guard column < first.count else { return nil }
    return first[column] == "{" || first[column] == "["
      ? flowEnd(in: lines, line: line, column: column) : blockEnd(in: lines, line: line, column: column)
  }

  private static func flowEnd(in lines: LineIndex, line: Int, column: Int) -> (line: Int, column: Int)? {
    var depth = 0
    var quote: Unicode.Scalar?
    for index in line..<min(lines.lineCount, line + maxLines) {
      let characters = Array(lines.text(ofLine: index).unicodeScalars)
      var position = index == line ? column : 0
      while position < characters.count {
        let character = characters[position]
        if let open = quote {
          if open == "\"" && character == "\\" {
            position += 2
            continue
          }
          if character == open {
            // `''` inside a single-quoted scalar is one quote.
            if open == "'", position + 1 < characters.count, characters[position + 1] == "'" {
              position += 2
              continue
            }
            quote = nil
          }
        } else if character == "\"" || character == "'" {
          quote = character
        } else if character == "#", position == 0 || characters[position - 1] == " " {
          break
        } else if character == "{" || character == "[" {
          depth += 1
        } else if character == "}" || character == "]" {
          depth -= 1
          if depth == 0 { return (index, position + 1) }
        }
        position += 1
      }
    }
    return nil
  }

  private static func blockEnd(in lines: LineIndex, line: Int, column: Int) -> (line: Int, column: Int) {
    var end = (line: line, column: contentEnd(of: Array(lines.text(ofLine: line).unicodeScalars), from: column))
    for index in (line + 1)..<min(lines.lineCount, line + maxLines) {
      let characters = Array(lines.text(ofLine: index).unicodeScalars)
      guard let indentation = characters.firstIndex(where: { $0 != " " && $0 != "\t" }), characters[indentation] != "#"
      else { continue }
      if indentation < column { break }
      end = (index, contentEnd(of: characters, from: indentation))
    }
    return end
  }

  /// Where a line's content ends: before a comment and trailing spaces.
  private static func contentEnd(of characters: [Unicode.Scalar], from start: Int) -> Int {
    var quote: Unicode.Scalar?
    var end = start
    var position = start
    while position < characters.count {
      let character = characters[position]
      if let open = quote {
        if open == "\"" && character == "\\" { position += 1 } else if character == open { quote = nil }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "#", position > start, characters[position - 1] == " " {
        break
      }
      position += 1
      if character != " " && character != "\t" { end = min(position, characters.count) }
    }
    return end
  }
}
