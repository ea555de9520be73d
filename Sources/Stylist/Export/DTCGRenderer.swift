import OrderedCollections

/// Writes an export as DTCG 2025.10 (docs/CLI.md: Exporting tokens). Without
/// selected themes: a resolver whose modifiers are the axes, a token file
/// of the global variables and one per theme with the variables it sets;
/// references stay aliases (`$a.b` is `{a.b}`), so a value that follows
/// another follows it under every theme. With selected themes: one token
/// file of the variables under them, its `$description` the export's
/// header.
///
/// What DTCG cannot say goes under `$extensions."dev.stylist"`, which the
/// importer reads back: `value`, the variable's value where `$value`
/// differs from it (a colour written as a CSS hex string, a string that
/// reads as an alias, a number JSON has no form for), and `template`, the
/// value as a sheet writes it where it has references no alias can carry
/// (a string that interpolates variables).
struct DTCGRenderer {
  let export: TokenExport
  static let extensionKey = "dev.stylist"
  static let resolverName = "tokens.resolver.json"
  static let baseName = "base.tokens.json"

  func files() -> [ExportedFile] {
    guard export.selectedThemes.isEmpty else {
      let set = export.baseSet
      let tree = export.sources.merged(under: set)
      let name = export.selectedThemes.map(FileNames.safe).joined(separator: "-") + ".tokens.json"
      var body: Properties = ["$description": .string(Self.description)]
      body.merge(tokens(of: tree, theme: nil, values: values(export.base), written: tree, merged: tree)) { _, token in
        token
      }
      return [file(name, body)]
    }
    var files: [ExportedFile] = []
    let baseValues = values(export.base)
    files.append(
      file(
        Self.baseName,
        tokens(
          of: export.sources.global, theme: nil, values: baseValues, written: export.sources.global,
          merged: export.sources.merged(under: export.baseSet))))
    var contexts: [String: String] = [:]
    var names = FileNames()
    for (theme, variables) in export.themed {
      // What the theme sets, with the values under it: a value that
      // follows another (an alias, a template) follows it in the importer.
      let own = export.sources.themes[theme] ?? .empty
      let body = tokens(
        of: own, theme: theme, values: values(variables), written: export.sources.global.merged(with: own),
        merged: export.sources.merged(under: export.themeSet(theme)))
      guard !body.isEmpty else { continue }
      let name = "themes/" + names.unique(FileNames.safe(theme)) + ".tokens.json"
      contexts[theme] = name
      files.append(file(name, body))
    }
    files.insert(file(Self.resolverName, resolver(contexts: contexts)), at: 0)
    return files
  }

  /// The one-file export's `$description`: its header (`ExportFormat.header`).
  static let description = "Design tokens exported by `stylist export --format dtcg`."

  private func values(_ variables: [ExportedVariable]) -> [String: PropertyValue] {
    Dictionary(variables.map { ($0.dottedPath, $0.value) }, uniquingKeysWith: { _, last in last })
  }

  private func file(_ path: String, _ body: Properties) -> ExportedFile {
    var output: [UInt8] = []
    if body.count == 1, body.keys[0] == "$description" {
      // The header's line stays its own, as in every one-file export.
      output = Array("{\n  \"$description\": ".utf8)
      body.values[0].writeJSON(to: &output)
      output += Array("\n}".utf8)
    } else {
      PropertyValue.map(body).writeIndentedJSON(to: &output)
    }
    output.append(UInt8(ascii: "\n"))
    return ExportedFile(path: path, text: String(decoding: output, as: UTF8.self))
  }

