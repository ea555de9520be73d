import OrderedCollections

/// Reads one YAML document of a sheet into `SheetDefinitions`, reporting
/// every problem it can find (wrong types, bad selectors, unknown keys)
/// instead of stopping at the first. It is the one reader of YAML sheets:
/// what it hands on is the source model (`SourceValue`), and the outline.
struct SheetReader {
  let file: String
  let sink: DiagnosticSink
  /// Reads values, and expands merge keys in structural maps.
  let values: SourceValueReader

  init(file: String, sink: DiagnosticSink, budget: ExpansionBudget) {
    self.file = file
    self.sink = sink
    values = SourceValueReader(file: file, sink: sink, budget: budget)
  }

  /// The files a document names, as written, in order, each where it is named.
  struct NamedFiles {
    var imports: [(path: String, at: SourceLocation)] = []
    /// `tokens:`: design-token and resolver files.
    var tokens: [(path: String, at: SourceLocation)] = []
  }

  /// Composes `bytes` and reads each of its documents into a layer, handed
  /// to `layer` with the files it names before the next document is read.
  static func readDocuments(
    of bytes: consuming [UInt8], file: String, options: LoadOptions, sink: DiagnosticSink, budget: ExpansionBudget,
    layer: (consuming SheetDefinitions, NamedFiles) -> Void
  ) {
    guard let tree = YAMLComposer.compose(bytes, file: file, options: options, reportingTo: sink) else { return }
    _ = consume bytes  // Composed already; the imports need memory more.
    let reader = SheetReader(file: file, sink: sink, budget: budget)
    for root in tree.documents {
      var definitions = SheetDefinitions()
      var named = NamedFiles()
      reader.read(root, into: &definitions) { path, location in
        named.imports.append((path, location))
      } tokenFiles: { path, location in
        named.tokens.append((path, location))
      }
      layer(definitions, named)
    }
  }

  private func location(_ mark: SourcePosition) -> SourceLocation {
    SourceLocation(file: file, line: mark.line, column: mark.column)
  }

  private func location(_ node: YAMLNode) -> SourceLocation { location(node.mark) }

  private func error(_ message: String, _ kind: DiagnosticKind, at node: YAMLNode) {
    sink.error(message, kind, at: location(node))
  }

  /// The pairs of a map, or nil (reported) when `node` is not one. Null is an empty map.
  private func pairs(_ node: YAMLNode, what: String) -> [YAMLNode.Pair]? {
    if node.isNull { return [] }
    guard case .mapping = node.content else {
      error("\(what) must be a map, not \(node.kindName)\(Self.missingSpaceHint(node))", .wrongType, at: node)
      return nil
    }
    return values.mergedPairs(of: node)
  }

  /// Where a map was expected and a plain scalar such as `color:red` came,
  /// the likely cause: YAML needs a space after the `:` of a key.
  static func missingSpaceHint(_ node: YAMLNode) -> String {
    guard case .scalar(let text, .plain) = node.content,
      let colon = text.firstIndex(of: ":"), colon != text.startIndex,
      text.index(after: colon) != text.endIndex, !text[text.index(after: colon)].isWhitespace
    else { return "" }
    return "; '\(text[..<colon]):' needs a space after the ':' to start a key"
  }

  private func key(_ pair: YAMLNode.Pair) -> String? { values.keyText(pair.key) }

  /// Reads one document: every map of it, whatever its anchors, tags or
  /// merge keys, by these functions. `importFile` is called for each
  /// `imports` entry first.
  func read(
    _ root: YAMLNode, into definitions: inout SheetDefinitions, importFile: (String, SourceLocation) -> Void,
    tokenFiles: (String, SourceLocation) -> Void = { _, _ in }
  ) {
    defer { definitions.outline.variableUses.appendMoving(values.takeUses()) }
    guard let top = pairs(root, what: "a style sheet") else { return }
    // In order, the first `imports` before the rest.
    if let imports = top.first(where: { $0.key.scalarText == "imports" }) {
      readPaths(imports.value, what: "'imports'", item: "an import", file: importFile)
    }
    if let tokens = top.first(where: { $0.key.scalarText == "tokens" }) {
      readPaths(tokens.value, what: "'tokens'", item: "a token file", file: tokenFiles)
    }
    for pair in top { readTopLevel(pair, into: &definitions) }
  }

