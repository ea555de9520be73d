/// Receives each rule that applies to a node, with its rank.
protocol MatchCollector {
  mutating func collect(_ key: RankKey)
  /// Whether no rule whose vector starts with `prefix` (`count` packed
  /// entries; `count` 0 for a whole root) can be wanted any more: the walk
  /// then skips that trie node and everything under it.
  func excludes(isThemed: Bool, tokenWeight: UInt8, prefix: (UInt64, UInt64), count: Int) -> Bool
  /// Forgets everything collected (a query that ran out of scratch starts over).
  mutating func reset()
}

/// Keeps the rule that outranks all others (README: Precedence), and lets the walk
/// skip what cannot outrank it (branch and bound).
struct BestCollector: MatchCollector {
  let mode: PrecedenceMode
  private(set) var best: RankKey?

  init(mode: PrecedenceMode) { self.mode = mode }

  mutating func collect(_ key: RankKey) {
    if let best, !key.outranks(best, mode: mode) { return }
    best = key
  }

  /// A rule loses when, under `themed`, only the best is themed; or when
  /// its vector is smaller, which its prefix already decides when smaller
  /// on its own entries. Equal prefixes are kept: ties go to the later rule.
  func excludes(isThemed: Bool, tokenWeight: UInt8, prefix: (UInt64, UInt64), count: Int) -> Bool {
    guard let best else { return false }
    if mode == .themed && best.isThemed != isThemed { return best.isThemed }
    return best.specificity.beatsEveryExtension(tokenWeight: Int(tokenWeight), prefix: prefix, count: count)
  }

  mutating func reset() { best = nil }
}

/// Keeps every applicable rule, in the order the query finds them.
struct AllCollector: MatchCollector {
  var found: [RankKey] = []
  mutating func collect(_ key: RankKey) { found.append(key) }
  func excludes(isThemed: Bool, tokenWeight: UInt8, prefix: (UInt64, UInt64), count: Int) -> Bool { false }
  mutating func reset() { found.removeAll() }
}

extension RuleTrie {
  /// Runs `collector` over every rule that applies to `node` under `theme`.
  ///
  /// Allocates nothing on the heap for nodes whose walk fits the stack
  /// scratch (`TrieQuery.stackItems` trie nodes); a bigger walk starts over
  /// with a heap buffer as large as the trie.
  func collect<Node: QueryNode, Collector: MatchCollector>(
    _ node: Node, theme: String?, into collector: inout Collector
  ) {
    let themeID = theme.map { nameID($0) } ?? .none
    withQuery(node) { query in
      if !query.walk(theme: themeID, into: &collector) {
        collector.reset()
        let items = UnsafeMutableBufferPointer<TrieQuery<Node>.Item>.allocate(capacity: tables.nodes.count)
        defer { items.deallocate() }
        query.items = items
        _ = query.walk(theme: themeID, into: &collector)
      }
    }
  }

  /// Calls `body` with a query on `node`, its scratch on the stack.
  func withQuery<Node: QueryNode, Result>(_ node: Node, _ body: (inout TrieQuery<Node>) -> Result) -> Result {
    let depth = node.depth
    return withUnsafeTemporaryAllocation(of: NameID.self, capacity: max(2 * depth, 1)) { ids in
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(2 * depth, 1)) { links in
        withUnsafeTemporaryAllocation(of: TrieQuery<Node>.Item.self, capacity: TrieQuery<Node>.stackItems) { items in
          withUnsafeTemporaryAllocation(of: Specificity.Entry.self, capacity: max(longestRule, 1)) { entries in
            var query = TrieQuery(
              trie: self, node: node, names: UnsafeMutableBufferPointer(rebasing: ids[0..<depth]),
              variants: UnsafeMutableBufferPointer(rebasing: ids[depth..<2 * depth]),
              below: UnsafeMutableBufferPointer(rebasing: links[0..<depth]),
              above: UnsafeMutableBufferPointer(rebasing: links[depth..<2 * depth]), items: items, entries: entries)
            return body(&query)
          }
        }
      }
    }
  }
}

