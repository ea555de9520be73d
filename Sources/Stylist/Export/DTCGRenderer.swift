import OrderedCollections

/// Writes an export as DTCG 2025.10 (docs/CLI.md: Exporting tokens). Without
/// selected themes: a resolver whose modifiers are the axes, a token file
/// of the global variables and one per theme with the leaves it changes;
/// references stay aliases (`$a.b` is `{a.b}`), so a value that follows
/// another follows it under every theme. With selected themes: one token
/// file of the variables under them.
///
/// What DTCG cannot say goes under `$extensions."dev.stylist"`: `value`,
/// the variable's value where `$value` differs from it (a colour written
/// as a CSS hex string; the importer reads it back), and `template`, the
/// string a value interpolates variables into.
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
      return [file(name, tokens(of: tree, theme: nil, set: set, values: values(export.base), extra: []))]
    }
    var files: [ExportedFile] = []
    let baseValues = values(export.base)
    files.append(
      file(
        Self.baseName, tokens(of: export.sources.global, theme: nil, set: export.baseSet, values: baseValues, extra: [])
      ))
    var contexts: [String: String] = [:]
    var names = FileNames()
    for (theme, changed) in export.changes {
      let set = export.themeSet(theme)
      let own = export.sources.themes[theme] ?? .empty
      var themeValues = baseValues
      for variable in changed { themeValues[variable.dottedPath] = variable.value }
      // Leaves no alias can carry (interpolations) follow a theme only
      // when its file holds them.
      let merged = export.sources.merged(under: set)
      let ownPaths = Set(own.leaves.map(\.path))
      let extra = changed.filter { variable in
        !ownPaths.contains(variable.dottedPath)
          && merged.leaf(at: variable.path).map { aliased($0.value, in: merged) == nil } ?? false
      }
      let body = tokens(of: own, theme: theme, set: set, values: themeValues, extra: extra.map(\.path), in: merged)
      guard !body.isEmpty else { continue }
      let name = "themes/" + names.unique(FileNames.safe(theme)) + ".tokens.json"
      contexts[theme] = name
      files.append(file(name, body))
    }
    files.insert(file(Self.resolverName, resolver(contexts: contexts)), at: 0)
    return files
  }

  private func values(_ variables: [ExportedVariable]) -> [String: PropertyValue] {
    Dictionary(variables.map { ($0.dottedPath, $0.value) }, uniquingKeysWith: { _, last in last })
  }

  private func file(_ path: String, _ body: Properties) -> ExportedFile {
    var output: [UInt8] = []
    PropertyValue.map(body).writeIndentedJSON(to: &output)
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

  /// The tokens of `tree`'s leaves (then `extra`'s, looked up in `merged`),
  /// nested as their paths, with `values` (by dotted path) their values
  /// under `set`, and aliases checked against `merged`.
  private func tokens(
    of tree: VariableTree, theme: String?, set: ThemeSet, values: [String: PropertyValue], extra: [[String]],
    in merged: VariableTree? = nil
  ) -> Properties {
    let merged = merged ?? export.sources.merged(under: set)
    var root = Properties()
    var leaves = tree.leaves
    for path in extra {
      if let leaf = merged.leaf(at: path) { leaves.append((path.joined(separator: "."), leaf)) }
    }
    for (path, leaf) in leaves {
      guard let value = values[path] else { continue }
      let token = self.token(path: path, leaf: leaf, value: value, theme: theme, merged: merged)
      Self.insert(token, at: path.split(separator: ".").map(String.init)[...], into: &root)
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
  /// where the value shows one, a token's documentation as read.
  private func token(path: String, leaf: VariableLeaf, value: PropertyValue, theme: String?, merged: VariableTree)
    -> Properties
  {
    var token = Properties()
    var stylist = Properties()
    let alias = aliased(leaf.value, in: merged)
    if leaf.origin == .token, let read = export.token(path, theme: theme) {
      token["$value"] = alias ?? value
      if let type = read.type { token["$type"] = .string(type) }
      if let description = read.description { token["$description"] = .string(description) }
      if let deprecation = read.deprecation {
        token["$deprecated"] = deprecation.reason.map(PropertyValue.string) ?? true
      }
      if case .map(let extensions)? = read.extensions {
        for (key, entry) in extensions where key != Self.extensionKey { stylist[key] = entry }
      }
      return Self.finished(token, extensions: stylist)
    }
    var own = Properties()
    if let alias, Self.hasReferences(leaf.value) {
      token["$value"] = alias
    } else {
      // No references, or none DTCG can say: the value under this set.
      if let (type, typed) = DTCGTypes.typed(value) {
        token["$value"] = typed
        token["$type"] = .string(type)
        if typed != value { own["value"] = value }
      } else {
        token["$value"] = value
      }
      if let template = Self.template(leaf.value) { own["template"] = .string(template) }
    }
    return Self.finished(token, extensions: own.isEmpty ? [:] : [Self.extensionKey: .map(own)])
  }

  private static func finished(_ token: Properties, extensions: Properties) -> Properties {
    var token = token
    if !extensions.isEmpty { token["$extensions"] = .map(extensions) }
    return token
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

  /// `value` as DTCG writes it, references as aliases; nil when a part has
  /// no such form: a string made of text and references, a reference to
  /// nothing, a string that would read as an alias.
  func aliased(_ value: SourceValue, in tree: VariableTree) -> PropertyValue? {
    switch value {
    case .scalar(let scalar):
      switch scalar.form {
      case .literal(let literal):
        if case .string(let text) = literal, TokenAlias.path(in: text) != nil { return nil }
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

  /// A string's text with `$$` for `$` and `${a.b}` for each reference, as a sheet writes it.
  private static func template(_ value: SourceValue) -> String? {
    guard case .scalar(let scalar) = value, case .template(let pieces) = scalar.form else { return nil }
    return pieces.map { piece in
      switch piece {
      case .literal(let text): text.split(separator: "$", omittingEmptySubsequences: false).joined(separator: "$$")
      case .reference(let use): "${\(use.name)}"
      }
    }.joined()
  }
}

extension VariableTree {
  /// The leaf at `path`; nil for a map or nothing.
  func leaf(at path: [String]) -> VariableLeaf? {
    guard case .leaf(let leaf)? = lookup(path.map { Substring($0) }) else { return nil }
    return leaf
  }
}