  /// One top-level entry; `imports` is left to `readImports`.
  private func readTopLevel(_ pair: YAMLNode.Pair, into definitions: inout SheetDefinitions) {
    guard let name = key(pair) else { return }
    let value = pair.value
    switch name {
    case "imports", "tokens": break
    case "version":
      if value.scalarText != "1" || (value.tag != nil && value.tag != YAMLTag.int) {
        error(
          "unsupported version '\(value.scalarText ?? value.kindName)' (only 1 is known)", .invalidSetting, at: value)
      }
    case "mode":
      if let text = value.scalarText, let mode = PrecedenceMode(rawValue: text) {
        definitions.mode = mode
      } else {
        error("invalid mode '\(value.scalarText ?? value.kindName)' (themed or classic)", .invalidSetting, at: value)
      }
    case "variables":
      if let tree = variableTree(value, what: "'variables'") {
        definitions.variables = definitions.variables.merged(with: tree)
        outline(tree, theme: nil, into: &definitions.outline)
      }
    case "default":
      // A style body like any other (`extends` included); null clears an
      // earlier sheet's default.
      if value.isNull || pairs(value, what: "'default'") != nil,
        let (body, extends) = readBody(value, selector: "default")
      {
        let style = StyleDefinition(
          selector: StyleSelector(token: TokenPattern(name: .exact("default"))), name: "default", body: body,
          file: file, position: pair.key.mark, extends: extends)
        outline(style, into: &definitions.outline)
        definitions.defaultStyle = style
      }
    case "styles":
      guard let entries = pairs(value, what: "'styles'") else { return }
      readStyles(entries, groups: [], theme: nil, into: &definitions)
    case "groups":
      guard let groups = pairs(value, what: "'groups'") else { return }
      readGroups(groups, outer: [], theme: nil, into: &definitions)
    case "themes":
      guard let themes = pairs(value, what: "'themes'") else { return }
      readThemes(themes, into: &definitions)
    case "axes":
      guard let axes = pairs(value, what: "'axes'") else { return }
      readAxes(axes, into: &definitions)
    case "contrast":
      guard let entries = pairs(value, what: "'contrast'") else { return }
      readContrast(entries, into: &definitions.contrast)
    default:
      let hint = Suggestion.hint(for: name, among: Self.topLevelKeys)
      sink.error(
        "unknown top-level key '\(name)' (expected " + Self.topLevelKeys.joined(separator: ", ") + ")\(hint.text)",
        .unknownKey, at: location(pair.key), suggestion: hint.name)
    }
  }

  /// Every key a sheet's top level may have, in the order the documentation lists them.
  static let topLevelKeys = [
    "version", "mode", "imports", "tokens", "variables", "default", "styles", "groups", "themes", "axes",
    "contrast",
  ]

  /// Every key `contrast:` may have, in the order the documentation lists them.
  static let contrastKeys = ["foreground", "background", "minimum", "canvas"]

  /// `contrast:`: each part checked on its own, so that one bad part is
  /// reported and the others still read.
  private func readContrast(_ entries: [YAMLNode.Pair], into contrast: inout ContrastDeclaration) {
    for entry in entries {
      guard let name = key(entry) else { continue }
      let value = entry.value
      switch name {
      case "foreground", "background":
        guard let names = propertyNames(value, what: "'contrast: \(name)'") else { continue }
        if name == "foreground" { contrast.foreground = names } else { contrast.background = names }
      case "minimum":
        let number: Double? =
          switch value.content {
          case .scalar(let text, .plain) where value.tag == nil: CoreSchema.plainValue(text)?.doubleValue
          default: nil
          }
        guard let number, number.isFinite, ContrastSettings.ratios.contains(number) else {
          error(
            "the contrast minimum must be a number from 1 to 21 (a contrast ratio, 4.5 for WCAG AA), not "
              + (value.scalarText.map { "'\($0)'" } ?? value.kindName),
            .invalidValue, at: value)
          continue
        }
        contrast.minimum = number
      case "canvas":
        guard let color = literal(value).flatMap(StyleColor.init) else {
          error(
            "the contrast canvas must be a colour (a CSS hex string such as '#ffffff', or an object with "
              + "'colorSpace' and 'components'), not " + (value.scalarText.map { "'\($0)'" } ?? value.kindName),
            .invalidValue, at: value)
          continue
        }
        contrast.canvas = color
      default:
        let hint = Suggestion.hint(for: name, among: Self.contrastKeys)
        sink.error(
          "unknown key '\(name)' in 'contrast' (expected " + Self.contrastKeys.joined(separator: ", ")
            + ")\(hint.text)",
          .unknownKey, at: location(entry.key), suggestion: hint.name)
      }
    }
  }

