import OrderedCollections

/// Builds typed property values from YAML nodes under one theme's variables:
/// core-schema typing, `!!` tags, merge keys, `$name` substitution.
///
/// Every value built is charged against a budget, aliases, merge keys and
/// variable uses included, so alias bombs end in an error instead of
/// exhausting memory; the budget is shared by the evaluators of every theme
/// (`ExpansionBudget`). Variables are resolved once per evaluator and cached.
final class ValueEvaluator {
  let theme: String?
  private let variables: VariableTree
  private let sink: DiagnosticSink
  private let budget: ExpansionBudget
  /// Resolved variables, and whether each reached a shadowed one.
  private var cache: [String: (value: PropertyValue, size: Int, depth: Int, isShadowed: Bool)] = [:]
  /// What themes define again, when this evaluator is the unthemed one
  /// (else empty): see `ShadowedPaths`.
  private let shadowed: ShadowedPaths
  /// Whether an evaluation since the last `startTracking()` used a variable
  /// that some theme shadows: if not, its result is the same under every
  /// theme and need not be evaluated again per theme.
  private(set) var reachedShadowed = false
  private var resolving: [String] = []
  /// Variable values being evaluated, each reached from the one before
  /// (`a: $b`, `b: $c`, …). At most `maxReferenceDepth`: each level takes a
  /// few calls' worth of stack, and a chain of thousands overflowed the
  /// stack of the thread loading it; 100 fits even a 512 KB thread stack,
  /// far beyond what a sheet needs. (A map of maps is not a chain: it is
  /// bounded by the YAML nesting limit.)
  private var referenceDepth = 0
  static let maxReferenceDepth = 100
  /// Nodes being evaluated, each inside the one before (through variables
  /// too): at most `maxDepth`, the YAML nesting limit. A value reused from a
  /// cache counts with its own depth, so no value ever nests deeper.
  private var nodeDepth = 0
  private let maxDepth: Int
  /// The deepest `nodeDepth` reached since the innermost
  /// `startMeasuringDepth()`, so a cached value knows its depth.
  private var deepest = 0

  private func startMeasuringDepth() -> (start: Int, outerDeepest: Int) {
    defer { deepest = nodeDepth }
    return (nodeDepth, deepest)
  }

  /// The depth of what was evaluated since `measuring` began; the outer
  /// measurement goes on with it included.
  private func endMeasuringDepth(_ measuring: (start: Int, outerDeepest: Int)) -> Int {
    let depth = deepest - measuring.start
    deepest = max(measuring.outerDeepest, deepest)
    return depth
  }

  /// Whether a cached value `depth` deep fits here; it then counts as reached.
  private func reuse(depth: Int) -> Bool {
    guard nodeDepth + depth <= maxDepth else { return false }
    deepest = max(deepest, nodeDepth + depth)
    return true
  }
  /// The paths references can name, listed once an unknown one needs a hint.
  private lazy var referablePaths = variables.referablePaths
  /// Variable paths used by any evaluation, for the unused-variable warning.
  private(set) var used: Set<String> = []

  init(
    theme: String?, variables: VariableTree, sink: DiagnosticSink, budget: ExpansionBudget, maxDepth: Int,
    shadowed: ShadowedPaths = .init()
  ) {
    self.theme = theme
    self.variables = variables
    self.sink = sink
    self.budget = budget
    self.maxDepth = maxDepth
    self.shadowed = shadowed
  }

  /// Clears `reachedShadowed`, returning what it was, so that a caller can
  /// track one evaluation and then restore the outer one's flag.
  func startTracking() -> Bool {
    defer { reachedShadowed = false }
    return reachedShadowed
  }

  /// Ends tracking one evaluation: what it reached is added to the outer
  /// evaluation's flag (`outer`, from `startTracking()`); returns whether
  /// this one reached a shadowed variable.
  func endTracking(outer: Bool) -> Bool {
    let reached = reachedShadowed
    reachedShadowed = outer || reached
    return reached
  }