  private func resolver(contexts: [String: String]) -> Properties {
    var modifiers = Properties()
    var order: [PropertyValue] = [["$ref": "#/sets/base"]]
    for axis in export.axes {
      var written = Properties()
      var defaultContext = axis.defaultTheme
      if defaultContext == nil {
        // "No theme" on an axis without a default is a context of no
        // tokens, named apart from every theme (a context is a theme).
        var none = "\(axis.name)-none"
        var number = 1
        while export.axes.contains(where: { $0.themes.contains(none) }) {
          number += 1
          none = "\(axis.name)-none-\(number)"
        }
        written[none] = .list([])
        defaultContext = none
      }
      for theme in axis.themes {
        written[theme] = .list(contexts[theme].map { [["$ref": .string($0)]] } ?? [])
      }
      modifiers[axis.name] = ["contexts": .map(written), "default": .string(defaultContext!)]
      order.append(["$ref": .string("#/modifiers/" + Self.pointerEscaped(axis.name))])
    }
    var resolver: Properties = [
      "version": "2025.10",
      "sets": ["base": ["sources": [["$ref": .string(Self.baseName)]]]],
    ]
    if !modifiers.isEmpty { resolver["modifiers"] = .map(modifiers) }
    resolver["resolutionOrder"] = .list(order)
    return resolver
  }

  private static func pointerEscaped(_ name: String) -> String {
    var escaped = ""
    for character in name {
      switch character {
      case "~": escaped += "~0"
      case "/": escaped += "~1"
      default: escaped.append(character)
      }
    }
    return escaped
  }

  /// The tokens of `tree` nested as their paths: each variable the
  /// export evaluated (a leaf, an empty map, a colour or dimension object;
  /// `values`, by dotted path, their values) where `tree` holds it or
  /// part of it, written as `written` has it (a theme's file: its own
  /// leaves over the global ones, since a context replaces a token
  /// whole), its aliases checked against `merged` (the variables under
  /// the set of `values`).
  private func tokens(
    of tree: VariableTree, theme: String?, values: [String: PropertyValue], written: VariableTree,
    merged: VariableTree
  ) -> Properties {
    var root = Properties()
    var stack: [(path: [String], node: VariableTree)] = [([], tree)]
    while let (path, node) = stack.popLast() {
      let dotted = path.joined(separator: ".")
      if !path.isEmpty, let value = values[dotted], let source = written.lookup(path.map { Substring($0) }) {
        let token = self.token(path: dotted, node: source, value: value, theme: theme, merged: merged)
        Self.insert(token, at: path[...], into: &root)
      } else if case .map(let children) = node {
        for (name, child) in children.reversed() { stack.append((path + [name], child)) }
      }
    }
    return root
  }

  private static func insert(_ token: Properties, at path: ArraySlice<String>, into group: inout Properties) {
    guard let name = path.first else { return }
    if path.count == 1 {
      group[name] = .map(token)
      return
    }
    var inner = group[name]?.mapValue ?? [:]
    insert(token, at: path.dropFirst(), into: &inner)
    group[name] = .map(inner)
  }

  /// One token: `$value` (an alias where the variable is one), `$type`
  /// where the value shows one (an alias's: the type of what it resolves
  /// to), a token's documentation as read, and what `$value` cannot say
  /// under the extension.
  private func token(path: String, node: VariableTree, value: PropertyValue, theme: String?, merged: VariableTree)
    -> Properties
  {
    var token = Properties()
    let hasReferences = Self.hasReferences(node)
    // A value without references is the one written, whatever the set:
    // the base file's must not be a default theme's.
    let value = hasReferences ? value : (node.literalValue ?? value)
    let alias = hasReferences ? aliased(node, in: merged) : nil
    if case .leaf(let leaf) = node, leaf.origin == .token, let read = export.token(path, theme: theme) {
      var extensions = Properties()
      token["$value"] = alias ?? value
      if let type = read.type ?? DTCGTypes.typed(value)?.type { token["$type"] = .string(type) }
      if let description = read.description { token["$description"] = .string(description) }
      if let deprecation = read.deprecation {
        token["$deprecated"] = deprecation.reason.map(PropertyValue.string) ?? true
      }
      if case .map(let written)? = read.extensions {
        for (key, entry) in written where key != Self.extensionKey { extensions[key] = entry }
      }
      return Self.finished(token, extensions: extensions)
    }
    var own = Properties()
    let typed = DTCGTypes.typed(value)
    if let alias {
      token["$value"] = alias
    } else {
      // No references, or none DTCG can say: the value under this set,
      // and exactly what the importer reads where `$value` is not it.
      let written = DTCGValues.written(typed?.value ?? value)
      token["$value"] = written
      if let template = Self.template(node) {
        own["template"] = template
      } else if !written.isSame(as: value) {
        own["value"] = DTCGValues.exact(value)
      }
    }
    if let typed { token["$type"] = .string(typed.type) }
    return Self.finished(token, extensions: own.isEmpty ? [:] : [Self.extensionKey: .map(own)])
  }

