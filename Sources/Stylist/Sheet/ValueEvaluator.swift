import OrderedCollections

/// Builds property values from the source model under one theme's
/// variables: typed scalars as read, references substituted.
///
/// Every value built (`values(ofStyleBody:file:unthemed:)` says which) is
/// charged against a budget, values shared through aliases and variable
/// uses included, so alias bombs end in an error instead of
/// exhausting memory; the budget is shared by the evaluators of every theme
/// (`ExpansionBudget`). Variables are resolved once per evaluator and cached.
final class ValueEvaluator {
  let theme: ThemeSet
  private let variables: VariableTree
  private let sink: DiagnosticSink
  private let budget: ExpansionBudget
  /// Resolved variables, and the themes that shadow what each reached.
  private var cache: [String: (value: PropertyValue, size: Int, depth: Int, shadowing: Set<String>)] = [:]
  /// Variables that failed, reported in the sink's `epoch` then, and the
  /// themes that shadow what each reached. Within that epoch a reference to
  /// one fails again without a word, so that a value goes on past a failure
  /// and reports each of its problems, and a variable referred to many
  /// times over (`[$a, $a]`, each `a` a list of two `$b`) fails once, not
  /// exponentially often.
  private var failures: [String: (shadowing: Set<String>, epoch: Int)] = [:]
  /// Which variables themes change: see `ShadowedPaths`.
  private let shadowed: ShadowedPaths
  /// The themes that shadow a variable an evaluation since the last
  /// `startTracking()` used: its result is the same under every set of
  /// the other themes, and need not be evaluated again under them.
  private(set) var reached: Set<String> = []
  private var resolving: [String] = []
  /// Nodes being evaluated, each inside the one before (through variables
  /// too, a reference being a level): at most `maxDepth`, the YAML nesting
  /// limit. Each level takes a call or two, so this is what bounds the
  /// evaluation's stack, a chain of variables each naming the next
  /// included. A value reused from a cache counts with its own depth, so no
  /// value ever nests deeper.
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

  /// The axes, for the queries an error under `theme` stands for.
  private let axes: ThemeAxes
  /// The variables under no theme: where a theme's value is what makes a
  /// path unknown.
  private let globalVariables: VariableTree