  /// A list of property names (non-empty strings), or nil after reporting
  /// what is wrong: each bad item is reported.
  private func propertyNames(_ node: YAMLNode, what: String) -> [String]? {
    guard case .sequence(let items) = node.content else {
      error("\(what) must be a list of property names, not \(node.kindName)", .wrongType, at: node)
      return nil
    }
    var names: [String] = []
    var isValid = true
    for item in items {
      guard case .scalar(let text, _) = item.content, !item.isNull, !text.isEmpty else {
        error("\(what) must list property names, not \(item.kindName)", .wrongType, at: item)
        isValid = false
        continue
      }
      names.append(text)
    }
    return isValid ? names : nil
  }

  /// A node as plain data (scalars typed by the core schema), for settings
  /// that take a literal value; nil for a number out of range.
  private func literal(_ node: YAMLNode) -> PropertyValue? {
    switch node.content {
    case .scalar(let text, let style):
      if let tag = node.tag { return CoreSchema.taggedValue(text, tag: tag) }
      return style == .plain ? CoreSchema.plainValue(text) : .string(text)
    case .sequence(let items):
      var list: [PropertyValue] = []
      for item in items {
        guard let value = literal(item) else { return nil }
        list.append(value)
      }
      return .list(list)
    case .mapping:
      var map: Properties = [:]
      for pair in values.mergedPairs(of: node) ?? [] {
        guard let name = key(pair), let value = literal(pair.value) else { return nil }
        map[name] = value
      }
      return .map(map)
    }
  }

  /// `imports:` or `tokens:`: a path or a list of paths.
  private func readPaths(_ node: YAMLNode, what: String, item itemName: String, file: (String, SourceLocation) -> Void)
  {
    let items: [YAMLNode]
    switch node.content {
    case .scalar: items = [node]
    case .sequence(let list): items = Array(list)
    case .mapping:
      error("\(what) must be a list of paths, not a map", .wrongType, at: node)
      return
    }
    for item in items {
      guard let path = item.scalarText, !path.isEmpty else {
        error("\(itemName) must be a path, not \(item.kindName)", .wrongType, at: item)
        continue
      }
      file(path, location(item))
    }
  }

  private func variableTree(_ node: YAMLNode, what: String) -> VariableTree? {
    guard let entries = pairs(node, what: what) else { return nil }
    var children: OrderedDictionary<String, VariableTree> = [:]
    for pair in entries {
      guard let name = key(pair) else { continue }
      guard VariableReference.isValidName(Substring(name)) else {
        error(
          "invalid variable name '\(name)' (letters, digits, '_' and '-', not starting with a digit or '-')",
          .invalidName, at: pair.key)
        continue
      }
      if case .mapping = pair.value.content {
        if let child = variableTree(pair.value, what: "variable '\(name)'") { children[name] = child }
      } else {
        if let leaf = values.leaf(pair.value, key: pair.key.mark) { children[name] = .leaf(leaf) }
      }
    }
    return .map(children)
  }

  /// `axes:`, each axis `name: [themes]` or `name: { themes: [...], default: theme }`.
  private func readAxes(_ axes: [YAMLNode.Pair], into definitions: inout SheetDefinitions) {
    for pair in axes {
      guard let name = key(pair) else { continue }
      if !isThemeName(name) {
        error("invalid axis name '\(name)'", .invalidName, at: pair.key)
        continue
      }
      var declaration = AxisDeclaration(name: name, file: file)
      switch pair.value.content {
      case .sequence:
        declaration.themes = axisThemes(pair.value, axis: name)
      case .mapping:
        guard let entries = pairs(pair.value, what: "axis '\(name)'") else { continue }
        for entry in entries {
          switch key(entry) {
          case "themes": declaration.themes = axisThemes(entry.value, axis: name)
          case "default":
            if let theme = entry.value.scalarText, isThemeName(theme) {
              declaration.defaultTheme = (theme, entry.value.mark)
            } else {
              error(
                "the default of axis '\(name)' must be a theme name, not \(entry.value.kindName)", .wrongType,
                at: entry.value)
            }
          case let other?:
            error("unknown key '\(other)' in axis '\(name)' (expected themes, default)", .unknownKey, at: entry.key)
          case nil: continue
          }
        }
      case .scalar:
        error(
          "axis '\(name)' must be a list of themes or a map with 'themes' and 'default', not \(pair.value.kindName)",
          .wrongType, at: pair.value)
        continue
      }
      outline(declaration, at: pair.key.mark, into: &definitions.outline)
      definitions.axes.append(declaration)
    }
  }

