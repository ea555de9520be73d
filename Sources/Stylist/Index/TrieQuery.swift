extension RuleTrie {
  /// Runs `collector` over every rule that applies to `node` while the
  /// rules of `themeSets` can (`CurrentThemes.themeSets`).
  func collect<Node: QueryNode, Collector: MatchCollector>(
    _ node: Node, themeSets: [ThemeSetID], into collector: inout Collector
  ) {
    withQuery(node) { query in query.walk(themeSets: themeSets, into: &collector) }
  }

  /// The rule that outranks every other applicable one, with its vector
  /// when `keepingVector` (else `vectors` is empty: what `batch` keeps
  /// needs none).
  func best<Node: QueryNode>(
    _ node: Node, themeSets: [ThemeSetID], mode: PrecedenceMode, keepingVector: Bool = true
  ) -> (key: RankKey?, vectors: RankedVectors) {
    withUnsafeTemporaryAllocation(of: Specificity.Entry.self, capacity: max(longestRule, 1)) { storage in
      var collector = BestCollector(mode: mode, storage: storage)
      collect(node, themeSets: themeSets, into: &collector)
      return (collector.best, RankedVectors(entries: keepingVector ? Array(collector.bestVector) : []))
    }
  }

  /// Puts every applicable rule's key in `keys`, best first, and their
  /// vectors' entries in `vectors` (both emptied first, their capacity
  /// kept: a caller that passes the same ones query after query allocates
  /// nothing once they have room for a node's rules).
  func rank<Node: QueryNode>(
    _ node: Node, themeSets: [ThemeSetID], mode: PrecedenceMode, into keys: inout [RankKey],
    vectors: inout RankedVectors
  ) {
    // The arrays move into the collector and back, never shared.
    var collector = AllCollector()
    swap(&collector.found, &keys)
    swap(&collector.vectors, &vectors)
    collector.found.removeAll(keepingCapacity: true)
    collector.vectors.entries.removeAll(keepingCapacity: true)
    collect(node, themeSets: themeSets, into: &collector)
    swap(&keys, &collector.found)
    swap(&vectors, &collector.vectors)
    // Insertion: the walk finds the strongest rules first, and few keys move.
    for end in keys.indices.dropFirst() {
      var at = end
      while at > 0 && keys[at].outranks(keys[at - 1], mode: mode, in: vectors) {
        keys.swapAt(at, at - 1)
        at -= 1
      }
    }
  }

  /// Calls `body` with a query on `node`.
  func withQuery<Node: QueryNode, Result>(_ node: Node, _ body: (borrowing TrieQuery<Node>) -> Result) -> Result {
    body(TrieQuery(trie: self, node: node))
  }
}

/// One query on the rule trie: the node's names as ids, and the walk's state.
///
/// Noncopyable, so the hot loops can never copy it (and retain its fields),
/// and only ever borrowed: the walk's state lives in buffers the query
/// allocates and frees, so no method mutates the query itself. The trie's tables are read
/// through `trie`, which keeps the query small.
struct TrieQuery<Node: QueryNode>: ~Copyable {
  /// Lent for the query: the caller holds the trie.
  unowned(unsafe) let trie: RuleTrie
  var tables: RuleTrie.Tables {
    @inline(__always) _read { yield trie.tables }
  }
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
  /// The walk's path from its root (`TrieQuery+Walk.swift`).
  let frames: UnsafeMutableBufferPointer<Frame>
  /// The vector of the placement on the walk's path: a frame's are the
  /// first `placed`, positions ascending.
  let entries: UnsafeMutableBufferPointer<Specificity.Entry>

  init(trie: RuleTrie, node: Node) {
    (self.trie, self.node, depth) = (trie, node, node.depth)
    names = .allocate(capacity: depth)
    variants = .allocate(capacity: depth)
    below = .allocate(capacity: depth)
    above = .allocate(capacity: depth)
    // A walk's path holds a root and at most one trie node per component.
    frames = .allocate(capacity: trie.longestRule + 1)
    // One entry per component placed, and one for a bound (`TrieQuery.cannotBeat`).
    entries = .allocate(capacity: trie.longestRule + 1)
    token = node.tokenID(in: trie.names)
    node.intern(in: trie.names, names: names, variants: variants)
    linkRepeatedNames()
  }

  deinit {
    names.deallocate()
    variants.deallocate()
    below.deallocate()
    above.deallocate()
    frames.deallocate()
    entries.deallocate()
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

  /// Whether the glob matches `text`.
  private func glob(_ glob: GlobID, matches text: () -> String) -> Bool {
    trie.globs[glob.index].matches(text())
  }

  /// Whether the token pattern matches the node's token.
  func matchesToken(_ pattern: CompiledToken) -> Bool {
    switch pattern.name {
    case .exact(let name): token == name
    case .any: true
    case .glob(let id): glob(id) { node.tokenText }
    }
  }

  /// Whether `component` matches the node component at `index` (docs/SHEETS.md: Selectors).
  @inline(__always)
  func matches(_ component: CompiledComponent, at index: Int) -> Bool {
    matchesName(component, at: index) && matchesVariant(component, at: index)
  }

  @inline(__always)
  func matchesName(_ component: CompiledComponent, at index: Int) -> Bool {
    switch component.name {
    case .exact(let name): names[index] == name
    case .any: true
    case .glob(let id): glob(id) { node.name(at: index) }
    }
  }

  @inline(__always)
  func matchesVariant(_ component: CompiledComponent, at index: Int) -> Bool {
    let variant = variants[index]
    switch component.variant {
    case .unspecified: return true
    case .exact(let name): return variant == name
    case .any: return variant != .none
    case .glob(let id): return variant != .none && glob(id) { node.variant(at: index)! }
    }
  }

  /// Component `offset` of `chunk`, outermost first.
  @inline(__always)
  func component(_ offset: Int, of chunk: RuleTrie.Chunk) -> CompiledComponent {
    offset == Int(chunk.length) - 1 ? chunk.innermost : tables.outerComponents[Int(chunk.firstOuter) + offset]
  }

  /// Whether `chunk` fits with its innermost component at path index `end`:
  /// the innermost first (it is in the node), then the others.
  @inline(__always)
  func fits(_ chunk: RuleTrie.Chunk, endingAt end: Int) -> Bool {
    let start = end - Int(chunk.length) + 1
    guard start >= 0, matches(chunk.innermost, at: end) else { return false }
    for offset in 0..<Int(chunk.length) - 1
    where !matches(tables.outerComponents[Int(chunk.firstOuter) + offset], at: start + offset) {
      return false
    }
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
  func latestEnd(_ chunk: RuleTrie.Chunk, below limit: Int, from latest: Int, sameName: Bool) -> Int? {
    let length = Int(chunk.length)
    if chunk.anchoring.contains(.atToken) {
      let end = depth - 1
      guard end < limit, !chunk.anchoring.contains(.atRoot) || end == length - 1 else { return nil }
      return fits(chunk, endingAt: end) ? end : nil
    }
    if chunk.anchoring.contains(.atRoot) {
      let end = length - 1
      return end < limit && fits(chunk, endingAt: end) ? end : nil
    }
    var end = latest
    while end >= length - 1 {
      if fits(chunk, endingAt: end) { return end }
      end = sameName ? Int(below[end]) : end - 1
    }
    return nil
  }
}