/// One query on the rule trie: the node's names as ids, and the walk's state.
///
/// Noncopyable, so the hot loops can never copy it (and retain its fields).
struct TrieQuery<Node: QueryNode>: ~Copyable {
  /// A trie node the walk reached, with where its edge's chunk was placed.
  struct Item {
    var node: TrieNodeID
    /// The edge from the parent item's node (`.none` for a root).
    var edge: EdgeID
    /// Node path index of the chunk's innermost component.
    var end: Int32
    /// Node path index of the chunk's outermost component: chunks further
    /// out must end before it. The node's depth for a root.
    var start: Int32
    /// Components placed from the root down to here.
    var placed: Int32
    /// The parent's index in `items`; -1 for a root.
    var parent: Int32
    /// The vector entries placed so far, packed as `Specificity` packs
    /// them; `isPacked` false when they do not fit that form.
    var prefix: (UInt64, UInt64)
    var isPacked: Bool
  }

  /// Trie nodes a walk may reach before it needs a heap buffer.
  static var stackItems: Int { 256 }

  /// Lent for the query: the caller holds the trie.
  unowned(unsafe) let trie: RuleTrie
  let tables: RuleTrie.Tables
  let node: Node
  let depth: Int
  let token: NameID
  /// Per path component (outermost first): name and variant ids, and the
  /// nearest component further out (`below`) and further in (`above`) with
  /// the same interned name (-1 and `depth` when there is none).
  let names: UnsafeMutableBufferPointer<NameID>
  let variants: UnsafeMutableBufferPointer<NameID>
  let below: UnsafeMutableBufferPointer<Int32>
  let above: UnsafeMutableBufferPointer<Int32>
  var items: UnsafeMutableBufferPointer<Item>
  let entries: UnsafeMutableBufferPointer<Specificity.Entry>

  init(
    trie: RuleTrie, node: Node, names: UnsafeMutableBufferPointer<NameID>,
    variants: UnsafeMutableBufferPointer<NameID>, below: UnsafeMutableBufferPointer<Int32>,
    above: UnsafeMutableBufferPointer<Int32>, items: UnsafeMutableBufferPointer<Item>,
    entries: UnsafeMutableBufferPointer<Specificity.Entry>
  ) {
    (self.trie, tables, self.node, depth) = (trie, trie.tables, node, node.depth)
    (self.names, self.variants, self.below, self.above) = (names, variants, below, above)
    (self.items, self.entries) = (items, entries)
    token = node.tokenID(in: tables.names)
    node.intern(in: tables.names, names: names, variants: variants)
    linkRepeatedNames()
  }

  private func linkRepeatedNames() {
    for index in 0..<depth {
      below[index] = -1
      above[index] = Int32(depth)
    }
    if depth <= 64 {
      for index in 0..<depth where names[index].isInterned {
        var other = index - 1
        while other >= 0 && names[other] != names[index] { other -= 1 }
        if other >= 0 {
          below[index] = Int32(other)
          above[other] = Int32(index)
        }
      }
      return
    }
    var latest: [NameID: Int32] = [:]
    for index in 0..<depth where names[index].isInterned {
      if let other = latest[names[index]] {
        below[index] = other
        above[Int(other)] = Int32(index)
      }
      latest[names[index]] = Int32(index)
    }
  }

  // MARK: Placement — the one way a chunk of components is put on the path.

  /// Whether glob `glob` matches the text whose id is `id`.
  @inline(__always)
  private func glob(_ glob: GlobID, matches id: NameID, text: () -> String) -> Bool {
    if id.isInterned && tables.hasGlobTable {
      return tables.globMatchesName[glob.index * tables.nameCount + id.index] != 0
    }
    return trie.globs[glob.index].matches(text())
  }

  /// Whether the token pattern matches the node's token.
  func matchesToken(_ pattern: CompiledToken) -> Bool {
    switch pattern.kind {
    case .exact: token == pattern.name
    case .any: true
    case .glob: glob(pattern.glob, matches: token) { node.tokenText }
    }
  }

  /// Whether `component` matches the node component at `index` (README: Selectors).
  @inline(__always)
  func matches(_ component: UnsafePointer<CompiledComponent>, at index: Int) -> Bool {
    matchesName(component, at: index) && matchesVariant(component, at: index)
  }

  @inline(__always)
  func matchesName(_ component: UnsafePointer<CompiledComponent>, at index: Int) -> Bool {
    switch component.pointee.nameKind {
    case .exact: names[index] == component.pointee.name
    case .any: true
    case .glob: glob(component.pointee.nameGlob, matches: names[index]) { node.name(at: index) }
    }
  }

  @inline(__always)
  func matchesVariant(_ component: UnsafePointer<CompiledComponent>, at index: Int) -> Bool {
    let variant = variants[index]
    switch component.pointee.variantKind {
    case .unspecified: return true
    case .exact: return variant == component.pointee.variant
    case .any: return variant != .none
    case .glob:
      return variant != .none && glob(component.pointee.variantGlob, matches: variant) { node.variant(at: index)! }
    }
  }