  init(
    theme: ThemeSet, variables: VariableTree, sink: DiagnosticSink, budget: ExpansionBudget, maxDepth: Int,
    shadowed: ShadowedPaths = .init(), axes: ThemeAxes = .init(), globalVariables: VariableTree? = nil
  ) {
    self.theme = theme
    self.variables = variables
    self.axes = axes
    self.globalVariables = globalVariables ?? variables
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

  private func location(_ mark: SourcePosition, _ file: String) -> SourceLocation { mark.location(in: file) }

  /// Charges `size` values; false (with one error) once the budget is spent.
  private func charge(_ size: Int, at mark: SourcePosition, file: String) -> Bool {
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

  /// The values of a style's body (nil for none).
  ///
  /// What is charged: the map and every value built. Given `unthemed`, the same body's
  /// values under no theme, an entry that reached no shadowed variable is
  /// the same under this theme: the unthemed values are copied (charged as
  /// copies) and only the others evaluated again.
  func values(ofStyleBody body: SourceMap?, file: String, unthemed: BodyValues? = nil) -> BodyValues? {
    guard let body else { return BodyValues() }
    // A repeated key makes the unthemed values fewer than the entries: evaluate them all.
    let count = body.entries.count
    let base = unthemed.flatMap { $0.properties.count == count ? $0 : nil }
    guard charge(1 + (base?.properties.count ?? 0), at: body.position, file: file) else { return nil }
    guard nodeDepth < maxDepth else {
      _ = nestedTooDeep(at: body.position, file: file)
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
    // After a failure the body's other entries are still evaluated (as a
    // value's parts are, see `failures`), so that one pass reports each of
    // its problems; the body then fails. A failed entry keeps its place (a
    // null), so that the entries after it line up with `base`'s.
    var failed = false
    for (position, entry) in body.entries.enumerated() {
      if let base, !base.shadowed.contains(position) {
        values.append(base.properties.values[position])
      } else {
        let outer = startTracking()
        let evaluated = sized(entry.value, file: file)
        if !endTracking(outer: outer).isEmpty { result.shadowed.insert(position) }
        if evaluated == nil { failed = true }
        values.append(evaluated?.value ?? .null)
      }
      keys.append(entry.key)
    }
    if failed { return nil }
    result.properties = Properties(keys: keys, values: values, keysAreUnique: body.keysAreUnique)
    return result
  }

  /// `value`'s value and how many values it counts, or nil after reporting why not.
  private func sized(_ value: SourceValue, file: String) -> (value: PropertyValue, size: Int)? {
    guard charge(1, at: value.position, file: file) else { return nil }
    // The nesting limit bounds one document's values; through variables
    // they can nest further, and each level is a call.
    guard nodeDepth < maxDepth else { return nestedTooDeep(at: value.position, file: file) }
    nodeDepth += 1
    deepest = max(deepest, nodeDepth)
    defer { nodeDepth -= 1 }
    switch value {
    case .scalar(let scalar):
      return self.scalar(scalar, file: file)
    case .list(let list):
      var values: [PropertyValue] = []
      values.reserveCapacity(list.items.count)
      var size = 1
      var failed = false
      // Past a failure, so that each item reports its own (see `failures`).
      for item in list.items {
        guard let (value, itemSize) = sized(item, file: file) else {
          failed = true
          continue
        }
        values.append(value)
        size += itemSize
      }
      return failed ? nil : (.list(values), size)
    case .map(let map):
      var keys: [String] = []
      var values: [PropertyValue] = []
      keys.reserveCapacity(map.entries.count)
      values.reserveCapacity(map.entries.count)
      var size = 1
      var failed = false
      for entry in map.entries {
        guard let (value, valueSize) = sized(entry.value, file: file) else {
          failed = true
          continue
        }
        keys.append(entry.key)
        values.append(value)
        size += valueSize
      }
      return failed ? nil : (.map(Properties(keys: keys, values: values, keysAreUnique: map.keysAreUnique)), size)
    }
  }

  private func scalar(_ scalar: SourceScalar, file: String) -> (value: PropertyValue, size: Int)? {
    let mark = scalar.position
    switch scalar.form {
    case .literal(let value): return (value, 1)
    case .invalid(let message):
      sink.error(message, .invalidValue, at: location(mark, file))
      return nil
    case .reference(let use):
      guard let (known, digits) = digitSplit(use.name) else { return variable(use.name, at: mark, file: file) }
      guard let (value, _) = variable(known, at: mark, file: file) else { return nil }
      return text(of: value, named: known, at: mark, file: file).map { (.string($0 + digits), 1) }
    case .template(let pieces):
      var result = ""
      for piece in pieces {
        switch piece {
        case .literal(let literal): result += literal
        case .reference(let use):
          let (name, digits) = digitSplit(use.name) ?? (use.name, "")
          guard let (value, _) = variable(name, at: mark, file: file),
            let text = text(of: value, named: name, at: mark, file: file).map({ $0 + digits })
          else { return nil }
          // A string built from others holds new bytes: each inserted byte
          // counts against the budget before it is copied, so doubling a
          // string through variables ends in the budget's error, not in
          // gigabytes.
          guard spend(bytes: text.utf8.count, at: location(mark, file)) else { return nil }
          result += text
        }
      }
      return (.string(result), 1)
    }
  }

  /// A value's text for a string, or nil after reporting it has none.
  private func text(of value: PropertyValue, named name: String, at mark: SourcePosition, file: String) -> String? {
    guard let text = value.scalarText else {
      sink.error(
        "variable '\(name)' is \(value.kindName) and cannot be put inside a string", under: theme,
        region: region(reaching: [name]), .invalidValue, at: location(mark, file))
      return nil
    }
    return text
  }

  /// For a `$a.5` no variable has the path of, the variable before the
  /// first segment that starts with a digit and the text from its `.` on
  /// (`size`, `.5`), when that variable is a value (not a map): text can
  /// follow a value, while after a map's name (`$space.250`,
  /// `{palette.red.600}`) the digits are a token's name, and the whole path
  /// is the reference (an unknown one, with a did-you-mean). Nil for a
  /// path any variable has, or one with no such segment (docs/SHEETS.md:
  /// Style sheets).
  private func digitSplit(_ name: String) -> (variable: String, text: String)? {
    // Found from the bytes: nearly every reference has no such segment,
    // and this runs for each one evaluated.
    let bytes = name.utf8
    func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    guard let firstByte = bytes.first, !isDigit(firstByte) else { return nil }
    var previous = firstByte
    var dot: String.Index?
    for index in bytes.indices.dropFirst() {
      if previous == UInt8(ascii: "."), isDigit(bytes[index]) {
        dot = bytes.index(before: index)
        break
      }
      previous = bytes[index]
    }
    guard let dot, variables.lookup(name.split(separator: ".", omittingEmptySubsequences: false)) == nil,
      case .leaf? = variables.lookup(name[..<dot].split(separator: ".", omittingEmptySubsequences: false))
    else { return nil }
    return (String(name[..<dot]), String(name[dot...]))
  }

  private func nestedTooDeep(at mark: SourcePosition, file: String) -> (value: PropertyValue, size: Int)? {
    sink.error(
      "values nest deeper than \(maxDepth) levels (counting through variables)", .limitExceeded,
      at: location(mark, file))
    return nil
  }

  /// The queries an error here stands for: those with this evaluation's
  /// themes and, on other axes, no theme that changes `names`.
  private func region(reaching names: [String]) -> QueryRegion {
    var reached: Set<String> = []
    for name in names { reached.formUnion(shadowed.themes(shadowing: name)) }
    return axes.region(of: theme, reaching: reached)
  }

  /// Reports `name` as unknown here. Out of line, like `reportCycle`:
  /// `variable` is a level of every nesting through variables, and a
  /// message built in its frame would make each level take more stack.
  /// Where a current theme's value makes the path unknown (it puts a value
  /// where the global variables have a map), the error is at that value.
  @inline(never)
  private func reportUnknown(_ name: String, at mark: SourcePosition, file: String) {
    // Themes that define it make it known under them.
    noteReached(shadowed.themes(shadowing: name))
    let region = region(reaching: [name])
    let path = name.split(separator: ".", omittingEmptySubsequences: false)
    if let (prefix, leaf) = blockingLeaf(path), globalVariables.lookup(path) != nil {
      sink.error(
        "unknown variable '\(name)'", under: theme, region: region,
        then: " (used at \(location(mark, file))): here '\(prefix)' is a value, not a map", .unknownVariable,
        at: leaf.key.location(in: leaf.file))
      return
    }
    let hint = Suggestion.hint(for: name, among: referablePaths)
    sink.error(
      "unknown variable '\(name)'", under: theme, region: region, then: hint.text, .unknownVariable,
      at: location(mark, file), suggestion: hint.name, definedBy: shadowed.listedThemes(defining: name))
  }

  /// The first leaf on `path` before its end, with its path: what makes
  /// the rest of the path unknown.
  private func blockingLeaf(_ path: [Substring]) -> (String, VariableLeaf)? {
    var node = variables
    for (depth, name) in path.enumerated() {
      guard case .map(let children) = node, let child = children[String(name)] else { return nil }
      if case .leaf(let leaf) = child, depth < path.count - 1 {
        return (path[...depth].joined(separator: "."), leaf)
      }
      node = child
    }
    return nil
  }

  /// Reports the cycle from `resolving[start]` back to `name`.
  @inline(never)
  private func reportCycle(from start: Int, to name: String, at mark: SourcePosition, file: String) {
    let cycle = (resolving[start...] + [name]).joined(separator: " -> ")
    sink.error(
      "variable cycle: \(cycle)", under: theme, region: region(reaching: [name]), .variableCycle,
      at: location(mark, file))
  }

  /// Whether variable `path` is there under this theme.
  func isDefined(_ path: String) -> Bool {
    variables.lookup(path.split(separator: ".", omittingEmptySubsequences: false)) != nil
  }

  /// The fully resolved value of variable `name` under this theme.
  func variable(_ name: String, at mark: SourcePosition, file: String) -> (value: PropertyValue, size: Int)? {
    // A cached variable was marked used when it was resolved.
    if let cached = cache[name] {
      guard reuse(depth: cached.depth) else { return nestedTooDeep(at: mark, file: file) }
      noteReached(cached.shadowing)
      return charge(cached.size, at: mark, file: file) ? (cached.value, cached.size) : nil
    }
    if let failure = failures[name], failure.epoch == sink.epoch {
      noteReached(failure.shadowing)
      return nil
    }
    if let start = resolving.firstIndex(of: name) {
      reportCycle(from: start, to: name, at: mark, file: file)
      return nil
    }
    let path = name.split(separator: ".", omittingEmptySubsequences: false)
    guard let tree = variables.lookup(path) else {
      if let (prefix, leaf) = blockingLeaf(path), leaf.origin == .token, case .map = leaf.value {
        // A token's object value (a colour's `colorSpace`, a dimension's
        // `unit`) is read into like a map of variables.
        let rest = path.dropFirst(prefix.split(separator: ".", omittingEmptySubsequences: false).count)
        guard let (value, size) = variable(prefix, at: mark, file: file) else { return nil }
        if let part = rest.reduce(Optional(value), { $0?[String($1)] }) { return (part, size) }
      }
      reportUnknown(name, at: mark, file: file)
      return nil
    }
    // A map of variables is a level of nesting (it is a map); a leaf adds
    // none of its own: the reference to it was a level, and its value
    // counts its own.
    let isMap: Bool
    if case .map = tree { isMap = true } else { isMap = false }
    guard !isMap || nodeDepth < maxDepth else { return nestedTooDeep(at: mark, file: file) }
    let measuring = startMeasuringDepth()
    if isMap {
      nodeDepth += 1
      deepest = max(deepest, nodeDepth)
    }
    defer { if isMap { nodeDepth -= 1 } }
    used.insert(name)
    resolving.append(name)
    defer { resolving.removeLast() }
    let outer = startTracking()
    noteReached(shadowed.themes(shadowing: name))
    let result: (value: PropertyValue, size: Int)?
    switch tree {
    case .leaf(let leaf):
      result = sized(leaf.value, file: leaf.file)
    case .map(let children):
      var map = Properties()
      var size = 1
      var failed = false
      for key in children.keys {
        guard let (value, childSize) = variable("\(name).\(key)", at: mark, file: file) else {
          failed = true
          continue
        }
        map[key] = value
        size += childSize
      }
      result = failed ? nil : (.map(map), size)
    }
    let shadowing = endTracking(outer: outer)
    let depth = endMeasuringDepth(measuring)
    if let result {
      cache[name] = (result.value, result.size, depth, shadowing)
    } else {
      failures[name] = (shadowing, sink.epoch)
    }
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

extension Properties {
  /// `values` under `keys`. Keys known to be unique go in without a search
  /// for each (a small map's search compares the key with every one before
  /// it); a repeated key keeps its first place and its last value.
  init(keys: [String], values: [PropertyValue], keysAreUnique: Bool) {
    if keysAreUnique {
      self.init(uncheckedUniqueKeys: keys, values: values)
      return
    }
    self.init()
    reserveCapacity(values.count)
    for (key, value) in zip(keys, values) { self[key] = value }
  }
}
