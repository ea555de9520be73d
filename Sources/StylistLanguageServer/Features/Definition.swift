import Stylist

/// `textDocument/definition`: where a variable or token, an `extends`
/// target or an imported file is defined.
enum Definition {
  static func locations(_ params: Params, in workspace: Workspace) throws(ResponseError) -> Any {
    let cursor = try Cursor(params, in: workspace)
    guard let outline = cursor.outline else { return [Any]() }
    if let reference = cursor.reference {
      return definitions(ofVariable: reference.path, in: outline).map { $0.lspLocation(in: workspace) }
    }
    if let target = cursor.extensionTarget {
      return outline.styles.filter { $0.name == target.target }.map { $0.location.lspLocation(in: workspace) }
    }
    if let file = namedFile(at: cursor, in: workspace) {
      return [["uri": DocumentURI(path: file).text, "range": lspRange(line: 0, from: 0, to: 0)]]
    }
    return [Any]()
  }

  /// Where the variable or token at `path` is defined, global and themed:
  /// its leaves, or the leaves under it when it names a map.
  static func definitions(ofVariable path: String, in outline: SheetOutline) -> [SourceLocation] {
    let prefix = path + "."
    let variables = outline.variables.filter { $0.path == path || $0.path.hasPrefix(prefix) }.map(\.location)
    let tokens = outline.tokens.filter { $0.path == path || $0.path.hasPrefix(prefix) }.map(\.location)
    return variables + tokens
  }

  /// The file an `imports` or `tokens` entry at the cursor names, when it exists.
  static func namedFile(at cursor: Cursor, in workspace: Workspace) -> String? {
    guard let lines = workspace.store.document(atPath: cursor.path)?.lines,
      let key = cursor.topLevelKey(in: lines), key == "imports" || key == "tokens"
    else { return nil }
    var name = Substring(cursor.word.text)
    while let first = name.first, "[-".contains(first) { name.removeFirst() }
    while let last = name.last, "]".contains(last) { name.removeLast() }
    if name.hasPrefix("imports:") || name.hasPrefix("tokens:") || name.isEmpty { return nil }
    let folder = cursor.path[...(cursor.path.lastIndex(of: "/") ?? cursor.path.startIndex)]
    let file = Workspace.canonical(name.hasPrefix("/") ? String(name) : String(folder) + String(name))
    return workspace.store.lines(ofPath: file) != nil ? file : nil
  }
}