  /// Marks the current evaluation as reaching a shadowed variable (for a
  /// result taken from a cache that recorded it).
  func noteReachedShadowed() { reachedShadowed = true }

  private func isShadowed(_ name: String) -> Bool { shadowed.contains(name) }

  private var themeSuffix: String { theme.map { " under theme '\($0)'" } ?? "" }

  private func location(_ node: YAMLNode, _ file: String) -> SourceLocation { location(node.mark, file) }

  private func location(_ mark: YAMLMark, _ file: String) -> SourceLocation {
    SourceLocation(file: file, line: mark.line, column: mark.column)
  }

  /// Charges `size` values; false (with one error) once the budget is spent.
  private func charge(_ size: Int, at mark: YAMLMark, file: String) -> Bool {
    spend(size, at: location(mark, file), "values expand to too many nodes (alias or variable bomb?)")
  }

  /// Charges the `count` values a style inherits through `extends`: copies,
  /// like an alias's, so that a chain of styles each extending the next
  /// cannot build more values than the budget allows.
  func chargeInherited(_ count: Int, at location: SourceLocation) -> Bool {
    spend(count, at: location, "extends copies too many values (a chain of styles extending each other?)")
  }

  private func spend(_ size: Int, at location: SourceLocation, _ message: String) -> Bool {
    switch budget.spend(size) {
    case .spent: return true
    case .ranOut:
      sink.error(message, .limitExceeded, at: location)
      return false
    case .refused: return false
    }
  }

  /// The properties of a flat body, as `value(of:)` builds them from the
  /// same body's nodes: one value charged for the map, one per scalar.
  /// `shadowed` notes the entries that reached a variable a theme shadows.
  func properties(of mapping: YAMLFlatMapping, file: String, noting shadowed: inout ShadowedEntries) -> Properties? {
    guard charge(1, at: mapping.mark, file: file) else { return nil }
    var values: [PropertyValue] = []
    values.reserveCapacity(mapping.entries.count)
    for (position, entry) in mapping.entries.enumerated() {
      let value = entry.value
      let outer = startTracking()
      guard charge(1, at: value.mark, file: file),
        let (typed, _) = scalar(value.text, style: value.style, tag: nil, at: value.mark, file: file)
      else {
        _ = endTracking(outer: outer)
        return nil
      }
      if endTracking(outer: outer) { shadowed.insert(position) }
      values.append(typed)
    }
    // Keys the composer found unique go in without a search for each
    // (a small map's search compares the key with every one before it).
    if mapping.keysAreUnique {
      return Properties(uncheckedUniqueKeys: mapping.entries.lazy.map(\.key.text), values: values)
    }
    var map = Properties()
    map.reserveCapacity(values.count)
    for (entry, value) in zip(mapping.entries, values) { map[entry.key.text] = value }
    return map
  }

  /// The properties of a flat body whose unthemed values are `base`, under
  /// this theme: only the entries in `shadowed` are evaluated again, since
  /// the others reached no variable a theme shadows and are the same under
  /// every theme (the rule `SheetCompiler.themedStyle` keeps for whole
  /// bodies, kept here entry by entry).
  func properties(of mapping: YAMLFlatMapping, file: String, reusing base: Properties, except shadowed: ShadowedEntries)
    -> Properties?
  {
    // A repeated key makes `base` shorter than the entries: evaluate it all.
    guard base.count == mapping.entries.count else {
      var ignored = ShadowedEntries()
      return properties(of: mapping, file: file, noting: &ignored)
    }
    // The variant copies the base's values: charged as copies are.
    guard charge(1 + base.count, at: mapping.mark, file: file) else { return nil }
    var map = base
    for (position, entry) in mapping.entries.enumerated() where shadowed.contains(position) {
      let value = entry.value
      guard charge(1, at: value.mark, file: file),
        let (typed, _) = scalar(value.text, style: value.style, tag: nil, at: value.mark, file: file)
      else { return nil }
      map.values[position] = typed
    }
    return map
  }

