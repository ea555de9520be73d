/// A node's path component, named apart from `CompiledRules.Component`.
private typealias NodeComponent = Component

/// The query-time form of an index's rules: names interned to integers,
/// `>` chunks precomputed, everything in flat arrays of plain values, so
/// `bestMatch` does no string work beyond looking up the node's names once
/// and allocates nothing but the answer.
///
/// Candidates come from two places. Rules with a literal token sit in a list
/// per token id. The few with a `*` or glob token sit in a list per *anchor*:
/// the id of their innermost literal component name (a node can only match
/// if it has a component of that name), or in one list when they have none.
/// A list entry carries the rule's theme and a 64-bit mask of its literal
/// component names, so most candidates are dismissed with one AND while
/// reading one contiguous list, without touching the rule itself (at 10,000
/// rules, those loads were most of a query's time).
///
/// `@unchecked Sendable`: the buffers are written in `init` only and read-only
/// after, so sharing a snapshot across threads is safe.
final class CompiledRules: @unchecked Sendable {
  private struct Rule {
    var order: Int32
    /// Interned theme, or `unthemed`.
    var theme: Int32
    /// Interned token, or `anyName` / `globName`.
    var token: Int32
    var tokenGlob: Int32
    var tokenWeight: Int32
    var tokenIsDirectChild: Bool
    var firstComponent: Int32
    var componentCount: Int32
    /// Offsets into `chunkBounds`: `chunkCount + 1` entries, relative starts of each `>` chunk.
    var firstChunk: Int32
    var chunkCount: Int32
    var rootAnchored: Bool
    var requiredNames: UInt64
  }

  /// One entry of a candidate list: what can reject the rule cheaply.
  private struct Candidate {
    var requiredNames: UInt64
    var theme: Int32
    var rule: Int32
  }

  private struct Component {
    /// Interned name, or `anyName` / `globName`.
    var name: Int32
    var nameGlob: Int32
    /// Interned variant, or `unspecified` / `anyVariant` / `globVariant`.
    var variant: Int32
    var variantGlob: Int32
    var weight: Int32
  }

  private static let unthemed: Int32 = -2
  private static let anyName: Int32 = -2
  private static let globName: Int32 = -3
  private static let unspecified: Int32 = -2
  private static let anyVariant: Int32 = -3
  private static let globVariant: Int32 = -4
  /// A node component without a variant (distinct from an unknown one, `NameTable.absent`).
  private static let noVariant: Int32 = -2

  private let names: NameTable
  private let globs: [Glob]
  private let tables: Tables
  private let longestSelector: Int
  /// Largest glob × name table built; beyond it queries call `regexec`.
  static let maxGlobTable = 4_000_000

  /// Plain buffers owned by this object, copied into each query as one
  /// trivial value: reading a class's array property in the query loop would
  /// retain and release it at every access.
  private struct Tables {
    var rules: UnsafeMutableBufferPointer<Rule>
    var components: UnsafeMutableBufferPointer<Component>
    var chunkBounds: UnsafeMutableBufferPointer<Int32>
    /// Every candidate list, back to back (see `listCount`).
    var candidates: UnsafeMutableBufferPointer<Candidate>
    /// List `i` is `candidates[listStart[i]..<listStart[i + 1]]`.
    var listStart: UnsafeMutableBufferPointer<Int32>
    /// `globMatchesName[glob * nameCount + id]` is 1 when the glob matches
    /// that interned name; computed at build (when not too large), so a query
    /// calls `regexec` only for names no rule spells out.
    var globMatchesName: UnsafeMutableBufferPointer<UInt8>
    var nameCount: Int
    var hasGlobTable: Bool
    var hasPatternTokens: Bool
  }