  /// The themes an axis lists, each with where it is written.
  private func axisThemes(_ node: YAMLNode, axis: String) -> [(name: String, position: SourcePosition)] {
    guard case .sequence(let list) = node.content else {
      error("the themes of axis '\(axis)' must be a list, not \(node.kindName)", .wrongType, at: node)
      return []
    }
    var themes: [(String, SourcePosition)] = []
    for item in list {
      guard let theme = item.scalarText, isThemeName(theme) else {
        error("invalid theme name '\(item.scalarText ?? item.kindName)' in axis '\(axis)'", .invalidName, at: item)
        continue
      }
      themes.append((theme, item.mark))
    }
    return themes
  }

  /// A theme (or axis) name: not empty, none of `/ [ ] * @`.
  private func isThemeName(_ name: String) -> Bool {
    !name.isEmpty && !name.contains(where: { "/[]*@".contains($0) })
  }

  private func readThemes(_ themes: [YAMLNode.Pair], into definitions: inout SheetDefinitions) {
    for pair in themes {
      guard let theme = key(pair) else { continue }
      if !isThemeName(theme) {
        error("invalid theme name '\(theme)'", .invalidName, at: pair.key)
        continue
      }
      definitions.declaredThemes.append(theme)
      definitions.outline.themes.append(.init(name: theme, file: file, position: pair.key.mark))
      guard let blocks = pairs(pair.value, what: "theme '\(theme)'") else { continue }
      for block in blocks {
        guard let name = key(block) else { continue }
        switch name {
        case "variables":
          if let tree = variableTree(block.value, what: "'variables' of theme '\(theme)'") {
            let current = definitions.themeVariables[theme] ?? .empty
            definitions.themeVariables[theme] = current.merged(with: tree)
            outline(tree, theme: theme, into: &definitions.outline)
          }
        case "styles":
          if let entries = pairs(block.value, what: "'styles' of theme '\(theme)'") {
            readStyles(entries, groups: [], theme: theme, into: &definitions)
          }
        case "groups":
          if let groups = pairs(block.value, what: "'groups' of theme '\(theme)'") {
            readGroups(groups, outer: [], theme: theme, into: &definitions)
          }
        default:
          error(
            "unknown key '\(name)' in theme '\(theme)' (expected variables, styles, groups)", .unknownKey, at: block.key
          )
        }
      }
    }
  }

  /// A group key: one or more selector components, e.g. `client` or `searchbar[disabled]`.
  private struct GroupPath {
    var components: [SelectorComponent]
    var text: String
  }

  private func readGroups(
    _ groups: [YAMLNode.Pair], outer: [GroupPath], theme: String?, into definitions: inout SheetDefinitions
  ) {
    for pair in groups {
      guard let raw = key(pair) else { continue }
      let (raws, dropped) = PathScanner.split(raw)
      if dropped > 0 && !raws.isEmpty { warnEmptyComponents(raw, at: pair.key.mark) }
      var components: [SelectorComponent] = []
      var failed = raws.isEmpty
      if raws.isEmpty { error("empty group name", .invalidSelector, at: pair.key) }
      for component in raws {
        if component.text.firstByte == UInt8(ascii: "@") {
          error("a group cannot name a theme; put it under 'themes'", .invalidSelector, at: pair.key)
          failed = true
          break
        }
        do { components.append(try SelectorParser.component(component)) } catch {
          reportSyntax(error, in: raw, what: "invalid group '\(raw)'", at: pair.key)
          failed = true
          break
        }
      }
      guard !failed, let entries = pairs(pair.value, what: "group '\(raw)'") else { continue }
      let path = outer + [GroupPath(components: components, text: raws.map { String($0.text) }.joined(separator: "/"))]
      definitions.outline.groups.append(
        .init(
          path: path.map(\.text).joined(separator: "/"), theme: theme, file: file,
          position: pair.key.mark))
      for entry in entries {
        if entry.key.scalarText == "groups" {
          if let nested = self.pairs(entry.value, what: "'groups' of group '\(raw)'") {
            readGroups(nested, outer: path, theme: theme, into: &definitions)
          }
        } else {
          readStyles([entry], groups: path, theme: theme, into: &definitions)
        }
      }
    }
  }

