import Foundation
import Stylist

/// `textDocument/completion`: variables and tokens after `$` by their full
/// dotted path (the value as written, and as it resolves when that differs,
/// as `detail`), themes after `@`,
/// selectors inside `extends`, the top-level keys the sheet lacks, and the
/// sheet and token files beside it inside `imports` and `tokens`.
enum Completion {
  /// LSP's `CompletionItemKind`s used.
  enum Kind: Int {
    case `class` = 7
    case property = 10
    case variable = 6
    case file = 17
    case enumMember = 20
  }

  /// The most characters an item's `detail` holds: a value longer than
  /// that (a 20 MB string, a large map) is cut after as many characters
  /// (whole ones: grapheme clusters, never inside a UTF-8 or UTF-16
  /// sequence) and ends with `…`, so a completion list stays small.
  static let detailLimit = 200

  /// `text` cut to ``detailLimit`` characters.
  static func shortened(_ text: String) -> String {
    let head = text.prefix(detailLimit + 1)
    return head.count > detailLimit ? String(head.prefix(detailLimit)) + "…" : text
  }

  static let topLevelKeys = StyleSheet.topLevelKeys

  static func items(_ params: Params, in workspace: Workspace) throws(ResponseError) -> Any {
    let cursor = try Cursor(params, in: workspace)
    guard let document = workspace.store.document(atPath: cursor.path) else { return [Any]() }
    let items: [JSONObject]
    if let reference = cursor.reference {
      items = variables(cursor.outline, replacing: reference.dollar, cursor: cursor, in: workspace)
    } else if cursor.word.text.hasPrefix("@") || cursor.before.hasSuffix("@") {
      items = themes(cursor.outline)
    } else if cursor.before.contains("extends:") || cursor.extensionTarget != nil {
      let names = Set(cursor.outline?.styles.map(\.name) ?? [])
      items = names.sorted().map { ["label": $0, "kind": Kind.class.rawValue, "detail": "style"] }
    } else if let key = cursor.topLevelKey(in: document.lines), key == "imports" || key == "tokens",
      cursor.line > 0 || cursor.before.contains(":")
    {
      items = files(beside: cursor.path, tokens: key == "tokens")
    } else if cursor.before.allSatisfy({ $0.isLetter }) {
      items = missingTopLevelKeys(in: document.lines)
    } else {
      items = []
    }
    return ["isIncomplete": false, "items": items] as JSONObject
  }

  /// Every variable and token path once, global definitions first; the
  /// edit replaces what follows the `$` (or `${`) up to the cursor.
  static func variables(_ outline: SheetOutline?, replacing dollar: Int, cursor: Cursor, in workspace: Workspace)
    -> [JSONObject]
  {
    guard let outline else { return [] }
    var start = dollar + 1
    if start < cursor.characters.count, cursor.characters[start] == "{" { start += 1 }
    let line = cursor.line
    let prefix = String(String.UnicodeScalarView(cursor.characters[..<start])).utf16.count
    let end = cursor.before.utf16.count
    var seen: Set<String> = []
    var items: [JSONObject] = []
    var resolved = ResolvedValues(sheet: cursor.sheet)
    /// The value as written, and as it resolves when that differs.
    func detail(_ path: String, written: String?, theme: String?) -> String? {
      guard let text = resolved.text(of: path, theme: theme, besides: written) else { return written }
      return written.map { "\($0) → \(text)" } ?? text
    }
    func add(_ path: String, detail: String?) {
      guard seen.insert(path).inserted else { return }
      var item: JSONObject = [
        "label": path, "kind": Kind.variable.rawValue,
        "textEdit": ["range": lspRange(line: line, from: prefix, to: end), "newText": path] as JSONObject,
      ]
      if let detail { item["detail"] = shortened(detail) }
      items.append(item)
    }
    for variable in outline.variables where variable.theme == nil {
      add(
        variable.path, detail: detail(variable.path, written: variable.location.writtenValue(in: workspace), theme: nil)
      )
    }
    for token in outline.tokens where token.theme == nil {
      // `color #3366FF: Links and focus`.
      var about = [token.type, resolved.text(of: token.path, theme: nil)].compactMap { $0 }.joined(separator: " ")
      if let description = token.description { about += about.isEmpty ? description : ": \(description)" }
      add(token.path, detail: about)
    }
    for variable in outline.variables where variable.theme != nil {
      add(
        variable.path,
        detail: detail(variable.path, written: variable.location.writtenValue(in: workspace), theme: variable.theme))
    }
    return items
  }

  /// The themes the sheet knows: declared, listed by an axis, or a resolver's contexts.
  static func themes(_ outline: SheetOutline?) -> [JSONObject] {
    guard let outline else { return [] }
    var names = outline.themes.map(\.name)
    for axis in outline.axes { names += axis.themes.map(\.name) }
    names += outline.tokens.compactMap(\.theme)
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }.map {
      ["label": $0, "kind": Kind.enumMember.rawValue, "detail": "theme"]
    }
  }

  static func missingTopLevelKeys(in lines: LineIndex) -> [JSONObject] {
    var present: Set<String> = []
    for line in 0..<lines.lineCount {
      let text = lines.line(line)
      guard let first = text.first, first != UInt8(ascii: " "), first != UInt8(ascii: "#") else { continue }
      if let key = String(decoding: text, as: UTF8.self).split(separator: ":", maxSplits: 1).first {
        present.insert(String(key))
      }
    }
    return topLevelKeys.filter { !present.contains($0) }.map {
      ["label": $0, "kind": Kind.property.rawValue, "insertText": $0 + ": "]
    }
  }

  /// The sheets (`.yaml`, `.yml`, `.json`) or token files beside `path`, itself left out.
  static func files(beside path: String, tokens: Bool) -> [JSONObject] {
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    let own = String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...])
    let suffixes = tokens ? [".tokens.json", ".tokens", ".resolver.json"] : [".yaml", ".yml", ".json"]
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "/" : folder)) ?? [])
      .filter { name in name != own && suffixes.contains { name.hasSuffix($0) } }
      .sorted()
      .map { ["label": $0, "kind": Kind.file.rawValue] }
  }
}
