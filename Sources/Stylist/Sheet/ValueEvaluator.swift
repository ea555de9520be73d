import OrderedCollections

/// Builds typed property values from YAML nodes under one theme's variables:
/// core-schema typing, `!!` tags, merge keys, `$name` substitution.
///
/// Every value built (`values(ofStyleBody:file:unthemed:)` says which) is
/// charged against a budget, aliases, merge keys and
/// variable uses included, so alias bombs end in an error instead of
/// exhausting memory; the budget is shared by the evaluators of every theme
/// (`ExpansionBudget`). Variables are resolved once per evaluator and cached.
final class ValueEvaluator {
  let theme: ThemeSet
  private let variables: VariableTree
  private let sink: DiagnosticSink
  private let budget: ExpansionBudget
  /// Resolved variables, and the themes that shadow what each reached.
  private var cache: [String: (value: PropertyValue, size: Int, depth: Int, shadowing: Set<String>)] = [:]
  /// Which variables themes change: see `ShadowedPaths`.
  private let shadowed: ShadowedPaths
  /// The themes that shadow a variable an evaluation since the last
  /// `startTracking()` used: its result is the same under every set of
  /// the other themes, and need not be evaluated again under them.
  private(set) var reached: Set<String> = []
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
    theme: ThemeSet, variables: VariableTree, sink: DiagnosticSink, budget: ExpansionBudget, maxDepth: Int,
    shadowed: ShadowedPaths = .init()
  ) {
    self.theme = theme
    self.variables = variables
    self.sink = sink
    self.budget = budget
    self.maxDepth = maxDepth
    self.shadowed = shadowed
  }

  /// Clears `reached`, returning what it was, so that a caller can track
  /// one evaluation and then restore the outer one's.
  func startTracking() -> Set<String> {
    defer { reached = [] }
    return reached
  }

  /// Ends tracking one evaluation: what it reached is added to the outer
  /// evaluation's (`outer`, from `startTracking()`); returns the themes
  /// that shadow what this one reached.
  func endTracking(outer: Set<String>) -> Set<String> {
    let mine = reached
    reached = outer
    noteReached(mine)
    return mine
  }

  /// Adds themes to what the current evaluation reached (for a result
  /// taken from a cache that recorded them).
  func noteReached(_ themes: Set<String>) {
    // Evaluations mostly reach the same few themes again: a set already
    // held is not copied (`formUnion` would copy a shared one).
    if themes.isEmpty || themes == reached { return }
    if reached.isEmpty {
      reached = themes
    } else if !reached.isSuperset(of: themes) {
      reached.formUnion(themes)
    }
  }

  private var themeSuffix: String {
    guard theme.themes.count > 1 else { return theme.themes.first.map { " under theme '\($0)'" } ?? "" }
    return " under themes " + theme.themes.map { "'\($0)'" }.joined(separator: " and ")
  }

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

  /// Charges `count` bytes an interpolation copies; false (with one error)
  /// once the budget is spent.
  private func spend(bytes count: Int, at location: SourceLocation) -> Bool {
    report(
      budget.spend(bytes: count), at: location,
      "interpolated strings copy too many bytes (a string doubled through variables?)")
  }

  private func spend(_ size: Int, at location: SourceLocation, _ message: String) -> Bool {
    report(budget.spend(size), at: location, message)
  }

  private func report(_ outcome: ExpansionBudget.Outcome, at location: SourceLocation, _ message: String) -> Bool {
    switch outcome {
    case .spent: return true
    case .ranOut:
      sink.errorPastHold(message, .limitExceeded, at: location)
      return false
    case .refused: return false
    }
  }

  /// A style body's values under this theme, and which entries reached a
  /// variable some theme shadows (positions among the entries evaluated:
  /// merged ones in, `extends` out).
  struct BodyValues {
    var properties: Properties = [:]
    var shadowed = ShadowedEntries()
  }

  /// The values of a style's body (a map; nil for none) without its
  /// `extends` entry, which `SheetReader` has read.
  ///
  /// What is charged: nothing for a literal body (no merge key, every value
  /// an untagged scalar without `$`), whose values are its bytes and the
  /// same under every theme; else the map and every value built. Given
  /// `unthemed`, the same body's values under no theme, an entry that
  /// reached no shadowed variable is the same under this theme: the
  /// unthemed values are copied (charged as copies) and only the others
  /// evaluated again.
  func values(ofStyleBody body: YAMLNode?, file: String, unthemed: BodyValues? = nil) -> BodyValues? {
    guard let body, case .mapping(let written) = body.content else { return BodyValues() }
    // One look at the entries: merge keys, `extends`, and whether all are literal.
    var (isMerged, isLiteral, extendsCount) = (false, true, 0)
    for pair in written {
      if pair.key.isMergeKey {
        isMerged = true
        break
      }
      if pair.key.holds("extends") {
        extendsCount += 1
      } else if isLiteral {
        isLiteral = pair.key.kind == .scalar && Self.isLiteral(pair.value)
      }
    }
    guard isMerged else {
      return values(
        of: written, count: written.count - extendsCount, at: body.mark, keysAreUnique: body.keysAreUnique,
        isLiteral: isLiteral, unthemed: unthemed, file: file)
    }
    guard let merged = mergedPairs(of: body, file: file) else { return nil }
    return values(
      of: merged, count: merged.count - merged.count(where: { $0.key.holds("extends") }), at: body.mark,
      keysAreUnique: false, isLiteral: false, unthemed: unthemed, file: file)
  }

  private static func isLiteral(_ node: YAMLNode) -> Bool {
    node.kind == .scalar && node.tag == nil && !node.scalarContains(UInt8(ascii: "$"))
  }

  /// The values of `pairs`, `count` of them once `extends` is left out.
  private func values(
    of pairs: some Collection<YAMLNode.Pair>, count: Int, at mark: YAMLMark, keysAreUnique: Bool, isLiteral: Bool,
    unthemed: BodyValues?, file: String
  ) -> BodyValues? {
    // A repeated key makes the unthemed values fewer than the entries: evaluate them all.
    let base = unthemed.flatMap { $0.properties.count == count ? $0 : nil }
    if !isLiteral {
      guard charge(1 + (base?.properties.count ?? 0), at: mark, file: file) else { return nil }
    }
    guard nodeDepth < maxDepth else {
      _ = nestedTooDeep(at: mark, file: file)
      return nil
    }
    nodeDepth += 1
    deepest = max(deepest, nodeDepth)
    defer { nodeDepth -= 1 }
    var result = BodyValues()
    var keys: [String] = []
    var values: [PropertyValue] = []
    keys.reserveCapacity(count)
    values.reserveCapacity(count)
    // After a failure the body's other entries are still evaluated, so
    // that one pass reports each of its problems; the body then fails.
    // (Inside a value the first failure ends it: a value evaluated again
    // through each reference to it would make failures exponential.)
    // A failed entry keeps its place (a null), so that the entries after
    // it line up with `base`'s.
    var failed = false
    for pair in pairs {
      let key = keyText(pair.key, file: file)
      if key == "extends" { continue }
      let position = values.count
      if let base, !base.shadowed.contains(position) {
        values.append(base.properties.values[position])
      } else if isLiteral, case .scalar(let text, let style) = pair.value.content {
        let value = style == .plain ? CoreSchema.plainValue(text) : .string(text)
        if value == nil {
          outOfRange(text, tag: nil, at: pair.value.mark, file: file)
          failed = true
        }
        values.append(value ?? .null)
      } else {
        let outer = startTracking()
        let evaluated = sized(pair.value, file: file)
        if !endTracking(outer: outer).isEmpty { result.shadowed.insert(position) }
        if evaluated == nil { failed = true }
        values.append(evaluated?.value ?? .null)
      }
      if key == nil { failed = true }
      keys.append(key ?? "")
    }
    if failed { return nil }
    result.properties = Self.properties(keys: keys, values: values, keysAreUnique: keysAreUnique)
    return result
  }

  /// Keys the composer found unique go in without a search for each (a
  /// small map's search compares the key with every one before it); a
  /// repeated key keeps its first place and its last value.
  private static func properties(keys: [String], values: [PropertyValue], keysAreUnique: Bool) -> Properties {
    if keysAreUnique { return Properties(uncheckedUniqueKeys: keys, values: values) }
    var map = Properties()
    map.reserveCapacity(values.count)
    for (key, value) in zip(keys, values) { map[key] = value }
    return map
  }

  /// The value of `node`, or nil after reporting why not.
  func value(of node: YAMLNode, file: String) -> PropertyValue? {
    sized(node, file: file)?.value
  }

  /// `node`'s value and how many values it counts.
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
    case .mapping(let written):
      guard written.contains(where: { $0.key.isMergeKey }) else {
        return map(written, keysAreUnique: node.keysAreUnique, file: file)
      }
      guard let merged = mergedPairs(of: node, file: file) else { return nil }
      return map(merged, keysAreUnique: false, file: file)
    }
  }

  private func map(_ pairs: some Collection<YAMLNode.Pair>, keysAreUnique: Bool, file: String) -> (
    value: PropertyValue, size: Int
  )? {
    var keys: [String] = []
    var values: [PropertyValue] = []
    keys.reserveCapacity(pairs.count)
    values.reserveCapacity(pairs.count)
    var size = 1
    for pair in pairs {
      guard let key = keyText(pair.key, file: file), let (value, valueSize) = sized(pair.value, file: file) else {
        return nil
      }
      keys.append(key)
      values.append(value)
      size += valueSize
    }
    return (.map(Self.properties(keys: keys, values: values, keysAreUnique: keysAreUnique)), size)
  }

  /// A mapping's pairs with `<<` merge keys expanded: explicit keys win over
  /// merged ones, and among merged maps the first listed wins.
  func mergedPairs(of node: YAMLNode, file: String) -> [YAMLNode.Pair]? {
    guard case .mapping(let pairs) = node.content else { return [] }
    guard pairs.contains(where: { $0.key.isMergeKey }) else { return Array(pairs) }
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
      case .sequence(let items) where items.allSatisfy({ $0.kind == .map }):
        sources = Array(items)
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
    var reached: Set<String>
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
      noteReached(known.reached)
      return (known.value, known.size)
    }
    let budgetBefore = budget.remaining
    let outer = startTracking()
    let measuring = startMeasuringDepth()
    let result = evaluate(text, style: style, tag: nil, at: mark, file: file)
    let depth = endMeasuringDepth(measuring)
    let reachedHere = endTracking(outer: outer)
    if let result {
      evaluatedReferences[text] = EvaluatedReference(
        style: style, value: result.value, size: result.size, depth: depth, charged: budgetBefore - budget.remaining,
        reached: reachedHere)
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
        // A string built from others holds new bytes: each inserted byte
        // counts against the budget before it is copied, so doubling a
        // string through variables ends in the budget's error, not in
        // gigabytes.
        guard spend(bytes: text.utf8.count, at: location(mark, file)) else { return nil }
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
    guard let tag else {
      guard style == .plain else { return .string(text) }
      guard let value = CoreSchema.plainValue(text) else {
        outOfRange(text, tag: nil, at: mark, file: file)
        return nil
      }
      return value
    }
    // A local tag (`!foo`) on a quoted scalar leaves it a string.
    if style != .plain && !tag.hasPrefix(YAMLTag.corePrefix) { return .string(text) }
    guard let value = CoreSchema.taggedValue(text, tag: tag) else {
      if CoreSchema.rangeError(text, tag: tag) != nil {
        outOfRange(text, tag: tag, at: mark, file: file)
      } else {
        sink.error(
          "'\(text)' is not a valid \(tag.split(separator: ":").last ?? "")", .invalidValue, at: location(mark, file))
      }
      return nil
    }
    return value
  }

  /// Reports a number that does not fit its kind, where it is written.
  private func outOfRange(_ text: String, tag: String?, at mark: YAMLMark, file: String) {
    let message = CoreSchema.rangeError(text, tag: tag) ?? "'\(text)' is out of range"
    sink.error(message, .invalidValue, at: location(mark, file))
  }

  private func nestedTooDeep(at mark: YAMLMark, file: String) -> (value: PropertyValue, size: Int)? {
    sink.error(
      "values nest deeper than \(maxDepth) levels (counting through variables)", .limitExceeded,
      at: location(mark, file))
    return nil
  }

  /// Reports `name` as unknown here. Out of line, like `reportCycle`:
  /// `variable` is a level of every nesting through variables, and a
  /// message built in its frame would make each level take more stack.
  @inline(never)
  private func reportUnknown(_ name: String, at mark: YAMLMark, file: String) {
    // Themes that define it make it known under them.
    noteReached(shadowed.themes(shadowing: name))
    let definingThemes = theme.isEmpty ? shadowed.listedThemes(defining: name) : []
    guard definingThemes.isEmpty else {
      sink.error(
        "unknown variable '\(name)': only themes define it ("
          + definingThemes.map { "'\($0)'" }.joined(separator: ", ")
          + "), and a query can have none of them current", .unknownVariable, at: location(mark, file))
      return
    }
    let hint = Suggestion.hint(for: name, among: referablePaths)
    sink.error(
      "unknown variable '\(name)'\(themeSuffix)\(hint.text)", .unknownVariable, at: location(mark, file),
      suggestion: hint.name)
  }

  /// Reports the cycle from `resolving[start]` back to `name`.
  @inline(never)
  private func reportCycle(from start: Int, to name: String, at mark: YAMLMark, file: String) {
    let cycle = (resolving[start...] + [name]).joined(separator: " -> ")
    sink.error("variable cycle: \(cycle)\(themeSuffix)", .variableCycle, at: location(mark, file))
  }

  /// The fully resolved value of variable `name` under this theme.
  func variable(_ name: String, at mark: YAMLMark, file: String) -> (value: PropertyValue, size: Int)? {
    // A cached variable was marked used when it was resolved.
    if let cached = cache[name] {
      guard reuse(depth: cached.depth) else { return nestedTooDeep(at: mark, file: file) }
      noteReached(cached.shadowing)
      return charge(cached.size, at: mark, file: file) ? (cached.value, cached.size) : nil
    }
    if let start = resolving.firstIndex(of: name) {
      reportCycle(from: start, to: name, at: mark, file: file)
      return nil
    }
    guard let tree = variables.lookup(name.split(separator: ".", omittingEmptySubsequences: false)) else {
      reportUnknown(name, at: mark, file: file)
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
    noteReached(shadowed.themes(shadowing: name))
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
    let shadowing = endTracking(outer: outer)
    let depth = endMeasuringDepth(measuring)
    if let result { cache[name] = (result.value, result.size, depth, shadowing) }
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