  private static func finished(_ token: Properties, extensions: Properties) -> Properties {
    var token = token
    if !extensions.isEmpty { token["$extensions"] = .map(extensions) }
    return token
  }

  private static func hasReferences(_ node: VariableTree) -> Bool {
    switch node {
    case .leaf(let leaf): hasReferences(leaf.value)
    case .map(let children): children.values.contains(where: hasReferences)
    }
  }

  private static func hasReferences(_ value: SourceValue) -> Bool {
    switch value {
    case .scalar(let scalar):
      if case .literal = scalar.form { return false }
      return true
    case .list(let list): return list.items.contains(where: hasReferences)
    case .map(let map): return map.entries.contains { hasReferences($0.value) }
    }
  }

  /// `node` as DTCG writes it, references as aliases; nil when a part has
  /// no such form: a string made of text and references, a reference to
  /// nothing, a string that would read as an alias, a number JSON cannot
  /// write.
  func aliased(_ node: VariableTree, in tree: VariableTree) -> PropertyValue? {
    switch node {
    case .leaf(let leaf): return aliased(leaf.value, in: tree)
    case .map(let children):
      var properties = Properties()
      for (key, child) in children {
        guard let written = aliased(child, in: tree) else { return nil }
        properties[key] = written
      }
      return .map(properties)
    }
  }

  func aliased(_ value: SourceValue, in tree: VariableTree) -> PropertyValue? {
    switch value {
    case .scalar(let scalar):
      switch scalar.form {
      case .literal(let literal):
        guard DTCGValues.written(literal) == literal else { return Optional.none }
        return literal
      case .reference(let use):
        // A reference to a map is an alias to a group, which DTCG leaves
        // undefined and Stylist reads back as the map: it keeps following
        // the map under every theme, as a resolved copy could not.
        guard tree.lookup(use.name.split(separator: ".", omittingEmptySubsequences: false)) != nil else { return nil }
        return .string("{\(use.name)}")
      case .template, .invalid: return nil
      }
    case .list(let list):
      var items: [PropertyValue] = []
      for item in list.items {
        guard let written = aliased(item, in: tree) else { return nil }
        items.append(written)
      }
      return .list(items)
    case .map(let map):
      var properties = Properties()
      for entry in map.entries {
        guard let written = aliased(entry.value, in: tree) else { return nil }
        properties[entry.key] = written
      }
      return .map(properties)
    }
  }

  /// The value of `node` as a sheet writes it (`DTCGValues.template`),
  /// for a value with references; nil for one without.
  private static func template(_ node: VariableTree) -> PropertyValue? {
    guard hasReferences(node) else { return Optional.none }
    return sheetForm(node)
  }

  private static func sheetForm(_ node: VariableTree) -> PropertyValue {
    switch node {
    case .leaf(let leaf): DTCGValues.template(leaf.value)
    case .map(let children): .map(Properties(uniqueKeysWithValues: children.map { ($0.key, sheetForm($0.value)) }))
    }
  }
}

extension VariableTree {
  /// The value of a tree without references: a leaf's, or the map of its
  /// members'; nil where a part has references or is invalid.
  var literalValue: PropertyValue? {
    switch self {
    case .leaf(let leaf): return leaf.value.literalValue
    case .map(let children):
      var properties = Properties()
      for (key, child) in children {
        guard let value = child.literalValue else { return nil }
        properties[key] = value
      }
      return .map(properties)
    }
  }
}
