#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension StyleTree {
  /// Loads the tree file at `url` (a file URL); see
  /// ``init(contentsOf:options:)-(String,_)``.
  public init(contentsOf url: URL, options: LoadOptions = .init()) throws(SheetLoadError) {
    try self.init(contentsOf: try SheetLoadError.paths(of: [url])[0], options: options)
  }

  /// Loads a tree file (YAML or JSON):
  ///
  ///     theme: dark            # optional
  ///     tree:
  ///       - group: client
  ///         children:
  ///           - group: searchbar[disabled]
  ///             children: [ { style: close }, { style: text } ]
  ///       - style: heading
  ///
  /// Errors are located like sheet errors; nesting is bounded by
  /// `LoadOptions.maxNestingDepth`.
  public init(contentsOf path: String, options: LoadOptions = .init()) throws(SheetLoadError) {
    let sink = DiagnosticSink()
    let start = SourceLocation(file: path, line: 1, column: 1)
    let bytes: [UInt8]
    switch FileReader.contents(of: path, limit: options.maxFileSize) {
    case .success(let read): bytes = read
    case .failure(let failure):
      throw SheetLoadError(diagnostics: [
        SheetDiagnostic(
          .error, failure.message(name: path, imported: false), kind: failure.kind(imported: false), at: start)
      ])
    }
    guard let tree = YAMLComposer.compose(bytes, file: path, options: options, reportingTo: sink) else {
      throw SheetLoadError(diagnostics: sink.diagnostics)
    }
    var reader = TreeReader(file: path, sink: sink)
    if let root = tree.documents.first { reader.read(root) }
    if sink.hasErrors { throw SheetLoadError(diagnostics: sink.diagnostics) }
    self.init(themes: reader.themes, items: reader.items)
    themeSource = reader.themeSource
  }
}

private struct TreeReader {
  let file: String
  let sink: DiagnosticSink
  var themes: [String] = []
  var themeSource: SourceLocation?
  var items: [StyleTree.Item] = []

  init(file: String, sink: DiagnosticSink) {
    self.file = file
    self.sink = sink
  }

  private func location(_ node: YAMLNode) -> SourceLocation {
    SourceLocation(file: file, line: node.mark.line, column: node.mark.column)
  }

  /// The location of the 1-based `column` of a scalar's text, past its
  /// opening quote when it has one; the scalar's own where its text is not
  /// its written form (a block scalar, or several lines).
  private func location(_ node: YAMLNode, column: Int) -> SourceLocation {
    var at = location(node)
    guard case .scalar(let text, let style) = node.content, !text.contains("\n") else { return at }
    switch style {
    case .plain: at.column += column - 1
    case .singleQuoted, .doubleQuoted: at.column += column
    case .literal, .folded: break
    }
    return at
  }

  mutating func read(_ root: YAMLNode) {
    switch root.content {
    case .sequence: readItems(root, depth: 0, outermost: true)
    case .mapping(let pairs):
      var sawTree = false
      for pair in pairs {
        switch pair.key.scalarText {
        case "theme":
          // A name, or a list of names (one per axis).
          let names: [String]? =
            if case .sequence(let list) = pair.value.content {
              list.map { $0.scalarText ?? "" }
            } else {
              pair.value.scalarText.map { [$0] }
            }
          if let names, !names.isEmpty, !names.contains(where: \.isEmpty) {
            themes = names
            themeSource = location(pair.value)
          } else {
            sink.error(
              "'theme' must be a name or a list of names, not \(pair.value.kindName)", .invalidTree,
              at: location(pair.value))
          }
        case "tree":
          sawTree = true
          readItems(pair.value, depth: 0, outermost: true)
        default:
          sink.error(
            "unknown key '\(pair.key.scalarText ?? "?")' in a tree file (expected theme, tree)", .invalidTree,
            at: location(pair.key))
        }
      }
      if !sawTree { sink.error("a tree file needs a 'tree' list", .invalidTree, at: location(root)) }
    case .scalar:
      sink.error("a tree file must be a map with a 'tree' list, not \(root.kindName)", .invalidTree, at: location(root))
    }
  }

  /// `outermost`: the items hold nothing but groups naming themes around
  /// them, so a group `@name` here names a theme (`StyleTree.atoms`).
  private mutating func readItems(_ node: YAMLNode, depth: Int, outermost: Bool) {
    if node.isNull { return }
    guard case .sequence(let list) = node.content else {
      sink.error("'tree' and 'children' must be lists, not \(node.kindName)", .invalidTree, at: location(node))
      return
    }
    for item in list { readItem(item, depth: depth, outermost: outermost) }
  }

  /// An outermost group `@name`, checked as a node's theme part is (a
  /// plain name, NFC), as the component `@name`.
  private static func themeGroup(_ text: String) throws(SyntaxError) -> Component {
    // One component, as any group; then the theme's own rules.
    _ = try Component(parsing: text)
    let node = try NodeIdentifier(parsing: text + "/x")
    return Component(name: "@" + node.themes[0])
  }

  private mutating func readItem(_ node: YAMLNode, depth: Int, outermost: Bool) {
    guard case .mapping(let pairs) = node.content else {
      sink.error(
        "a tree item must be a map with 'group' or 'style', not \(node.kindName)", .invalidTree, at: location(node))
      return
    }
    var group: YAMLNode?
    var style: YAMLNode?
    var children: YAMLNode?
    for pair in pairs {
      switch pair.key.scalarText {
      case "group": group = pair.value
      case "style": style = pair.value
      case "children": children = pair.value
      default:
        sink.error(
          "unknown key '\(pair.key.scalarText ?? "?")' in a tree item (expected group, children, style)",
          .unknownKey, at: location(pair.key))
      }
    }
    switch (group, style) {
    case (let group?, nil):
      guard let text = group.scalarText else {
        sink.error("'group' must be a component such as searchbar[disabled]", .invalidTree, at: location(group))
        return
      }
      let component: Component
      do {
        // An outermost `@name` is a theme: checked as a node's theme part is.
        component =
          outermost && text.utf8.first == UInt8(ascii: "@") ? try Self.themeGroup(text) : try Component(parsing: text)
      } catch {
        let at = location(group, column: error.column)
        sink.add(
          SheetDiagnostic(
            .error, "invalid group '\(text)': \(error.message)", kind: .invalidTree, at: at,
            quoting: SourceQuote(text, column: error.column)))
        return
      }
      items.append(.init(depth: depth, kind: .group(component), source: location(group)))
      if let children { readItems(children, depth: depth + 1, outermost: outermost && component.namesTheme) }
    case (nil, let style?):
      if let children { sink.error("a style has no children", .invalidTree, at: location(children)) }
      guard let text = style.scalarText else {
        sink.error("'style' must be a token name", .invalidTree, at: location(style))
        return
      }
      do {
        let token = try NodeIdentifier(parsing: text)
        guard token.path.isEmpty, token.theme == nil else {
          sink.error("'style' must be a single token; nest it in groups instead", .invalidTree, at: location(style))
          return
        }
        items.append(.init(depth: depth, kind: .atom(token.token), source: location(style)))
      } catch {
        let at = location(style, column: error.column)
        sink.add(
          SheetDiagnostic(
            .error, "invalid style '\(text)': \(error.message)", kind: .invalidTree, at: at,
            quoting: SourceQuote(text, column: error.column)))
      }
    case (nil, nil):
      sink.error("a tree item needs 'group' or 'style'", .invalidTree, at: location(node))
    case (.some, .some):
      sink.error("a tree item has either 'group' or 'style', not both", .invalidTree, at: location(node))
    }
  }
}