  init(_ styleRules: [StyleRule]) {
    var names = NameTable(capacity: styleRules.count)
    var rules: [Rule] = []
    var components: [Component] = []
    var chunkBounds: [Int32] = []
    var globs: [Glob] = []
    var globIDs = NameTable()
    var longest = 0
    rules.reserveCapacity(styleRules.count)
    components.reserveCapacity(styleRules.reduce(0) { $0 + $1.selector.components.count })

    /// The glob's index in `globs`, added when new (ids are indices).
    func glob(_ glob: Glob) -> Int32 {
      let id = globIDs.intern(glob.pattern)
      if id == globs.count { globs.append(glob) }
      return id
    }

    for (order, styleRule) in styleRules.enumerated() {
      let selector = styleRule.selector
      var rule = Rule(
        order: Int32(order), theme: selector.theme.map { names.intern($0) } ?? Self.unthemed,
        token: Self.anyName, tokenGlob: -1, tokenWeight: Int32(selector.token.weight),
        tokenIsDirectChild: selector.token.isDirectChild, firstComponent: Int32(components.count),
        componentCount: Int32(selector.components.count), firstChunk: Int32(chunkBounds.count), chunkCount: 0,
        rootAnchored: selector.components.first?.isDirectChild ?? false, requiredNames: 0)
      switch selector.token.name {
      case .exact(let token): rule.token = names.intern(token)
      case .any: rule.token = Self.anyName
      case .glob(let pattern):
        rule.token = Self.globName
        rule.tokenGlob = glob(pattern)
      }
      selector.components.withUnsafeBufferPointer { selectorComponents in
        for index in selectorComponents.indices {
          var compiled = Component(
            name: Self.anyName, nameGlob: -1, variant: Self.unspecified, variantGlob: -1,
            weight: Int32(selectorComponents[index].weight))
          switch selectorComponents[index].name {
          case .exact(let name):
            compiled.name = names.intern(name)
            rule.requiredNames |= Self.bit(compiled.name)
          case .any: compiled.name = Self.anyName
          case .glob(let pattern):
            compiled.name = Self.globName
            compiled.nameGlob = glob(pattern)
          }
          switch selectorComponents[index].variant {
          case .unspecified: compiled.variant = Self.unspecified
          case .exact(let variant): compiled.variant = names.intern(variant)
          case .any: compiled.variant = Self.anyVariant
          case .glob(let pattern):
            compiled.variant = Self.globVariant
            compiled.variantGlob = glob(pattern)
          }
          components.append(compiled)
          if index == 0 || !selectorComponents[index].isDirectChild { chunkBounds.append(Int32(index)) }
        }
      }
      if !selector.components.isEmpty {
        rule.chunkCount = Int32(chunkBounds.count) - rule.firstChunk
        chunkBounds.append(Int32(selector.components.count))
      }
      longest = max(longest, selector.components.count)
      rules.append(rule)
    }

    var table: [UInt8] = []
    let hasGlobTable = globs.count * names.count <= Self.maxGlobTable
    if hasGlobTable {
      table.reserveCapacity(globs.count * names.count)
      for glob in globs {
        for name in names.names { table.append(glob.matches(name) ? 1 : 0) }
      }
    }

    // Which lists each rule goes in. With the glob table, a glob-token rule
    // goes in the list of every name its glob matches, so a known token finds
    // it there; the glob-token list serves tokens no rule spells out.
    var entries: [(list: Int32, rule: Int32)] = []
    entries.reserveCapacity(rules.count)
    let nameCount = names.count
    for (index, rule) in rules.enumerated() {
      if rule.token >= 0 {
        entries.append((rule.token, Int32(index)))
        continue
      }
      if rule.token == Self.globName && hasGlobTable {
        let row = Int(rule.tokenGlob) * nameCount
        for id in 0..<nameCount where table[row + id] != 0 { entries.append((Int32(id), Int32(index))) }
        entries.append((Int32(2 * nameCount + 1), Int32(index)))
        continue
      }
      let own = components[Int(rule.firstComponent)..<Int(rule.firstComponent + rule.componentCount)]
      let list = own.last(where: { $0.name >= 0 }).map { nameCount + Int($0.name) } ?? 2 * nameCount
      entries.append((Int32(list), Int32(index)))
    }
    // Bucket sort, keeping load order within each list.
    var listStart = [Int32](repeating: 0, count: Self.listCount(names: nameCount) + 1)
    for entry in entries { listStart[Int(entry.list) + 1] += 1 }
    for list in 1..<listStart.count { listStart[list] += listStart[list - 1] }
    let stored = Self.storeByList(rules, components, chunkBounds, entries: &entries, listStart: listStart)
    var next = listStart
    let candidates = UnsafeMutableBufferPointer<Candidate>.allocate(capacity: max(entries.count, 1))
    for entry in entries {
      let rule = stored.rules[Int(entry.rule)]
      candidates[Int(next[Int(entry.list)])] = Candidate(
        requiredNames: rule.requiredNames, theme: rule.theme, rule: entry.rule)
      next[Int(entry.list)] += 1
    }
    self.names = names
    self.globs = globs
    self.tables = Tables(
      rules: stored.rules, components: stored.components, chunkBounds: stored.chunkBounds,
      candidates: candidates, listStart: Self.buffer(listStart), globMatchesName: Self.buffer(table),
      nameCount: nameCount, hasGlobTable: hasGlobTable, hasPatternTokens: rules.contains { $0.token < 0 })
    self.longestSelector = longest
  }