  /// Whether the chunk `first..<first + length` fits with its innermost
  /// component at path index `end`.
  @inline(__always)
  func fits(_ first: Int32, _ length: Int32, endingAt end: Int) -> Bool {
    let start = end - Int(length) + 1
    guard start >= 0 else { return false }
    let components = UnsafePointer(tables.components.baseAddress! + Int(first))
    for offset in 0..<Int(length) where !matches(components + offset, at: start + offset) { return false }
    return true
  }

  /// Where the chunk's innermost component goes: the latest path index
  /// below `limit` where the chunk fits and its anchoring holds, or nil.
  /// `latest` is the first index to try; `sameName` steps to the next one
  /// through `below` (every index tried has the innermost component's
  /// literal name), else one at a time.
  ///
  /// Placing each chunk, innermost first, as late as it fits is the
  /// placement with the greatest vector: its weights sit nearest the token
  /// (positions count from the token), and it leaves the most room for the
  /// chunks outside it, so it fails only when no placement exists.
  func latestEnd(
    _ first: Int32, _ length: Int32, _ anchoring: ChunkAnchoring, below limit: Int, from latest: Int, sameName: Bool
  ) -> Int? {
    if anchoring.contains(.atToken) {
      let end = depth - 1
      guard end < limit, !anchoring.contains(.atRoot) || end == Int(length) - 1 else { return nil }
      return fits(first, length, endingAt: end) ? end : nil
    }
    if anchoring.contains(.atRoot) {
      let end = Int(length) - 1
      return end < limit && fits(first, length, endingAt: end) ? end : nil
    }
    var end = latest
    while end >= Int(length) - 1 {
      if fits(first, length, endingAt: end) { return end }
      end = sameName ? Int(below[end]) : end - 1
    }
    return nil
  }

  // MARK: The walk

  /// Walks every root that can apply; false when the items ran out (the
  /// caller starts over with more).
  mutating func walk<Collector: MatchCollector>(theme: NameID, into collector: inout Collector) -> Bool {
    // Themed roots first: under `themed`, once a themed rule applies no
    // unthemed root needs walking.
    (!theme.isInterned || walkRoots(theme: theme, into: &collector)) && walkRoots(theme: .none, into: &collector)
  }

  /// The roots of the node's token and of `*` and glob tokens, under `theme` (`.none`: unthemed).
  private mutating func walkRoots<Collector: MatchCollector>(theme: NameID, into collector: inout Collector) -> Bool {
    if token.isInterned, let found = tables.literalRoots.lookup(PairTable.key(theme.raw, token.raw)),
      !walk(tables.roots[Int(found.first)], into: &collector)
    {
      return false
    }
    for index in tables.patternRoots {
      let root = tables.roots[Int(index)]
      guard root.theme == theme, matchesToken(root.token) else { continue }
      if !walk(root, into: &collector) { return false }
    }
    return true
  }

  /// Breadth first from `root`: each trie node is reached at most once
  /// (through its one parent edge), so `items` never holds more than the
  /// trie. Children are added nearest the token first, so the strongest
  /// rules tend to be found first and the rest skipped (`excludes`).
  private mutating func walk<Collector: MatchCollector>(_ root: RuleTrie.Root, into collector: inout Collector)
    -> Bool
  {
    var count = 1
    items[0] = Item(
      node: root.node, edge: .none, end: -1, start: Int32(depth), placed: 0, parent: -1, prefix: (0, 0),
      isPacked: true)
    var next = 0
    while next < count {
      let item = items[next]
      if item.isPacked
        && collector.excludes(
          isThemed: root.isThemed, tokenWeight: root.token.weight, prefix: item.prefix, count: Int(item.placed))
      {
        next += 1
        continue
      }
      let node = tables.nodes[item.node.index]
      let terminalEnd = Int(tables.nodes[item.node.index + 1].firstTerminal)
      for index in Int(node.firstTerminal)..<terminalEnd {
        let terminal = tables.terminals[index]
        if terminal.needsEmptyPath && depth > 0 { continue }
        let specificity =
          item.isPacked
          ? Specificity(
            tokenWeight: Int(root.token.weight), depth: depth, packed: item.prefix, count: Int(item.placed))
          : specificity(of: next, tokenWeight: root.token.weight)
        collector.collect(RankKey(isThemed: root.isThemed, specificity: specificity, order: terminal.rule))
      }
      let limit = Int(item.start)
      let firstEdge = Int(node.firstEdge)
      let literalEnd = firstEdge + Int(node.literalEdgeCount)
      if node.literalEdgeCount > RuleTrie.scannedEdges {
        var index = limit - 1
        while index >= 0 {
          let name = names[index]
          // Each name once, at its latest index below the limit.
          if name.isInterned && Int(above[index]) >= limit && node.childNames & RuleTrie.bit(name) != 0,
            let group = childSlot(of: node, name: name)
          {
            for edge in Int(group.firstEdge)..<Int(group.firstEdge + group.edgeCount) {
              guard advance(edge, from: next, below: limit, latest: index, sameName: true, &count) else { return false }
            }
          }
          index -= 1
        }
      } else {
        for edge in firstEdge..<literalEnd {
          let name = tables.edges[edge].innermostName
          var latest = limit - 1
          while latest >= 0 && names[latest] != name { latest -= 1 }
          if latest >= 0 {
            guard advance(edge, from: next, below: limit, latest: latest, sameName: true, &count) else { return false }
          }
        }
      }
      for edge in literalEnd..<literalEnd + Int(node.patternEdgeCount) {
        guard advance(edge, from: next, below: limit, latest: limit - 1, sameName: false, &count) else { return false }
      }
      next += 1
    }
    return true
  }

