import OrderedCollections

/// Reads a DTCG resolver file (Resolver module 2025.10) into definitions:
/// its sets, in `resolutionOrder`, are the global variables (a set no entry
/// lists and no context names comes first, with a warning); each modifier
/// `resolutionOrder` lists is a theme axis named after it, its contexts the
/// axis's themes (in the order written), its `default` the axis default (the
/// first context without one); a context's sources are its theme's
/// variables. Every problem of the file is reported in one pass.
struct TokenResolver {
  let file: String
  /// The loader the sources are read with, handed back when done.
  var loader: TokenLoader
  private var sink: DiagnosticSink { loader.sink }
  private var sets: OrderedDictionary<String, Entry> = [:]
  private var modifiers: OrderedDictionary<String, Entry> = [:]
  /// The sets contexts name.
  private var setsInContexts: Set<String> = []

  init(file: String, loader: TokenLoader) {
    self.file = file
    self.loader = loader
  }

  /// A set or modifier as written, and where its name is.
  private struct Entry {
    var name: String
    var body: SourceMap
    var position: SourcePosition
  }

  private func location(_ position: SourcePosition) -> SourceLocation { position.location(in: file) }

  private func error(_ message: String, at position: SourcePosition) {
    sink.error(message, .invalidResolver, at: location(position))
  }

  mutating func definitions(of map: SourceMap) -> SheetDefinitions {
    var order: [SourceValue] = []
    var hasVersion = false
    for entry in map.entries {
      switch entry.key {
      case "version":
        hasVersion = true
        if entry.value.stringValue != "2025.10" {
          error("a resolver's 'version' must be the string \"2025.10\"", at: entry.value.position)
        }
      case "name", "description", "$schema", "$defs": continue
      case "$extensions": checkExtensions(entry)
      case "sets": sets = entries(entry.value, what: "'sets'")
      case "modifiers": modifiers = entries(entry.value, what: "'modifiers'")
      case "resolutionOrder":
        guard case .list(let list) = entry.value else {
          error("'resolutionOrder' must be a list, not \(entry.value.tokenKindName)", at: entry.value.position)
          continue
        }
        order = list.items
      default: warnUndefined(entry, in: "a resolver")
      }
    }
    if !hasVersion { error("a resolver needs 'version': \"2025.10\"", at: map.position) }
    if !map.entries.contains(where: { $0.key == "resolutionOrder" }) {
      error("a resolver needs 'resolutionOrder'", at: map.position)
    }
    // The listed sets and modifiers, in order; the modifiers' contexts first read.
    var listed: [(kind: Kind, entry: Entry)] = []
    var names: Set<String> = []
    for item in order {
      guard let (kind, entry) = orderEntry(item) else { continue }
      if !names.insert("\(kind)/\(entry.name)").inserted {
        error("'\(entry.name)' is listed twice in 'resolutionOrder'", at: item.position)
        continue
      }
      listed.append((kind, entry))
    }
    var contexts: [(name: String, tree: TokenGroup)] = []
    var definitions = SheetDefinitions()
    var setTrees: [TokenGroup] = []
    for (kind, entry) in listed {
      switch kind {
      case .set: setTrees.append(sources(of: entry))
      case .modifier:
        let (axis, trees) = modifier(entry)
        if let axis {
          definitions.axes.append(axis)
          definitions.outline.axes.append(
            .init(
              name: axis.name, themes: axis.themes.map { .init(name: $0.name, file: file, position: $0.position) },
              defaultTheme: axis.defaultTheme.map { .init(name: $0.name, file: file, position: $0.position) },
              file: file, position: entry.position))
        }
        contexts += trees
      }
    }
    var base = TokenGroup(file: file, position: map.position)
    for (name, set) in sets where !names.contains("set/\(name)") && !setsInContexts.contains(name) {
      sink.warning(
        "set '\(name)' is in no 'resolutionOrder' entry and no context: it applies first, beneath the rest",
        .unlistedSet, at: location(set.position))
      base = base.merged(with: sources(of: set), conflicts: sink)
    }
    for tree in setTrees { base = base.merged(with: tree, conflicts: sink) }
    let tokens = TokenLoader.definitions(base: base, contexts: contexts, sink: sink, budget: loader.budget)
    definitions.variables = tokens.variables
    definitions.themeVariables = tokens.themeVariables
    definitions.outline.tokens = tokens.outline.tokens
    definitions.outline.variableUses = tokens.outline.variableUses
    return definitions
  }

