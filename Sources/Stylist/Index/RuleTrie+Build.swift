/// Building the rule trie from the rules' selectors in load order.
extension RuleTrie {
  /// Compiles the rules whose selectors are `selectors` (a rule's id is
  /// its position): interns every literal, cuts each selector into `>`
  /// chunks, inserts the chunks innermost first under the root of the
  /// rule's theme and token, then lays the trie out flat (see the type's
  /// comment). The list is let go once its selectors are inserted.
  convenience init(_ selectors: consuming [StyleSelector]) {
    var components = 0
    for index in selectors.indices { components += selectors[index].components.count }
    var builder = Builder(rules: selectors.count, components: components)
    // By index: each selector is lent where it is, not copied.
    for index in selectors.indices { builder.insert(selectors[index]) }
    selectors = []
    let layout = builder.layout()
    self.init(
      names: builder.names, globs: builder.globs, themeSets: builder.themeSets, ruleNodes: layout.ruleNodes,
      parents: layout.parents, longestRule: builder.longestRule, tables: layout.tables)
  }

  /// The trie while rules are inserted: a node per edge, found again by
  /// its parent and chunk.
  private struct Builder {
    /// The edge into a build node, which is also its key among its parent's children.
    struct Edge: Hashable {
      /// -1 for a root.
      var parent: Int32
      var innermost: CompiledComponent
      /// The chunk's other components, outermost first (none for most).
      var outer: [CompiledComponent]
      var anchoring: ChunkAnchoring

      /// One word into the hasher: the parent, the innermost component and
      /// the anchoring tell nearly every two edges apart, and hashing each
      /// field on its own was most of inserting a large sheet's rules.
      func hash(into hasher: inout Hasher) {
        let (name, variant) = (innermost.literalName.raw, innermost.exactVariant.raw)
        var word = UInt64(UInt32(bitPattern: parent)) &* 0x9E37_79B9_7F4A_7C15
        word ^= UInt64(UInt32(bitPattern: name)) << 32 | UInt64(UInt32(bitPattern: variant))
        word ^= UInt64(innermost.weight) << 56 ^ UInt64(anchoring.rawValue) << 48 ^ UInt64(outer.count)
        hasher.combine(word)
      }
    }

    struct RootKey: Hashable {
      var themeSet: ThemeSetID
      var token: CompiledToken
    }

    var names = NameTable()
    var globs: [Glob] = []
    /// By `ThemeSetID`; the empty set first.
    var themeSets: [[NameID]] = [[]]
    private var themeSetIDs: [[NameID]: ThemeSetID] = [[]: .none]
    private var globIDs: [String: GlobID] = [:]
    /// By build node, in creation order.
    private var edges: [Edge] = []
    private var nodeByEdge: [Edge: Int32] = [:]
    private var rootKeys: [RootKey] = []
    private var rootByKey: [RootKey: Int] = [:]
    /// Build node of each root, by root.
    private var rootNodes: [Int] = []
    /// Where each rule ends, by rule, and whether it needs an empty path.
    private var ruleEnds: [(node: Int32, needsEmptyPath: Bool)] = []
    var longestRule = 0

    /// Room for `rules` rules of `components` components in all: an edge
    /// holds at least one, so the edges never outgrow that, and no table
    /// is copied (and held twice) while it grows.
    init(rules: Int, components: Int) {
      nodeByEdge.reserveCapacity(components)
      edges.reserveCapacity(components + rules)
      ruleEnds.reserveCapacity(rules)
    }

    mutating func glob(_ glob: Glob) -> GlobID {
      if let id = globIDs[glob.pattern] { return id }
      globs.append(glob)
      globIDs[glob.pattern] = GlobID(globs.count - 1)
      return GlobID(globs.count - 1)
    }

    mutating func name(_ pattern: NamePattern) -> CompiledName {
      switch pattern {
      case .exact(let name): .exact(names.intern(name))
      case .any: .any
      case .glob(let glob): .glob(self.glob(glob))
      }
    }

    mutating func component(_ component: SelectorComponent) -> CompiledComponent {
      let variant: CompiledVariant
      switch component.variant {
      case .unspecified: variant = .unspecified
      case .exact(let name): variant = .exact(names.intern(name))
      case .any: variant = .any
      case .glob(let glob): variant = .glob(self.glob(glob))
      }
      return CompiledComponent(name: name(component.name), variant: variant, weight: UInt8(component.weight))
    }