  /// The edges of `node` (one with slots) whose innermost name is `name`.
  @inline(__always)
  private func childSlot(of node: RuleTrie.Node, name: NameID) -> RuleTrie.ChildSlot? {
    let mask = Int(node.slotCount) - 1
    var slot = RuleTrie.ChildSlot.home(name, count: node.slotCount)
    while true {
      let found = tables.childSlots[Int(node.firstSlot) + slot]
      if found.name == name { return found }
      if found.name == .unknown { return nil }
      slot = (slot + 1) & mask
    }
  }

  /// Places `edge` below the item at `parent`, adding its child when it fits.
  /// False when `items` is full.
  @inline(__always)
  private func advance(
    _ edge: Int, from parent: Int, below limit: Int, latest: Int, sameName: Bool, _ count: inout Int
  ) -> Bool {
    let chunk = tables.edges[edge]
    guard
      let end = latestEnd(
        chunk.firstComponent, chunk.length, chunk.anchoring, below: limit, from: latest, sameName: sameName)
    else { return true }
    guard count < items.count else { return false }
    let from = items[parent]
    let start = end - Int(chunk.length) + 1
    var prefix = from.prefix
    var isPacked = from.isPacked
    // Component `offset` (outermost first) sits at `start + offset` and is
    // entry `placed + length - 1 - offset` of the vector.
    for offset in 0..<Int(chunk.length) where isPacked {
      let entry = Specificity.Entry(
        position: depth - 1 - (start + offset),
        weight: Int(tables.components[Int(chunk.firstComponent) + offset].weight))
      if let packed = Specificity.packedBits(entry, at: Int(from.placed) + Int(chunk.length) - 1 - offset) {
        if packed.word == 0 { prefix.0 |= packed.bits } else { prefix.1 |= packed.bits }
      } else {
        isPacked = false
      }
    }
    items[count] = Item(
      node: chunk.child, edge: EdgeID(edge), end: Int32(end), start: Int32(start),
      placed: from.placed + chunk.length, parent: Int32(parent), prefix: prefix, isPacked: isPacked)
    count += 1
    return true
  }

  /// The vector of the placement that led to `items[index]`: its chunks'
  /// components from the innermost, positions counted from the token.
  private func specificity(of index: Int, tokenWeight: UInt8) -> Specificity {
    var item = items[index]
    let count = Int(item.placed)
    while item.parent >= 0 {
      let chunk = tables.edges[item.edge.index]
      let start = Int(item.end) - Int(chunk.length) + 1
      // Component `offset` of the chunk (outermost first) sits at `start + offset`;
      // the chunk's outermost is the outermost placed so far.
      for offset in 0..<Int(chunk.length) {
        let weight = tables.components[Int(chunk.firstComponent) + offset].weight
        entries[Int(item.placed) - 1 - offset] = Specificity.Entry(
          position: depth - 1 - (start + offset), weight: Int(weight))
      }
      item = items[Int(item.parent)]
    }
    return Specificity(tokenWeight: Int(tokenWeight), depth: depth, count: count) { entries[$0] }
  }
}