  /// A key the Resolver module does not define: read past, with a warning
  /// (the module's own keys are all this reader knows).
  private func warnUndefined(_ entry: SourceEntry, in what: String) {
    sink.warning(
      "\(what) has a key '\(entry.key)' the Resolver module does not define", .nonstandardToken,
      at: location(entry.keyPosition))
  }

  /// `$extensions`, which the module allows on the resolver, a set and a
  /// modifier: an object of vendors' data, not read.
  private func checkExtensions(_ entry: SourceEntry) {
    guard case .map = entry.value else {
      error("'$extensions' must be an object, not \(entry.value.tokenKindName)", at: entry.value.position)
      return
    }
  }

  private enum Kind: CustomStringConvertible {
    case set, modifier
    var description: String { self == .set ? "set" : "modifier" }
  }

  /// A map of named entries (`sets`, `modifiers`), each an object.
  private func entries(_ value: SourceValue, what: String) -> OrderedDictionary<String, Entry> {
    guard case .map(let map) = value else {
      error("\(what) must be an object, not \(value.tokenKindName)", at: value.position)
      return [:]
    }
    var result: OrderedDictionary<String, Entry> = [:]
    for entry in map.entries {
      guard case .map(let body) = entry.value else {
        error("'\(entry.key)' in \(what) must be an object, not \(entry.value.tokenKindName)", at: entry.value.position)
        continue
      }
      result[entry.key] = Entry(name: entry.key, body: body, position: entry.keyPosition)
    }
    return result
  }

  /// A `resolutionOrder` item: a `$ref` to a set or modifier, or one inline.
  private func orderEntry(_ item: SourceValue) -> (Kind, Entry)? {
    guard case .map(let map) = item else {
      error("a 'resolutionOrder' item must be an object, not \(item.tokenKindName)", at: item.position)
      return nil
    }
    if let reference = item["$ref"] {
      guard let text = reference.stringValue, let pointer = TokenPointer(text), pointer.isLocal,
        pointer.segments.count == 2
      else {
        error("a 'resolutionOrder' '$ref' must be '#/sets/name' or '#/modifiers/name'", at: reference.position)
        return nil
      }
      let (group, name) = (pointer.segments[0], pointer.segments[1])
      let table = group == "sets" ? sets : group == "modifiers" ? modifiers : [:]
      guard group == "sets" || group == "modifiers" else {
        error("a 'resolutionOrder' '$ref' must be '#/sets/name' or '#/modifiers/name'", at: reference.position)
        return nil
      }
      guard let entry = table[name] else {
        let hint = Suggestion.hint(for: name, among: table.keys)
        sink.error(
          "'$ref' '\(text)' names no \(group == "sets" ? "set" : "modifier") '\(name)'\(hint.text)", .invalidResolver,
          at: location(reference.position), suggestion: hint.name)
        return nil
      }
      return (group == "sets" ? .set : .modifier, entry)
    }
    guard let name = item["name"]?.stringValue, let type = item["type"]?.stringValue,
      type == "set" || type == "modifier"
    else {
      error("an inline 'resolutionOrder' item needs 'name' and 'type' (\"set\" or \"modifier\")", at: item.position)
      return nil
    }
    var body = map
    body.entries.removeAll { $0.key == "name" || $0.key == "type" }
    return (type == "set" ? .set : .modifier, Entry(name: name, body: body, position: item.position))
  }

  /// A set's sources merged in order.
  private mutating func sources(of set: Entry) -> TokenGroup {
    var tree = TokenGroup(file: file, position: set.position)
    for entry in set.body.entries {
      switch entry.key {
      case "description", "name": continue
      case "$extensions": checkExtensions(entry)
      case "sources":
        guard case .list(let list) = entry.value else {
          error("a set's 'sources' must be a list, not \(entry.value.tokenKindName)", at: entry.value.position)
          continue
        }
        for source in list.items { tree = tree.merged(with: self.source(source, inContext: false), conflicts: sink) }
      default: warnUndefined(entry, in: "set '\(set.name)'")
      }
    }
    if !set.body.entries.contains(where: { $0.key == "sources" }) {
      error("set '\(set.name)' needs 'sources'", at: set.position)
    }
    return tree
  }