  deinit {
    tables.rules.deallocate()
    tables.components.deallocate()
    tables.chunkBounds.deallocate()
    tables.candidates.deallocate()
    tables.listStart.deallocate()
    tables.globMatchesName.deallocate()
  }

  private static func buffer<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
    let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
    _ = buffer.initialize(from: array)
    return buffer
  }

  /// The candidate lists, for `n` interned names: list `t < n` holds the rules
  /// for token id `t`; list `n + a` the pattern-token rules anchored at name
  /// id `a`; list `2n` those without an anchor; list `2n + 1` every glob-token
  /// rule, for tokens that are not interned.
  private static func listCount(names n: Int) -> Int { 2 * n + 2 }

  private static func bit(_ id: Int32) -> UInt64 { 1 << UInt64(id & 63) }

  /// The query tables of the rules (with their components and `>` chunks)
  /// in the order of the first list each is in, load order within a list;
  /// `entries` are pointed at the new numbers. A query reads one list's
  /// rules, so they now sit side by side in memory: in load order, a big
  /// index took a cache miss for nearly every candidate tried (`order`
  /// keeps the load order).
  private static func storeByList(
    _ rules: [Rule], _ components: [Component], _ chunkBounds: [Int32],
    entries: inout [(list: Int32, rule: Int32)], listStart: [Int32]
  ) -> (
    rules: UnsafeMutableBufferPointer<Rule>, components: UnsafeMutableBufferPointer<Component>,
    chunkBounds: UnsafeMutableBufferPointer<Int32>
  ) {
    var home = [Int32](repeating: -1, count: rules.count)
    for entry in entries where home[Int(entry.rule)] < 0 { home[Int(entry.rule)] = entry.list }
    // Counting sort by home list, stable: load order holds within a list.
    var start = [Int32](repeating: 0, count: listStart.count + 1)
    for list in home { start[Int(list) + 1] += 1 }
    for list in 0..<listStart.count { start[list + 1] += start[list] }
    var byList = [Int32](repeating: 0, count: rules.count)
    var renumbered = [Int32](repeating: 0, count: rules.count)
    for rule in rules.indices {
      let list = Int(home[rule])
      byList[Int(start[list])] = Int32(rule)
      renumbered[rule] = start[list]
      start[list] += 1
    }
    let storedRules = UnsafeMutableBufferPointer<Rule>.allocate(capacity: max(rules.count, 1))
    let storedComponents = UnsafeMutableBufferPointer<Component>.allocate(capacity: max(components.count, 1))
    let storedBounds = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(chunkBounds.count, 1))
    var (componentCount, boundCount) = (0, 0)
    for (index, old) in byList.enumerated() {
      var rule = rules[Int(old)]
      for offset in 0..<Int(rule.componentCount) {
        storedComponents.initializeElement(
          at: componentCount + offset, to: components[Int(rule.firstComponent) + offset])
      }
      rule.firstComponent = Int32(componentCount)
      componentCount += Int(rule.componentCount)
      // `chunkCount + 1` bounds when the rule has components, none otherwise.
      let bounds = rule.componentCount > 0 ? Int(rule.chunkCount) + 1 : 0
      for offset in 0..<bounds {
        storedBounds.initializeElement(at: boundCount + offset, to: chunkBounds[Int(rule.firstChunk) + offset])
      }
      rule.firstChunk = Int32(boundCount)
      boundCount += bounds
      storedRules.initializeElement(at: index, to: rule)
    }
    for index in entries.indices { entries[index].rule = renumbered[Int(entries[index].rule)] }
    return (storedRules, storedComponents, storedBounds)
  }

  /// Load orders of the rules whose token is exactly `token`: its list,
  /// without the glob-token rules filed there too.
  func orders(withToken token: String) -> [Int] {
    let id = names.id(token)
    guard id >= 0 else { return [] }
    var orders: [Int] = []
    for index in Int(tables.listStart[Int(id)])..<Int(tables.listStart[Int(id) + 1]) {
      let rule = tables.rules[Int(tables.candidates[index].rule)]
      if rule.token == id { orders.append(Int(rule.order)) }
    }
    return orders
  }

  /// Load order and specificity of the rule that wins for `node` under
  /// `theme` (SPEC §4), or nil.
  func best(for node: NodeIdentifier, theme: String?, mode: PrecedenceMode) -> (order: Int, specificity: Specificity)? {
    let depth = node.path.count
    let scratchSize = 2 * depth + 3 * longestSelector
    // The path is lent, not copied into the query: a copy retained and
    // released every string of the node.
    return node.path.withUnsafeBufferPointer { path in
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(scratchSize, 1)) { scratch in
        let query = Query(
          compiled: self, path: path, token: node.token, depth: depth, mode: mode,
          theme: theme.map { names.id($0) } ?? Self.unthemed,
          nameIDs: UnsafeMutableBufferPointer(rebasing: scratch[0..<depth]),
          variantIDs: UnsafeMutableBufferPointer(rebasing: scratch[depth..<2 * depth]),
          positions: UnsafeMutableBufferPointer(rebasing: scratch[2 * depth..<2 * depth + longestSelector]),
          bestPositions: UnsafeMutableBufferPointer(
            rebasing: scratch[2 * depth + longestSelector..<2 * depth + 2 * longestSelector]),
          bestWeights: UnsafeMutableBufferPointer(
            rebasing: scratch[2 * depth + 2 * longestSelector..<2 * depth + 3 * longestSelector]))
        return query.run()
      }
    }
  }

  /// One query's state: the node's interned names and the best rule so far.
  /// Noncopyable, so the hot loop can never copy it (and retain its fields).
  private struct Query: ~Copyable {
    let compiled: CompiledRules
    let tables: Tables
    /// The node's path (lent for the query) and token.
    let path: UnsafeBufferPointer<NodeComponent>
    let token: String
    let depth: Int
    let mode: PrecedenceMode
    let theme: Int32
    let nameIDs: UnsafeMutableBufferPointer<Int32>
    let variantIDs: UnsafeMutableBufferPointer<Int32>
    /// Node path index of each component of the rule being tried.
    let positions: UnsafeMutableBufferPointer<Int32>
    /// The best rule's vector entries, innermost first: position from the innermost, weight.
    let bestPositions: UnsafeMutableBufferPointer<Int32>
    let bestWeights: UnsafeMutableBufferPointer<Int32>

    /// What changes during the query, kept apart so every method borrows the
    /// query itself: calling a borrowing method from a mutating one made the
    /// compiler copy the whole struct at each call.
    struct State {
      var best: Int32 = -1
      var bestCount = 0
      var tokenID = NameTable.absent
    }

    init(
      compiled: CompiledRules, path: UnsafeBufferPointer<NodeComponent>, token: String, depth: Int,
      mode: PrecedenceMode, theme: Int32,
      nameIDs: UnsafeMutableBufferPointer<Int32>, variantIDs: UnsafeMutableBufferPointer<Int32>,
      positions: UnsafeMutableBufferPointer<Int32>, bestPositions: UnsafeMutableBufferPointer<Int32>,
      bestWeights: UnsafeMutableBufferPointer<Int32>
    ) {
      (self.compiled, self.path, self.token, self.depth) = (compiled, path, token, depth)
      (self.mode, self.theme) = (mode, theme)
      tables = compiled.tables
      (self.nameIDs, self.variantIDs, self.positions) = (nameIDs, variantIDs, positions)
      (self.bestPositions, self.bestWeights) = (bestPositions, bestWeights)
    }

    func run() -> (order: Int, specificity: Specificity)? {
      var state = State()
      let names = compiled.names
      var nodeNames: UInt64 = 0
      for index in path.indices {
        let id = names.id(path[index].name)
        nameIDs[index] = id
        if id >= 0 { nodeNames |= CompiledRules.bit(id) }
        variantIDs[index] = path[index].variant.map { names.id($0) } ?? CompiledRules.noVariant
      }
      let token = names.id(self.token)
      state.tokenID = token
      if token >= 0 { consider(list: Int(token), nodeNames: nodeNames, &state) }
      if tables.hasPatternTokens {
        let nameCount = tables.nameCount
        for index in 0..<depth where nameIDs[index] >= 0 {
          // A name repeated in the path visits its list again; a rule tried twice changes nothing.
          consider(list: nameCount + Int(nameIDs[index]), nodeNames: nodeNames, &state)
        }
        consider(list: 2 * nameCount, nodeNames: nodeNames, &state)
        if token < 0 && tables.hasGlobTable { consider(list: 2 * nameCount + 1, nodeNames: nodeNames, &state) }
      }
      guard state.best >= 0 else { return nil }
      let rule = tables.rules[Int(state.best)]
      let specificity = Specificity(tokenWeight: Int(rule.tokenWeight), depth: depth, count: state.bestCount) {
        Specificity.Entry(position: Int(bestPositions[$0]), weight: Int(bestWeights[$0]))
      }
      return (Int(rule.order), specificity)
    }

    /// Tries every rule of candidate list `list` the node's names and theme allow.
    private func consider(list: Int, nodeNames: UInt64, _ state: inout State) {
      let end = Int(tables.listStart[list + 1])
      var entry = Int(tables.listStart[list])
      while entry < end {
        let candidate = tables.candidates[entry]
        entry += 1
        if candidate.requiredNames & ~nodeNames != 0 { continue }
        if candidate.theme != CompiledRules.unthemed && candidate.theme != theme { continue }
        consider(candidate.rule, &state)
      }
    }

    private func consider(_ index: Int32, _ state: inout State) {
      // Rules are read in place: a copy of the struct would cost a memcpy.
      let rule = UnsafePointer(tables.rules.baseAddress! + Int(index))
      if rule.pointee.token == CompiledRules.globName
        && !glob(rule.pointee.tokenGlob, matches: token, id: state.tokenID)
      {
        return
      }
      guard place(rule) else { return }
      if state.best >= 0 && !precedes(rule, state) { return }
      state.best = index
      let count = Int(rule.pointee.componentCount)
      let first = Int(rule.pointee.firstComponent)
      for offset in 0..<count {
        let component = count - 1 - offset
        bestPositions[offset] = Int32(depth) - 1 - positions[component]
        bestWeights[offset] = tables.components[first + component].weight
      }
      state.bestCount = count
    }

    /// SPEC §4 precedence of `rule` (just placed) over the best so far.
    private func precedes(_ rule: UnsafePointer<Rule>, _ state: State) -> Bool {
      let incumbent = UnsafePointer(tables.rules.baseAddress! + Int(state.best))
      let themed = rule.pointee.theme != CompiledRules.unthemed
      let incumbentThemed = incumbent.pointee.theme != CompiledRules.unthemed
      if mode == .themed && themed != incumbentThemed { return themed }
      let comparison = compareWithBest(rule, tokenWeight: incumbent.pointee.tokenWeight, bestCount: state.bestCount)
      if comparison != 0 { return comparison > 0 }
      if mode == .classic && themed != incumbentThemed { return themed }
      return rule.pointee.order > incumbent.pointee.order
    }

    /// Lexicographic comparison of the placed rule's vector with the best's
    /// (as `Specificity.<`): -1, 0 or 1.
    private func compareWithBest(_ rule: UnsafePointer<Rule>, tokenWeight: Int32, bestCount: Int) -> Int {
      if rule.pointee.tokenWeight != tokenWeight { return rule.pointee.tokenWeight < tokenWeight ? -1 : 1 }
      let count = Int(rule.pointee.componentCount)
      let first = Int(rule.pointee.firstComponent)
      var offset = 0
      while offset < count && offset < bestCount {
        let component = count - 1 - offset
        let position = Int32(depth) - 1 - positions[component]
        if position != bestPositions[offset] { return position < bestPositions[offset] ? 1 : -1 }
        let weight = tables.components[first + component].weight
        if weight != bestWeights[offset] { return weight < bestWeights[offset] ? -1 : 1 }
        offset += 1
      }
      return count == bestCount ? 0 : (count < bestCount ? -1 : 1)
    }

    /// Whether glob `glob` matches `text`, whose interned id is `id`.
    @inline(__always)
    private func glob(_ glob: Int32, matches text: @autoclosure () -> String, id: Int32) -> Bool {
      if id >= 0 && tables.hasGlobTable {
        return tables.globMatchesName[Int(glob) * tables.nameCount + Int(id)] != 0
      }
      return compiled.globs[Int(glob)].matches(text())
    }

    @inline(__always)
    private func matches(_ component: UnsafePointer<Component>, at index: Int) -> Bool {
      let name = component.pointee.name
      if name >= 0 {
        if nameIDs[index] != name { return false }
      } else if name == CompiledRules.globName {
        if !glob(component.pointee.nameGlob, matches: path[index].name, id: nameIDs[index]) { return false }
      }
      let variant = component.pointee.variant
      if variant >= 0 { return variantIDs[index] == variant }
      switch variant {
      case CompiledRules.unspecified: return true
      case CompiledRules.anyVariant: return variantIDs[index] != CompiledRules.noVariant
      default:
        guard let text = path[index].variant else { return false }
        return glob(component.pointee.variantGlob, matches: text, id: variantIDs[index])
      }
    }

    /// Whether components `first..<first + length` of the rule fit on the node from `start` on.
    @inline(__always)
    private func fits(_ components: UnsafePointer<Component>, _ length: Int, at start: Int) -> Bool {
      for offset in 0..<length where !matches(components + offset, at: start + offset) { return false }
      return true
    }

    /// Places the rule's components into `positions`, each `>` chunk as near
    /// the token as the chunks inside it allow; false when it does not fit.
    ///
    /// One pass, innermost chunk first: taking the latest fitting position
    /// for a chunk both maximises the specificity (positions count from the
    /// token) and leaves the most room outside it, so the pass fails only when
    /// no placement exists. `Placement.swift` finds the same placement in two
    /// passes over Strings; the oracle tests hold the two together.
    private func place(_ rule: UnsafePointer<Rule>) -> Bool {
      let count = Int(rule.pointee.componentCount)
      if count == 0 { return !(rule.pointee.tokenIsDirectChild && depth > 0) }
      if count > depth { return false }
      let chunkCount = Int(rule.pointee.chunkCount)
      let bounds = tables.chunkBounds.baseAddress! + Int(rule.pointee.firstChunk)
      let components = UnsafePointer(tables.components.baseAddress! + Int(rule.pointee.firstComponent))
      var limit = depth - 1
      var chunk = chunkCount
      while chunk > 0 {
        chunk -= 1
        let first = Int(bounds[chunk])
        let length = Int(bounds[chunk + 1]) - first
        // The chunks outside need at least `first` node components.
        var start: Int
        if chunk == chunkCount - 1 && rule.pointee.tokenIsDirectChild {
          start = depth - length
          if chunk == 0 && rule.pointee.rootAnchored && start != 0 { return false }
          if start < first || !fits(components + first, length, at: start) { return false }
        } else if chunk == 0 && rule.pointee.rootAnchored {
          start = 0
          if length - 1 > limit || !fits(components, length, at: 0) { return false }
        } else {
          start = limit - length + 1
          while start >= first && !fits(components + first, length, at: start) { start -= 1 }
          if start < first { return false }
        }
        for offset in 0..<length { positions[first + offset] = Int32(start + offset) }
        limit = start - 1
      }
      return true
    }
  }
}
