import Stylist

/// `textDocument/documentSymbol`: the document's styles, groups, themes and
/// variables, each at its key.
enum DocumentSymbols {
  /// LSP's `SymbolKind`s used.
  enum Kind: Int {
    case namespace = 3
    case `class` = 5
    case variable = 13
    case enumMember = 22
  }

  static func symbols(_ params: Params, in workspace: Workspace) throws(ResponseError) -> Any {
    let path = try params.object("textDocument").path()
    guard let outline = workspace.loads[path]?.outline else { return [Any]() }
    var symbols: [JSONObject] = []
    func add(_ name: String, _ kind: Kind, _ location: SourceLocation, detail: String? = nil) {
      guard Workspace.canonical(location.file) == path else { return }
      let range = location.lspLocation(in: workspace)["range"]!
      var symbol: JSONObject = ["name": name, "kind": kind.rawValue, "range": range, "selectionRange": range]
      if let detail { symbol["detail"] = detail }
      symbols.append(symbol)
    }
    for style in outline.styles { add(style.name, .class, style.location, detail: "style") }
    for group in outline.groups {
      add(group.path, .namespace, group.location, detail: group.theme.map { "group of @\($0)" } ?? "group")
    }
    for theme in outline.themes { add("@" + theme.name, .enumMember, theme.location, detail: "theme") }
    for variable in outline.variables {
      add("$" + variable.path, .variable, variable.location, detail: variable.theme.map { "under @\($0)" })
    }
    for token in outline.tokens { add("$" + token.path, .variable, token.location, detail: token.type) }
    return symbols
  }
}