    /// The node `edge` leads to, added when new.
    private mutating func node(_ edge: Edge) -> Int {
      if let node = nodeByEdge[edge] { return Int(node) }
      precondition(edges.count < RuleTrie.maxCount, "too many selector components for one index")
      edges.append(edge)
      if edge.parent >= 0 { nodeByEdge[edge] = Int32(edges.count - 1) }
      return edges.count - 1
    }

    /// The id of the set of `themes`, added when new.
    private mutating func themeSet(_ themes: [String]) -> ThemeSetID {
      guard !themes.isEmpty else { return .none }
      let ids = themes.map { names.intern($0) }.sorted { $0.raw < $1.raw }
      if let id = themeSetIDs[ids] { return id }
      themeSets.append(ids)
      themeSetIDs[ids] = ThemeSetID(themeSets.count - 1)
      return ThemeSetID(themeSets.count - 1)
    }

    /// Inserts the rule after those inserted so far.
    mutating func insert(_ selector: StyleSelector) {
      precondition(ruleEnds.count < RuleTrie.maxCount, "too many rules for one index")
      let key = RootKey(
        themeSet: themeSet(selector.themes),
        token: CompiledToken(name: name(selector.token.name), weight: UInt8(selector.token.weight)))
      var node: Int
      if let root = rootByKey[key] {
        node = rootNodes[root]
      } else {
        node = self.node(
          Edge(
            parent: -1, innermost: CompiledComponent(name: .any, variant: .unspecified, weight: 0), outer: [],
            anchoring: []))
        rootByKey[key] = rootKeys.count
        rootKeys.append(key)
        rootNodes.append(node)
      }
      let compiled = selector.components.map { component($0) }
      longestRule = max(longestRule, compiled.count)
      // Chunks end before each component not written `>x`; innermost first.
      var end = compiled.count
      for index in compiled.indices.reversed() where index == 0 || !selector.components[index].isDirectChild {
        var anchoring: ChunkAnchoring = []
        if index == 0 && selector.components[0].isDirectChild { anchoring.insert(.atRoot) }
        if end == compiled.count && selector.token.isDirectChild { anchoring.insert(.atToken) }
        node = self.node(
          Edge(
            parent: Int32(node), innermost: compiled[end - 1], outer: Array(compiled[index..<end - 1]),
            anchoring: anchoring))
        end = index
      }
      ruleEnds.append((Int32(node), compiled.isEmpty && selector.token.isDirectChild))
    }

    /// `items` grouped by `group(item)` in `0..<count`, stable: group `g`
    /// is `order[start[g]..<start[g + 1]]`.
    private static func grouped(_ count: Int, _ items: Int, group: (Int) -> Int) -> (start: [Int], order: [Int]) {
      var start = [Int](repeating: 0, count: count + 1)
      for item in 0..<items { start[group(item) + 1] += 1 }
      for index in 0..<count { start[index + 1] += start[index] }
      var next = start
      var order = [Int](repeating: 0, count: items)
      for item in 0..<items {
        order[next[group(item)]] = item
        next[group(item)] += 1
      }
      return (start, order)
    }

    /// `array` in a buffer the trie owns (one element allocated when empty).
    static func buffer<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
      let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
      _ = buffer.initialize(from: array)
      return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
    }