  /// The value of `node`, or nil after reporting why not.
  func value(of node: YAMLNode, file: String) -> PropertyValue? {
    sized(node, file: file)?.value
  }

  private func sized(_ node: YAMLNode, file: String) -> (value: PropertyValue, size: Int)? {
    guard charge(1, at: node.mark, file: file) else { return nil }
    // The YAML nesting limit bounds one document's values; through
    // variables they can nest further, and each level is a call.
    guard nodeDepth < maxDepth else { return nestedTooDeep(at: node.mark, file: file) }
    nodeDepth += 1
    deepest = max(deepest, nodeDepth)
    defer { nodeDepth -= 1 }
    switch node.content {
    case .scalar(let text, let style):
      return scalar(text, style: style, tag: node.tag, at: node.mark, file: file)
    case .sequence(let items):
      var values: [PropertyValue] = []
      values.reserveCapacity(items.count)
      var size = 1
      for item in items {
        guard let (value, itemSize) = sized(item, file: file) else { return nil }
        values.append(value)
        size += itemSize
      }
      return (.list(values), size)
    case .mapping:
      guard let pairs = mergedPairs(of: node, file: file) else { return nil }
      var map = Properties()
      map.reserveCapacity(pairs.count)
      var size = 1
      for pair in pairs {
        guard let key = keyText(pair.key, file: file), let (value, valueSize) = sized(pair.value, file: file) else {
          return nil
        }
        map[key] = value
        size += valueSize
      }
      return (.map(map), size)
    }
  }

  /// A mapping's pairs with `<<` merge keys expanded: explicit keys win over
  /// merged ones, and among merged maps the first listed wins.
  func mergedPairs(of node: YAMLNode, file: String) -> [YAMLNode.Pair]? {
    guard case .mapping(let pairs) = node.content else { return [] }
    guard pairs.contains(where: { $0.key.isMergeKey }) else { return pairs }
    var merged: OrderedDictionary<String, YAMLNode.Pair> = [:]
    var explicit: [YAMLNode.Pair] = []
    for pair in pairs {
      guard pair.key.isMergeKey else {
        explicit.append(pair)
        continue
      }
      let sources: [YAMLNode]
      switch pair.value.content {
      case .mapping: sources = [pair.value]
      case .sequence(let items) where items.allSatisfy({ if case .mapping = $0.content { true } else { false } }):
        sources = items
      default:
        sink.error(
          "a merge key '<<' takes a map or a list of maps, not \(pair.value.kindName)", .invalidValue,
          at: location(pair.value, file))
        return nil
      }
      for source in sources {
        guard let sourcePairs = mergedPairs(of: source, file: file),
          charge(sourcePairs.count, at: pair.value.mark, file: file)
        else { return nil }
        for sourcePair in sourcePairs {
          guard let key = sourcePair.key.scalarText, merged[key] == nil else { continue }
          merged[key] = sourcePair
        }
      }
    }
    for pair in explicit { if let key = pair.key.scalarText { merged.removeValue(forKey: key) } }
    return Array(merged.values) + explicit
  }

  func keyText(_ node: YAMLNode, file: String) -> String? {
    guard let text = node.scalarText else {
      sink.error("keys must be scalars, not \(node.kindName)", .wrongType, at: location(node, file))
      return nil
    }
    return text
  }

  /// Untagged scalars with a `$` evaluated under this theme, by text: a
  /// design system writes the same `$colors.text` in thousands of bodies.
  /// A repeat charges what the first evaluation charged and notes a
  /// shadowed variable as it did; failures are not kept, so each place
  /// reports its own error.
  private var evaluatedReferences: [String: EvaluatedReference] = [:]

  private struct EvaluatedReference {
    var style: YAMLScalarStyle
    var value: PropertyValue
    var size: Int
    var depth: Int
    var charged: Int
    var reachedShadowed: Bool
  }

