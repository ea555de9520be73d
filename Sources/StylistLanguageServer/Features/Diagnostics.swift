import Stylist

/// `textDocument/publishDiagnostics`: every diagnostic of every load, each
/// published to the file it is located in, the union over the loads that
/// read that file.
struct DiagnosticsPublisher {
  /// The diagnostics last published per file, to publish only changes
  /// (and an empty list to a file whose diagnostics went away).
  private var published: [String: [JSONObject]] = [:]
  private var publishedKeys: [String: [String]] = [:]

  /// Publishes what changed, and to each of `loaded` (documents just
  /// loaded) in any case, so that a clean document hears it is clean.
  mutating func publish(_ workspace: Workspace, loaded: [String], through writer: MessageWriter) {
    var byFile: [String: [SheetDiagnostic]] = [:]
    var seen: Set<SheetDiagnostic> = []
    for path in workspace.loads.keys.sorted() {
      for diagnostic in workspace.loads[path]!.diagnostics where seen.insert(diagnostic).inserted {
        byFile[Workspace.canonical(diagnostic.location.file), default: []].append(diagnostic)
      }
    }
    for file in Set(byFile.keys).union(publishedKeys.keys).union(loaded).sorted() {
      let diagnostics = byFile[file] ?? []
      let keys = diagnostics.map(\.description)
      if publishedKeys[file, default: []] == keys && !loaded.contains(file) { continue }
      publishedKeys[file] = keys.isEmpty ? nil : keys
      let lines = diagnostics.isEmpty ? nil : workspace.store.lines(ofPath: file)
      var params: JSONObject = [
        "uri": DocumentURI(path: file).text, "diagnostics": diagnostics.map { Self.json($0, lines: lines) },
      ]
      if let open = workspace.store.document(atPath: file) { params["version"] = open.version }
      writer.notify("textDocument/publishDiagnostics", params)
    }
  }

  /// A diagnostic as LSP has it: lint's message, its kind as `code`, the
  /// range from its line and column to the end of the key or scalar there.
  static func json(_ diagnostic: SheetDiagnostic, lines: LineIndex?) -> JSONObject {
    let line = max(diagnostic.location.line - 1, 0)
    let column = max(diagnostic.location.column - 1, 0)
    let range: JSONObject
    if let lines {
      let text = lines.text(ofLine: line)
      let end = TokenExtent.end(in: text, fromCharacter: column)
      range = lspRange(
        line: line, from: lines.utf16Offset(line: line, characterColumn: column),
        to: lines.utf16Offset(line: line, characterColumn: end))
    } else {
      range = lspRange(line: line, from: column, to: column)
    }
    var json: JSONObject = [
      "range": range, "severity": diagnostic.severity == .error ? 1 : 2, "code": diagnostic.kind.rawValue,
      "source": "stylist", "message": diagnostic.message,
    ]
    if let suggestion = diagnostic.suggestion { json["data"] = ["suggestion": suggestion] }
    return json
  }
}

/// Where the YAML key or scalar that starts at a column ends: after its
/// closing quote when quoted, else before the `: `, `,`, `]`, `}` or ` #`
/// that ends a plain scalar in flow or block context.
enum TokenExtent {
  /// The column (in characters, 0-based) just past the token at `start`.
  static func end(in line: String, fromCharacter start: Int) -> Int {
    let characters = Array(line.unicodeScalars)
    guard start < characters.count else { return start }
    let first = characters[start]
    if first == "\"" || first == "'" {
      var index = start + 1
      while index < characters.count {
        if first == "\"" && characters[index] == "\\" {
          index += 2
          continue
        }
        if characters[index] == first {
          if first == "'" && index + 1 < characters.count && characters[index + 1] == "'" {
            index += 2
            continue
          }
          return index + 1
        }
        index += 1
      }
      return characters.count
    }
    var index = start
    var end = start
    while index < characters.count {
      let character = characters[index]
      let next = index + 1 < characters.count ? characters[index + 1] : " "
      if character == ":" && (next == " " || next == "\t") { break }
      if character == "," || character == "]" || character == "}" { break }
      if character == "#" && index > start && characters[index - 1] == " " { break }
      index += 1
      if character != " " && character != "\t" { end = index }
    }
    if index == characters.count, characters.last == ":" { end = max(start, end - 1) }
    return max(end, min(start + 1, characters.count))
  }
}