  /// One source: a `$ref` to a token file (relative to the resolver) or,
  /// in a context, to a set; or tokens written inline.
  private mutating func source(_ value: SourceValue, inContext: Bool) -> TokenGroup {
    let empty = TokenGroup(file: file, position: value.position)
    guard case .map(let map) = value else {
      error("a source must be an object, not \(value.tokenKindName)", at: value.position)
      return empty
    }
    guard let reference = value["$ref"] else { return TokenDocumentReader(file: file, sink: sink).document(map) }
    guard let text = reference.stringValue, let pointer = TokenPointer(text) else {
      error(
        "a source's '$ref' must be a file ('a.tokens.json'), a part of one ('a.tokens.json#/group' or "
          + "'a.tokens.json#group') or, in a context, a set ('#/sets/name')", at: reference.position)
      return empty
    }
    if pointer.isLocal {
      guard inContext, pointer.segments.count == 2, pointer.segments[0] == "sets" else {
        error(
          inContext
            ? "a context's '$ref' must name a set, '#/sets/name'" : "a set's sources cannot refer to other sets",
          at: reference.position)
        return empty
      }
      guard let set = sets[pointer.segments[1]] else {
        let hint = Suggestion.hint(for: pointer.segments[1], among: sets.keys)
        sink.error(
          "'$ref' '\(text)' names no set '\(pointer.segments[1])'\(hint.text)", .invalidResolver,
          at: location(reference.position), suggestion: hint.name)
        return empty
      }
      setsInContexts.insert(set.name)
      return sources(of: set)
    }
    let source = loader.options.source
    let path: String
    switch source.name(of: pointer.file, inFolder: source.folder(of: file)) {
    case .success(let name): path = name
    case .failure(let failure):
      loader.report(failure, name: pointer.file, at: location(reference.position))
      return empty
    }
    var document = loader.document(path, namedAt: location(reference.position)) ?? empty
    if !pointer.segments.isEmpty {
      guard case .group(let part)? = document.node(at: pointer.segments) else {
        error("'\(text)' points at no group of '\(path)'", at: reference.position)
        return empty
      }
      document = part
    }
    return document
  }

  /// A modifier's axis and its contexts' trees.
  private mutating func modifier(_ entry: Entry) -> (AxisDeclaration?, [(name: String, tree: TokenGroup)]) {
    var axis = AxisDeclaration(name: entry.name, file: file)
    var trees: [(name: String, tree: TokenGroup)] = []
    var defaultContext: (name: String, position: SourcePosition)?
    var hasContexts = false
    for field in entry.body.entries {
      switch field.key {
      case "description", "name": continue
      case "$extensions": checkExtensions(field)
      case "default":
        guard let name = field.value.stringValue else {
          error("a modifier's 'default' must be a context's name", at: field.value.position)
          continue
        }
        defaultContext = (name, field.value.position)
      case "contexts":
        hasContexts = true
        guard case .map(let contexts) = field.value else {
          error("a modifier's 'contexts' must be an object, not \(field.value.tokenKindName)", at: field.value.position)
          continue
        }
        for context in contexts.entries {
          guard Self.isThemeName(context.key) else {
            sink.error(
              "invalid context name '\(context.key)' (a theme name)", .invalidName, at: location(context.keyPosition))
            continue
          }
          guard case .list(let list) = context.value else {
            error("context '\(context.key)' must be a list of sources", at: context.value.position)
            continue
          }
          var tree = TokenGroup(file: file, position: context.value.position)
          for source in list.items { tree = tree.merged(with: self.source(source, inContext: true), conflicts: sink) }
          axis.themes.append((context.key, context.keyPosition))
          trees.append((context.key, tree))
        }
      default: warnUndefined(field, in: "modifier '\(entry.name)'")
      }
    }
    guard hasContexts, !axis.themes.isEmpty else {
      error("modifier '\(entry.name)' has no contexts", at: entry.position)
      return (nil, [])
    }
    if axis.themes.count == 1 {
      sink.warning(
        "modifier '\(entry.name)' has one context: an axis of one theme", .singleContextModifier,
        at: location(entry.position))
    }
    if let defaultContext, !axis.themes.contains(where: { $0.name == defaultContext.name }) {
      let hint = Suggestion.hint(for: defaultContext.name, among: axis.themes.map(\.name))
      sink.error(
        "the default of modifier '\(entry.name)' is '\(defaultContext.name)', which is none of its contexts\(hint.text)",
        .invalidResolver, at: location(defaultContext.position), suggestion: hint.name)
      // Reported: the axis takes its first context, so that nothing says it again.
      axis.defaultTheme = axis.themes.first
    } else {
      axis.defaultTheme = defaultContext ?? axis.themes.first
    }
    return (axis, trees)
  }

  /// A theme name: not empty, none of `/ [ ] * @`.
  private static func isThemeName(_ name: String) -> Bool {
    !name.isEmpty && !name.contains(where: { "/[]*@".contains($0) })
  }
}