  private func readStyles(
    _ entries: some Sequence<YAMLNode.Pair>, groups: [GroupPath], theme blockTheme: String?,
    into definitions: inout SheetDefinitions
  ) {
    for pair in entries {
      if let key = scalarKey(pair.key), let style = style(key: key, body: pair.value, groups: groups, theme: blockTheme)
      {
        outline(style, into: &definitions.outline)
        definitions.styles.append(style)
      }
    }
  }

  /// A style's key: a scalar's text, how it was written and where.
  private struct Key {
    var text: String
    var style: YAMLScalarStyle
    var mark: SourcePosition
  }

  /// The key as a scalar, or nil after reporting a collection.
  private func scalarKey(_ node: YAMLNode) -> Key? {
    guard case .scalar(let text, let style) = node.content else {
      _ = values.keyText(node)
      return nil
    }
    return Key(text: text, style: style, mark: node.mark)
  }

  private func style(key: Key, body: YAMLNode, groups: [GroupPath], theme: String?) -> StyleDefinition? {
    guard let (selector, isDescription) = selector(key, groups: groups, theme: theme),
      let (body, extends) = readBody(body, selector: key.text)
    else { return nil }
    return StyleDefinition(
      selector: selector, name: isDescription ? nil : registeredName(key.text, groups: groups, theme: theme),
      body: body, file: file, position: key.mark, extends: extends)
  }

  /// The selector a style entry registers (group path and block theme
  /// applied), and whether the key as written is its description (the
  /// rule's name is then the selector's, not kept apart); nil after
  /// reporting why not.
  private func selector(
    _ key: Key, groups: [GroupPath], theme blockTheme: String?
  ) -> (selector: StyleSelector, isDescription: Bool)? {
    let raw = key.text
    let selector: StyleSelector
    let isDescription: Bool
    do {
      let parsed = try StyleSelector.parse(raw)
      selector = parsed.selector
      isDescription = parsed.isDescription
      if parsed.droppedEmpty > 0 { warnEmptyComponents(raw, at: key.mark) }
    } catch {
      reportSyntax(error, in: raw, what: "invalid selector '\(raw.trimmingSpaces)'", at: key.mark, style: key.style)
      return nil
    }
    if groups.isEmpty, blockTheme == nil { return (selector, isDescription) }
    var registered = groups.isEmpty ? selector : selector.within(groups.flatMap(\.components))
    if let blockTheme { registered = registered.themed(blockTheme) }
    return (registered, false)
  }

  /// The block's `@theme/`, the key's own `@theme/` parts, the group path,
  /// then the rest of the key.
  private func registeredName(_ raw: String, groups: [GroupPath], theme blockTheme: String?) -> String {
    // Nothing to trim or put in front: the key as written (the common case).
    if groups.isEmpty, blockTheme == nil, !raw.containsByte(where: { $0 == 0x20 || $0 == 0x09 }) { return raw }
    var key = raw.trimmingSpaces
    var themes = blockTheme.map { [$0] } ?? []
    while key.hasPrefix("@"), let slash = key.firstIndex(of: "/") {
      let theme = String(key[key.index(after: key.startIndex)..<slash]).trimmingSpaces
      if !themes.contains(theme) { themes.append(theme) }
      key = String(key[key.index(after: slash)...]).trimmingSpaces
    }
    if !groups.isEmpty { key = Self.droppingLeadingWildcards(key) }
    let parts = groups.map(\.text) + [key]
    return themes.map { "@\($0)/" }.joined() + parts.joined(separator: "/")
  }