  private func scalar(
    _ text: String, style: YAMLScalarStyle, tag: String?, at mark: YAMLMark, file: String
  ) -> (value: PropertyValue, size: Int)? {
    guard tag == nil, text.containsByte(UInt8(ascii: "$")) else {
      return evaluate(text, style: style, tag: tag, at: mark, file: file)
    }
    if let known = evaluatedReferences[text], known.style == style {
      guard reuse(depth: known.depth) else { return nestedTooDeep(at: mark, file: file) }
      guard charge(known.charged, at: mark, file: file) else { return nil }
      if known.reachedShadowed { reachedShadowed = true }
      return (known.value, known.size)
    }
    let budgetBefore = budget.remaining
    let outer = startTracking()
    let measuring = startMeasuringDepth()
    let result = evaluate(text, style: style, tag: nil, at: mark, file: file)
    let depth = endMeasuringDepth(measuring)
    let reached = endTracking(outer: outer)
    if let result {
      evaluatedReferences[text] = EvaluatedReference(
        style: style, value: result.value, size: result.size, depth: depth, charged: budgetBefore - budget.remaining,
        reachedShadowed: reached)
    }
    return result
  }

  private func evaluate(
    _ text: String, style: YAMLScalarStyle, tag: String?, at mark: YAMLMark, file: String
  ) -> (value: PropertyValue, size: Int)? {
    let pieces: [TemplatePiece]?
    do { pieces = try VariableReference.pieces(in: text) } catch {
      sink.error(error.message, .invalidValue, at: location(mark, file))
      return nil
    }
    guard let pieces else { return (typed(text, style: style, tag: tag, at: mark, file: file) ?? .null, 1) }
    if pieces.count == 1, case .reference(let name) = pieces[0], tag != YAMLTag.str {
      return variable(name, at: mark, file: file)
    }
    var result = ""
    for piece in pieces {
      switch piece {
      case .literal(let literal): result += literal
      case .reference(let name):
        guard let (value, _) = variable(name, at: mark, file: file) else { return nil }
        guard let text = value.scalarText else {
          sink.error(
            "variable '\(name)' is \(value.kindName) and cannot be put inside a string\(themeSuffix)", .invalidValue,
            at: location(mark, file))
          return nil
        }
        result += text
      }
    }
    if pieces.allSatisfy({ if case .literal = $0 { true } else { false } }) {
      // Only `$$` escapes: type the unescaped text as the scalar would be.
      return (typed(result, style: style, tag: tag, at: mark, file: file) ?? .null, 1)
    }
    return (.string(result), 1)
  }

  private func typed(_ text: String, style: YAMLScalarStyle, tag: String?, at mark: YAMLMark, file: String)
    -> PropertyValue?
  {
    guard let tag else { return style == .plain ? CoreSchema.plainValue(text) : .string(text) }
    // A local tag (`!foo`) on a quoted scalar leaves it a string.
    if style != .plain && !tag.hasPrefix(YAMLTag.corePrefix) { return .string(text) }
    guard let value = CoreSchema.taggedValue(text, tag: tag) else {
      sink.error(
        "'\(text)' is not a valid \(tag.split(separator: ":").last ?? "")", .invalidValue, at: location(mark, file))
      return nil
    }
    return value
  }

  private func nestedTooDeep(at mark: YAMLMark, file: String) -> (value: PropertyValue, size: Int)? {
    sink.error(
      "values nest deeper than \(maxDepth) levels (counting through variables)", .limitExceeded,
      at: location(mark, file))
    return nil
  }

