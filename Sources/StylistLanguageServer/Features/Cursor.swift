import Stylist

/// What is under (or just before) a position of an open document: its
/// line, the text before it, the variable reference it is in, the outline
/// of the document's last good load.
struct Cursor {
  let path: String
  let line: Int
  /// The line's characters (Unicode scalars: the loader's columns count them).
  let characters: [Unicode.Scalar]
  /// The cursor's index in `characters`.
  let column: Int
  let outline: SheetOutline?
  let sheet: StyleSheet?

  init(_ params: Params, in workspace: Workspace) throws(ResponseError) {
    let (path, line, character) = try params.textDocumentPosition()
    guard let document = workspace.store.document(atPath: path) else {
      throw ResponseError(.invalidParams, "the document is not open")
    }
    self.path = path
    self.line = line
    let prefix = document.lines.prefix(line: line, utf16Offset: character)
    characters = Array(document.lines.text(ofLine: line).unicodeScalars)
    column = prefix.unicodeScalars.count
    outline = workspace.loads[path]?.outline
    sheet = workspace.loads[path]?.sheet
  }

  /// The text of the line before the cursor.
  var before: String { String(String.UnicodeScalarView(characters[..<column])) }

  static func isNameCharacter(_ character: Unicode.Scalar) -> Bool {
    character.properties.isAlphabetic || ("0"..."9").contains(character) || character == "_" || character == "-"
      || character == "."
  }

  /// The variable reference the cursor is in or just after: its path up to
  /// the cursor (`typed`) and whole, and the column of its `$`.
  var reference: (typed: String, path: String, dollar: Int)? {
    var start = column
    while start > 0, Self.isNameCharacter(characters[start - 1]) { start -= 1 }
    var dollar = start - 1
    if dollar >= 0, characters[dollar] == "{" { dollar -= 1 }
    guard dollar >= 0, characters[dollar] == "$" else { return nil }
    var end = column
    while end < characters.count, Self.isNameCharacter(characters[end]) { end += 1 }
    let typed = String(String.UnicodeScalarView(characters[start..<column]))
    var path = String(String.UnicodeScalarView(characters[start..<end]))
    while path.hasSuffix(".") { path.removeLast() }
    return (typed, path, dollar)
  }

  /// The word under the cursor, delimited by spaces, quotes and YAML's flow
  /// punctuation, with the column it starts at.
  var word: (text: String, start: Int) {
    let delimiters: Set<Unicode.Scalar> = [" ", "\t", "\"", "'", ",", "{", "}", "#"]
    var start = column
    while start > 0, !delimiters.contains(characters[start - 1]) { start -= 1 }
    var end = column
    while end < characters.count, !delimiters.contains(characters[end]) { end += 1 }
    var text = String(String.UnicodeScalarView(characters[start..<end]))
    if text.hasSuffix(":") { text.removeLast() }
    if text.hasPrefix("[") && !text.hasSuffix("]") {
      text.removeFirst()
      start += 1
    }
    if text.hasSuffix("]") && !text.contains("[") { text.removeLast() }
    return (text, start)
  }

  /// The `extends` target written at the cursor, from the outline.
  var extensionTarget: SheetOutline.Extension? {
    outline?.extensions.first { entry in
      let location = entry.location
      guard Workspace.canonical(location.file) == path, location.line - 1 == line else { return false }
      let start = location.column - 1
      let quoted = start < characters.count && (characters[start] == "\"" || characters[start] == "'") ? 2 : 0
      return column >= start && column <= start + entry.target.unicodeScalars.count + quoted
    }
  }

  /// The key of the top-level entry the cursor's line is under: the last
  /// line above it (or it) that starts without indentation.
  func topLevelKey(in lines: LineIndex) -> String? {
    var index = line
    while index >= 0 {
      let text = lines.text(ofLine: index)
      if let first = text.unicodeScalars.first, first != " ", first != "\t", first != "#", first != "-" {
        return text.split(separator: ":", maxSplits: 1).first.map(String.init)
      }
      index -= 1
    }
    return nil
  }
}

extension SourceLocation {
  /// An LSP location: the range of the key or scalar that starts here.
  func lspLocation(in workspace: Workspace) -> JSONObject {
    let path = Workspace.canonical(file)
    let line = max(self.line - 1, 0)
    let column = max(self.column - 1, 0)
    var range = lspRange(line: line, from: column, to: column)
    if let lines = workspace.store.lines(ofPath: path) {
      let end = TokenExtent.end(in: lines.text(ofLine: line), fromCharacter: column)
      range = lspRange(
        line: line, from: lines.utf16Offset(line: line, characterColumn: column),
        to: lines.utf16Offset(line: line, characterColumn: end))
    }
    return ["uri": DocumentURI(path: path).text, "range": range]
  }

  /// The value written after the key at this location, as text (the rest of
  /// its line after `key:`), for completion's detail and hover.
  func writtenValue(in workspace: Workspace) -> String? {
    guard let lines = workspace.store.lines(ofPath: Workspace.canonical(file)) else { return nil }
    let text = Array(lines.text(ofLine: line - 1).unicodeScalars)
    let keyEnd = TokenExtent.end(in: String(String.UnicodeScalarView(text)), fromCharacter: max(column - 1, 0))
    var index = keyEnd
    while index < text.count, text[index] == " " { index += 1 }
    guard index < text.count, text[index] == ":" else { return nil }
    index += 1
    while index < text.count, text[index] == " " { index += 1 }
    guard index < text.count, text[index] != "#" else { return nil }
    let end = TokenExtent.end(in: String(String.UnicodeScalarView(text)), fromCharacter: index)
    return String(String.UnicodeScalarView(text[index..<end]))
  }
}

extension String {
  func trimmingSpaces() -> String {
    var text = Substring(self)
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}
