import OrderedCollections

/// Reads the values of one YAML file into the source model: scalars typed
/// by the core schema and their references parsed, merge keys expanded,
/// each anchored node read once and shared by its aliases.
///
/// What merge keys copy is charged to the load's reading budget, so that
/// a merge bomb ends in an error. Every variable use read is kept, once per
/// place it is written, for the outline.
final class SourceValueReader {
  let file: String
  private let sink: DiagnosticSink
  private let budget: ExpansionBudget
  /// Anchored nodes read already, and the references each holds.
  private var shared: [YAMLNodeID: (value: SourceValue, references: [String])] = [:]
  /// The references of what is being read (`references(readingLeaf:)`).
  private var references: [String] = []
  /// Every variable use read, in order.
  private(set) var uses: [SheetOutline.Use] = []
  /// Each reference path read, so that its uses share one string.
  private var paths: Set<String> = []
  /// Whether a scalar's `$` starts a reference: a sheet's does, a token
  /// file's is text (DTCG writes aliases as `{a.b}`, read by `Tokens/`).
  let scalarReferences: ScalarReferences

  /// How a scalar's `$` reads.
  enum ScalarReferences {
    case parsed
    case literal
  }

  init(file: String, sink: DiagnosticSink, budget: ExpansionBudget, scalarReferences: ScalarReferences = .parsed) {
    self.file = file
    self.sink = sink
    self.budget = budget
    self.scalarReferences = scalarReferences
  }

  func location(_ node: YAMLNode) -> SourceLocation { node.mark.location(in: file) }

  /// `path` as read before, if it was.
  func interned(_ path: String) -> String {
    paths.insert(path).memberAfterInsert
  }

  /// Notes a reference read in a scalar.
  func noteUse(_ use: VariableUse) {
    references.append(use.name)
    uses.append(SheetOutline.Use(path: use.name, file: file, position: use.position))
  }

  /// Hands the uses read so far over.
  func takeUses() -> [SheetOutline.Use] {
    defer { uses = [] }
    return uses
  }

  /// A variable's value with the paths it refers to, each once; nil after
  /// reporting why not.
  func leaf(_ node: YAMLNode, key: SourcePosition) -> VariableLeaf? {
    let outer = references
    references = []
    defer { references = outer }
    guard let value = value(node) else { return nil }
    var seen: Set<String> = []
    let distinct = references.filter { seen.insert($0).inserted }
    return VariableLeaf(value: value, key: key, file: file, references: distinct)
  }

  /// `node` in the source model, or nil after reporting why not.
  func value(_ node: YAMLNode) -> SourceValue? {
    guard node.isAnchored else { return read(node) }
    if let known = shared[node.id] {
      references += known.references
      return known.value
    }
    let outer = references
    references = []
    let value = read(node)
    let mine = references
    references = outer + mine
    if let value {
      var seen: Set<String> = []
      shared[node.id] = (value, mine.filter { seen.insert($0).inserted })
    }
    return value
  }

  private func read(_ node: YAMLNode) -> SourceValue? {
    switch node.content {
    case .scalar(let text, let style): return .scalar(scalar(text, style: style, tag: node.tag, at: node.mark))
    case .sequence(let items):
      var values: [SourceValue] = []
      values.reserveCapacity(items.count)
      for item in items {
        guard let value = value(item) else { return nil }
        values.append(value)
      }
      return .list(SourceList(items: values, position: node.mark))
    case .mapping(let pairs):
      guard let map = map(node, pairs: pairs) else { return nil }
      // A sheet's typed values; a token file's are checked by their `$type`.
      if scalarReferences == .parsed {
        for problem in TypedValueCheck.problems(of: .map(map)) {
          sink.warning(problem.message, .valueOutOfRange, at: problem.position.location(in: file))
        }
      }
      return .map(map)
    }
  }