    /// The flat form: each root's tree depth first, one root after another,
    /// a node's children consecutive in the order the walk tries them:
    /// literal children by innermost name, within a name the heaviest
    /// innermost component first, then the pattern children (creation
    /// order breaks ties).
    mutating func layout() -> (ruleNodes: [TrieNodeID], parents: [TrieNodeID], tables: Tables) {
      nodeByEdge = [:]
      rootByKey = [:]
      let count = edges.count
      // Node `n`'s children are `children.order[children.start[n + 1]..<children.start[n + 2]]`
      // (group 0: the roots, nobody's children).
      var children = Self.grouped(count + 1, count) { Int(edges[$0].parent) + 1 }
      func childRange(_ node: Int) -> Range<Int> { children.start[node + 1]..<children.start[node + 2] }
      func walkOrder(_ node: Int) -> (Int, Int32, Int, Int) {
        let innermost = edges[node].innermost
        let name = innermost.literalName
        return (name == .none ? 1 : 0, name.raw, -Int(innermost.weight), node)
      }
      for node in 0..<count {
        let range = childRange(node)
        if range.count > 1 { children.order[range].sort { walkOrder($0) < walkOrder($1) } }
      }

      // Literal tokens' roots by token, then theme; then the pattern roots.
      func rootSortKey(_ root: Int) -> (Int32, Int32, Int) {
        (rootKeys[root].token.name.literal?.raw ?? Int32.max, rootKeys[root].themeSet.raw, root)
      }
      let rootOrder = rootKeys.indices.sorted { rootSortKey($0) < rootSortKey($1) }
      var tokenRoots = [Int32](repeating: 0, count: names.count + 2)
      for root in rootOrder { tokenRoots[Int(rootKeys[root].token.name.literal?.raw ?? Int32(names.count)) + 1] += 1 }
      for index in 0...names.count { tokenRoots[index + 1] += tokenRoots[index] }
      tokenRoots.removeLast()

      // Depth first, numbering a node's children consecutively when it is expanded.
      var order: [Int] = []
      var newID = [Int](repeating: 0, count: count)
      var rootRanges: [Range<Int>] = []
      order.reserveCapacity(count)
      for root in rootOrder.map({ rootNodes[$0] }) {
        let start = order.count
        newID[root] = order.count
        order.append(root)
        var unexpanded = [root]
        while let node = unexpanded.popLast() {
          let block = children.order[childRange(node)]
          for child in block {
            newID[child] = order.count
            order.append(child)
          }
          unexpanded.append(contentsOf: block.reversed())
        }
        rootRanges.append(start..<order.count)
      }
      // The largest tables are written in place, not copied from an array
      // (the load's peak of memory).
      let nodes = UnsafeMutableBufferPointer<Node>.allocate(capacity: max(count, 1))
      var outer: [CompiledComponent] = []
      var parents: [TrieNodeID] = []
      parents.reserveCapacity(count)
      for id in 0..<count {
        let node = order[id]
        let edge = edges[node]
        let chunk = Chunk(
          innermost: edge.innermost, firstOuter: Int32(outer.count),
          length: edge.parent < 0 ? 0 : Int32(edge.outer.count + 1), anchoring: edge.anchoring)
        outer += edge.outer
        let block = children.order[childRange(node)]
        let literalCount = block.count { edges[$0].innermost.literalName != .none }
        nodes.initializeElement(
          at: id,
          to: Node(
            chunk: chunk, firstChild: Int32(block.first.map { newID[$0] } ?? 0), literalChildCount: Int32(literalCount),
            patternChildCount: Int32(block.count - literalCount), firstTerminal: 0, terminalCount: 0))
        parents.append(TrieNodeID(edge.parent < 0 ? id : newID[Int(edge.parent)]))
      }
      edges = []
      precondition(outer.count < RuleTrie.maxCount, "too many selector components for one index")

      // Terminals, in node order.
      let ends = Self.grouped(count, ruleEnds.count) { newID[Int(ruleEnds[$0].node)] }
      var terminals: [Terminal] = []
      terminals.reserveCapacity(ruleEnds.count)
      for id in 0..<count {
        nodes[id].firstTerminal = Int32(terminals.count)
        nodes[id].terminalCount = Int32(ends.start[id + 1] - ends.start[id])
        for rule in ends.order[ends.start[id]..<ends.start[id + 1]] {
          terminals.append(Terminal(rule: RuleID(rule), needsEmptyPath: ruleEnds[rule].needsEmptyPath))
        }
      }
      let ruleNodes = ruleEnds.map { TrieNodeID(newID[Int($0.node)]) }
      ruleEnds = []

      let roots = rootOrder.enumerated().map { index, key in
        Root(
          themeSet: rootKeys[key].themeSet, themeCount: Int32(themeSets[rootKeys[key].themeSet.index].count),
          token: rootKeys[key].token, node: TrieNodeID(rootRanges[index].lowerBound),
          end: TrieNodeID(rootRanges[index].upperBound))
      }
      let tables = Tables(
        nodes: UnsafeMutableBufferPointer(rebasing: nodes[0..<count]),
        outerComponents: Self.buffer(outer),
        terminals: Self.buffer(terminals), roots: Self.buffer(roots),
        tokenRoots: Self.buffer(tokenRoots))
      return (ruleNodes, parents, tables)
    }
  }
}