  /// A group entry's key without the leading bare `*` parts that parsing
  /// drops (all but the one just outside a `>` part): `*/c` in group
  /// `title` registers `title/c`, which is what it matches, whereas
  /// `title/*/c` would need a component between the two.
  static func droppingLeadingWildcards(_ key: String) -> String {
    var parts = key.split(separator: "/", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
    while let first = parts.first, first == "*" || first.isEmpty,
      let next = parts.dropFirst().first(where: { !$0.isEmpty }), !next.hasPrefix(">"),
      parts.count > 1
    {
      parts.removeFirst()
    }
    return parts.joined(separator: "/")
  }

  /// The body (nil for null; without `extends`, its merge keys expanded)
  /// and what it extends, or nil after reporting why not; the body's values
  /// are evaluated when the sheet compiles.
  private func readBody(_ node: YAMLNode, selector: String) -> (
    body: SourceMap?, extends: [StyleDefinition.Extension]
  )? {
    if node.isNull { return (nil, []) }
    guard case .mapping(let written) = node.content else {
      let hint = Self.missingSpaceHint(node)
      error(
        "style '\(selector.trimmingSpaces)' must be a map of properties, not \(node.kindName)\(hint)", .wrongType,
        at: node)
      return nil
    }
    guard case .map(var body)? = values.value(node) else { return nil }
    guard let extendsPosition = body.entries.firstIndex(where: { $0.key == "extends" }) else {
      return (body, [])
    }
    // The entry as written (merged maps may hold it), read as YAML for its selectors.
    let extendsPair: YAMLNode.Pair?
    if written.contains(where: { $0.key.isMergeKey }) {
      extendsPair = values.mergedPairs(of: node, charging: false)?.first { $0.key.holds("extends") }
    } else {
      extendsPair = written.first { $0.key.holds("extends") }
    }
    body.entries.remove(at: extendsPosition)
    guard let extendsPair else { return (body, []) }
    let targets: [YAMLNode]
    switch extendsPair.value.content {
    case .scalar: targets = [extendsPair.value]
    case .sequence(let items): targets = Array(items)
    case .mapping:
      error("'extends' must be a selector or a list of selectors, not a map", .wrongType, at: extendsPair.value)
      return nil
    }
    var extensions: [StyleDefinition.Extension] = []
    for target in targets {
      guard let text = target.scalarText else {
        error("'extends' must list selectors, not \(target.kindName)", .wrongType, at: target)
        return nil
      }
      do {
        extensions.append(
          .init(
            selector: try StyleSelector(parsing: text), text: text.trimmingSpaces,
            position: target.mark))
      } catch {
        reportSyntax(error, in: text, what: "invalid selector '\(text.trimmingSpaces)' in 'extends'", at: target)
        return nil
      }
    }
    return (body, extensions)
  }

  /// Notes a style and its `extends` targets in the outline.
  private func outline(_ style: StyleDefinition, into outline: inout SheetOutline) {
    let position = SourcePosition(line: style.source.line, column: style.source.column)
    outline.styles.append(.init(name: style.name, file: file, position: position))
    for extended in style.extends {
      outline.extensions.append(
        .init(target: extended.text, style: style.name, file: file, position: extended.position))
    }
  }

  /// Notes the leaves of a `variables:` block in the outline.
  private func outline(_ tree: VariableTree, theme: String?, into outline: inout SheetOutline) {
    for (path, leaf) in tree.leaves {
      outline.variables.append(.init(path: path, theme: theme, file: leaf.file, position: leaf.key))
    }
  }

  /// Notes an `axes:` entry in the outline.
  private func outline(_ axis: AxisDeclaration, at key: SourcePosition, into outline: inout SheetOutline) {
    outline.axes.append(
      .init(
        name: axis.name, themes: axis.themes.map { .init(name: $0.name, file: file, position: $0.position) },
        defaultTheme: axis.defaultTheme.map { .init(name: $0.name, file: file, position: $0.position) },
        file: file, position: key))
  }

  /// Points into the key when it sits on one line: its column plus the
  /// offset of the problem (one more for a quoted key).
  private func reportSyntax(_ syntax: SyntaxError, in text: String, what: String, at node: YAMLNode) {
    guard case .scalar(_, let style) = node.content else {
      sink.error("\(what): \(syntax.message)", .invalidSelector, at: location(node))
      return
    }
    reportSyntax(syntax, in: text, what: what, at: node.mark, style: style)
  }

  private func reportSyntax(
    _ syntax: SyntaxError, in text: String, what: String, at mark: SourcePosition, style: YAMLScalarStyle
  ) {
    var location = location(mark)
    if !text.contains("\n") { location.column += syntax.column - 1 + (style == .plain ? 0 : 1) }
    sink.add(
      SheetDiagnostic(
        .error, "\(what): \(syntax.message)", kind: .invalidSelector, at: location,
        quoting: SourceQuote(text, column: syntax.column)))
  }

  private func warnEmptyComponents(_ raw: String, at mark: SourcePosition) {
    sink.warning("ignored empty component in '\(raw.trimmingSpaces)'", .emptyComponent, at: location(mark))
  }
}

extension String {
  var trimmingSpaces: String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return String(text)
  }
}