  /// The fully resolved value of variable `name` under this theme.
  func variable(_ name: String, at mark: YAMLMark, file: String) -> (value: PropertyValue, size: Int)? {
    // A cached variable was marked used when it was resolved.
    if let cached = cache[name] {
      guard reuse(depth: cached.depth) else { return nestedTooDeep(at: mark, file: file) }
      if cached.isShadowed { reachedShadowed = true }
      return charge(cached.size, at: mark, file: file) ? (cached.value, cached.size) : nil
    }
    if let start = resolving.firstIndex(of: name) {
      let cycle = (resolving[start...] + [name]).joined(separator: " -> ")
      sink.error("variable cycle: \(cycle)", .variableCycle, at: location(mark, file))
      return nil
    }
    guard let tree = variables.lookup(name.split(separator: ".", omittingEmptySubsequences: false)) else {
      let hint = Suggestion.hint(for: name, among: referablePaths)
      sink.error(
        "unknown variable '\(name)'\(themeSuffix)\(hint.text)", .unknownVariable, at: location(mark, file),
        suggestion: hint.name)
      return nil
    }
    // A variable is a level of nesting too (a map of them is a map).
    guard nodeDepth < maxDepth else { return nestedTooDeep(at: mark, file: file) }
    let measuring = startMeasuringDepth()
    nodeDepth += 1
    deepest = max(deepest, nodeDepth)
    defer { nodeDepth -= 1 }
    used.insert(name)
    resolving.append(name)
    defer { resolving.removeLast() }
    let outer = startTracking()
    if isShadowed(name) { reachedShadowed = true }
    let result: (value: PropertyValue, size: Int)?
    switch tree {
    case .leaf(let definition, _, let definitionFile):
      if referenceDepth >= Self.maxReferenceDepth {
        sink.error(
          "variable '\(name)' is reached through more than \(Self.maxReferenceDepth) nested references"
            + " (from '\(resolving[0])')", .limitExceeded, at: location(mark, file))
        result = nil
      } else {
        referenceDepth += 1
        result = sized(definition, file: definitionFile)
        referenceDepth -= 1
      }
    case .map(let children):
      var map = Properties()
      var size = 1
      var failed = false
      for key in children.keys {
        guard let (value, childSize) = variable("\(name).\(key)", at: mark, file: file) else {
          failed = true
          break
        }
        map[key] = value
        size += childSize
      }
      result = failed ? nil : (.map(map), size)
    }
    let shadowed = endTracking(outer: outer)
    let depth = endMeasuringDepth(measuring)
    if let result { cache[name] = (result.value, result.size, depth, shadowed) }
    return result
  }
}

extension PropertyValue {
  var kindName: String {
    switch self {
    case .list: "a list"
    case .map: "a map"
    default: "a scalar"
    }
  }
}

/// Entries of a flat body (by position) that reached a variable some theme
/// shadows; past the 63rd, all of them count as reaching one.
struct ShadowedEntries {
  private var bits: UInt64 = 0

  mutating func insert(_ position: Int) { bits |= 1 << UInt64(min(position, 63)) }
  func contains(_ position: Int) -> Bool { bits & 1 << UInt64(min(position, 63)) != 0 }
}

/// The variable paths some theme defines again, to tell which references
/// can change with the theme: a path a theme defines (`colors.text`),
/// one inside it, or a map holding one (`colors`).
struct ShadowedPaths {
  private var defined: Set<String> = []
  private var holding: Set<String> = []

  init() {}

  /// The leaves of every theme's `variables:` block.
  init(themes: some Sequence<VariableTree>) {
    for tree in themes {
      for (path, _, _) in tree.leafPaths {
        defined.insert(path)
        var prefix = Substring(path)
        while let dot = prefix.lastIndex(of: ".") {
          prefix = prefix[..<dot]
          holding.insert(String(prefix))
        }
      }
    }
  }

  func contains(_ name: String) -> Bool {
    guard !defined.isEmpty else { return false }
    if defined.contains(name) || holding.contains(name) { return true }
    var prefix = Substring(name)
    while let dot = prefix.lastIndex(of: ".") {
      prefix = prefix[..<dot]
      if defined.contains(String(prefix)) { return true }
    }
    return false
  }
}