  /// A map with its merge keys expanded (`expandingMerges`); a merged map
  /// is read as a value, so an anchored one is read once and shared.
  private func map(_ node: YAMLNode, pairs: YAMLNode.Pairs) -> SourceMap? {
    let position = node.mark
    guard pairs.contains(where: { $0.key.isMergeKey }) else {
      var entries: [SourceEntry] = []
      entries.reserveCapacity(pairs.count)
      for pair in pairs {
        guard let entry = entry(pair) else { return nil }
        entries.append(entry)
      }
      return SourceMap(entries: entries, position: position, keysAreUnique: node.keysAreUnique)
    }
    let entries = expandingMerges(
      pairs, charging: true, entry: entry,
      entries: { source in
        guard case .map(let sourceMap)? = value(source) else { return nil }
        return sourceMap.entries
      }, key: \.key)
    return entries.map { SourceMap(entries: $0, position: position, keysAreUnique: false) }
  }

  /// The merge rule, for values and for the maps the reader reads by their
  /// keys: explicit keys win over merged ones, and among merged maps the
  /// first listed wins; with `charging`, each merged entry is charged.
  /// `entry` reads a written pair, `entries` a merged map (nil after
  /// reporting), `key` names an entry (nil: a key that is not a scalar).
  private func expandingMerges<Entry>(
    _ pairs: YAMLNode.Pairs, charging: Bool, entry: (YAMLNode.Pair) -> Entry?,
    entries: (YAMLNode) -> [Entry]?, key: (Entry) -> String?
  ) -> [Entry]? {
    var merged: OrderedDictionary<String, Entry> = [:]
    var explicit: [Entry] = []
    for pair in pairs {
      guard pair.key.isMergeKey else {
        guard let read = entry(pair) else { return nil }
        explicit.append(read)
        continue
      }
      guard let sources = mergeSources(pair.value) else { return nil }
      for source in sources {
        guard let sourceEntries = entries(source) else { return nil }
        if charging, !charge(sourceEntries.count, at: pair.value) { return nil }
        for sourceEntry in sourceEntries {
          guard let name = key(sourceEntry), merged[name] == nil else { continue }
          merged[name] = sourceEntry
        }
      }
    }
    for read in explicit { if let name = key(read) { merged.removeValue(forKey: name) } }
    return Array(merged.values) + explicit
  }

  private func entry(_ pair: YAMLNode.Pair) -> SourceEntry? {
    guard let key = keyText(pair.key), let value = value(pair.value) else { return nil }
    return SourceEntry(key: key, keyPosition: pair.key.mark, value: value)
  }

  /// The maps a merge key's value names, or nil after reporting it is not
  /// a map or a list of maps.
  private func mergeSources(_ node: YAMLNode) -> [YAMLNode]? {
    switch node.content {
    case .mapping: return [node]
    case .sequence(let items) where items.allSatisfy({ $0.kind == .map }): return Array(items)
    default:
      sink.error(
        "a merge key '<<' takes a map or a list of maps, not \(node.kindName)", .invalidValue, at: location(node))
      return nil
    }
  }

  /// Charges `count` merged values; false (with one error) once the budget is spent.
  private func charge(_ count: Int, at node: YAMLNode) -> Bool {
    switch budget.spend(count) {
    case .spent: return true
    case .ranOut:
      sink.errorPastHold(
        "values expand to too many nodes (alias or variable bomb?)", .limitExceeded, at: location(node))
      return false
    case .refused: return false
    }
  }

  /// The pairs of a map with merge keys expanded (`expandingMerges`),
  /// still as YAML: for the maps the reader reads by their keys (`styles:`,
  /// a group, a theme…), and for a body's `extends` entry, whose expansion
  /// reading the body as a value charged already (`charging: false`).
  func mergedPairs(of node: YAMLNode, charging: Bool = true) -> [YAMLNode.Pair]? {
    guard case .mapping(let pairs) = node.content else { return [] }
    guard pairs.contains(where: { $0.key.isMergeKey }) else { return Array(pairs) }
    return expandingMerges(
      pairs, charging: charging, entry: { $0 }, entries: { mergedPairs(of: $0, charging: charging) },
      key: \.key.scalarText)
  }

  /// A key's text, or nil after reporting a collection.
  func keyText(_ node: YAMLNode) -> String? {
    guard let text = node.scalarText else {
      sink.error("keys must be scalars, not \(node.kindName)", .wrongType, at: location(node))
      return nil
    }
    return text
  }
}
