/// Building the rule trie from rules in load order.
extension RuleTrie {
  /// Compiles `rules` (a rule's id is its position): interns every literal,
  /// cuts each selector into `>` chunks, inserts the chunks innermost first
  /// under the root of the rule's theme and token, then lays the trie out
  /// flat, each root's tree breadth first (see the type's comment).
  convenience init(_ rules: [StyleRule]) {
    var builder = Builder(capacity: rules.count)
    for (index, rule) in rules.enumerated() { builder.insert(rule.selector, as: RuleID(index)) }
    self.init(builder)
  }

  private convenience init(_ builder: Builder) {
    let layout = builder.layout()
    self.init(
      names: builder.names, globs: builder.globs, roots: layout.roots, ruleNodes: layout.ruleNodes,
      longestRule: builder.longestRule, tables: layout.tables)
  }

  /// The trie while rules are inserted: nodes and edges in creation order.
  private struct Builder {
    struct EdgeKey: Hashable {
      var parent: Int
      /// A slice of the rule's components: no array per chunk.
      var components: ArraySlice<CompiledComponent>
      var anchoring: ChunkAnchoring
    }

    struct RootKey: Hashable {
      var theme: NameID
      var token: CompiledToken
    }

    var names: NameTable
    var globs: [Glob] = []
    private var globIDs = NameTable()
    /// Per node: its child edges (creation order) and the rules ending there.
    private var children: [[Int]] = []
    private var terminals: [[Terminal]] = []
    private var edges: [(key: EdgeKey, child: Int)] = []
    /// The innermost component's literal name of each edge, if it has one.
    private var edgeNames: [NameID?] = []
    private var edgeIndex: [EdgeKey: Int] = [:]
    private var rootKeys: [RootKey] = []
    private var rootIndex: [RootKey: Int] = [:]
    /// Build node of each root, by root.
    private var rootNodes: [Int] = []
    private var ruleNodes: [Int] = []
    var longestRule = 0

    init(capacity: Int) {
      names = NameTable(capacity: capacity)
      ruleNodes.reserveCapacity(capacity)
    }

    mutating func glob(_ glob: Glob) -> GlobID {
      let id = globIDs.intern(glob.pattern)
      if id == globs.count { globs.append(glob) }
      return GlobID(Int(id))
    }

    mutating func token(_ token: TokenPattern) -> CompiledToken {
      switch token.name {
      case .exact(let name):
        CompiledToken(kind: .exact, name: NameID(raw: names.intern(name)), glob: GlobID(0), weight: 3)
      case .any: CompiledToken(kind: .any, name: .none, glob: GlobID(0), weight: 1)
      case .glob(let pattern): CompiledToken(kind: .glob, name: .none, glob: glob(pattern), weight: 2)
      }
    }

    mutating func component(_ component: SelectorComponent) -> CompiledComponent {
      var compiled = CompiledComponent(
        nameKind: .any, variantKind: .unspecified, weight: UInt8(component.weight), name: .none,
        nameGlob: GlobID(0), variant: .none, variantGlob: GlobID(0))
      switch component.name {
      case .exact(let name):
        compiled.nameKind = .exact
        compiled.name = NameID(raw: names.intern(name))
      case .any: compiled.nameKind = .any
      case .glob(let pattern):
        compiled.nameKind = .glob
        compiled.nameGlob = glob(pattern)
      }
      switch component.variant {
      case .unspecified: compiled.variantKind = .unspecified
      case .exact(let variant):
        compiled.variantKind = .exact
        compiled.variant = NameID(raw: names.intern(variant))
      case .any: compiled.variantKind = .any
      case .glob(let pattern):
        compiled.variantKind = .glob
        compiled.variantGlob = glob(pattern)
      }
      return compiled
    }

    private mutating func newNode() -> Int {
      children.append([])
      terminals.append([])
      return children.count - 1
    }

    mutating func insert(_ selector: StyleSelector, as rule: RuleID) {
      let theme = selector.theme.map { NameID(raw: names.intern($0)) } ?? .none
      let key = RootKey(theme: theme, token: token(selector.token))
      var node: Int
      if let root = rootIndex[key] {
        node = rootNodes[root]
      } else {
        node = newNode()
        rootIndex[key] = rootKeys.count
        rootKeys.append(key)
        rootNodes.append(node)
      }
      let components = selector.components.map { component($0) }
      longestRule = max(longestRule, components.count)
      // Chunk starts: the first component, and each one not written `>x`.
      var starts: [Int] = []
      for (index, component) in selector.components.enumerated() where index == 0 || !component.isDirectChild {
        starts.append(index)
      }
      for chunk in starts.indices.reversed() {
        let end = chunk + 1 < starts.count ? starts[chunk + 1] : components.count
        var anchoring: ChunkAnchoring = []
        if chunk == 0 && selector.components[0].isDirectChild { anchoring.insert(.atRoot) }
        if chunk == starts.count - 1 && selector.token.isDirectChild { anchoring.insert(.atToken) }
        let edgeKey = EdgeKey(parent: node, components: components[starts[chunk]..<end], anchoring: anchoring)
        if let edge = edgeIndex[edgeKey] {
          node = edges[edge].child
        } else {
          let child = newNode()
          edgeIndex[edgeKey] = edges.count
          children[node].append(edges.count)
          edges.append((edgeKey, child))
          let innermost = components[end - 1]
          edgeNames.append(innermost.nameKind == .exact ? innermost.name : nil)
          node = child
        }
      }
      let needsEmptyPath = components.isEmpty && selector.token.isDirectChild
      terminals[node].append(Terminal(rule: rule, needsEmptyPath: needsEmptyPath))
      ruleNodes.append(node)
    }

    private func literalName(_ edge: Int) -> NameID? { edgeNames[edge] }

    /// `array` in a buffer of exactly its count (one element allocated when empty, so it can be freed).
    static func buffer<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
      let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
      _ = buffer.initialize(from: array)
      return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
    }

    /// The flat form: each root's tree breadth first, one root after another.
    func layout() -> (roots: [Root], ruleNodes: [TrieNodeID], tables: Tables) {
      let nodeCount = children.count
      var order: [Int] = []
      order.reserveCapacity(nodeCount)
      var newID = [Int32](repeating: 0, count: nodeCount)
      var rootEnds: [Int] = []
      for root in rootNodes {
        var next = order.count
        newID[root] = Int32(order.count)
        order.append(root)
        while next < order.count {
          for edge in children[order[next]] {
            newID[edges[edge].child] = Int32(order.count)
            order.append(edges[edge].child)
          }
          next += 1
        }
        rootEnds.append(order.count)
      }

      let nodes = UnsafeMutableBufferPointer<Node>.allocate(capacity: nodeCount + 1)
      let flatEdges = UnsafeMutableBufferPointer<Edge>.allocate(capacity: max(edges.count, 1))
      let componentCount = edges.reduce(0) { $0 + $1.key.components.count }
      let flatComponents = UnsafeMutableBufferPointer<CompiledComponent>.allocate(capacity: max(componentCount, 1))
      let terminalCount = terminals.reduce(0) { $0 + $1.count }
      let flatTerminals = UnsafeMutableBufferPointer<Terminal>.allocate(capacity: max(terminalCount, 1))
      var slots: [ChildSlot] = []
      var parentEdge = [EdgeID](repeating: .none, count: nodeCount)
      var (edgeCursor, componentCursor, terminalCursor) = (0, 0, 0)
      for (id, node) in order.enumerated() {
        for terminal in terminals[node] {
          flatTerminals.initializeElement(at: terminalCursor, to: terminal)
          terminalCursor += 1
        }
        // Literal edges grouped by their innermost name (a group is found
        // by one lookup), then the pattern edges.
        var literal = children[node].filter { edgeNames[$0] != nil }
        if literal.count > 1 { literal.sort { (edgeNames[$0]!.raw, $0) < (edgeNames[$1]!.raw, $1) } }
        let pattern = literal.count == children[node].count ? [] : children[node].filter { edgeNames[$0] == nil }
        var groups: [ChildSlot] = []
        var childNames: UInt64 = 0
        for (position, edge) in (literal + pattern).enumerated() {
          let (key, child) = edges[edge]
          flatEdges.initializeElement(
            at: edgeCursor,
            to: Edge(
              parent: TrieNodeID(id), child: TrieNodeID(Int(newID[child])), innermostName: literalName(edge) ?? .none,
              firstComponent: Int32(componentCursor), length: Int32(key.components.count), anchoring: key.anchoring))
          for component in key.components {
            flatComponents.initializeElement(at: componentCursor, to: component)
            componentCursor += 1
          }
          parentEdge[child] = EdgeID(edgeCursor)
          if position < literal.count, let name = literalName(edge) {
            childNames |= RuleTrie.bit(name)
            if groups.last?.name == name {
              groups[groups.count - 1].edgeCount += 1
            } else {
              groups.append(ChildSlot(name: name, firstEdge: Int32(edgeCursor), edgeCount: 1))
            }
          }
          edgeCursor += 1
        }
        var (firstSlot, slotCount) = (0, 0)
        if literal.count > RuleTrie.scannedEdges {
          firstSlot = slots.count
          slotCount = 2
          while slotCount < 2 * groups.count { slotCount <<= 1 }
          slots.append(
            contentsOf: repeatElement(ChildSlot(name: .unknown, firstEdge: 0, edgeCount: 0), count: slotCount))
          for group in groups {
            var slot = ChildSlot.home(group.name, count: Int32(slotCount))
            while slots[firstSlot + slot].name != .unknown { slot = (slot + 1) & (slotCount - 1) }
            slots[firstSlot + slot] = group
          }
        }
        nodes.initializeElement(
          at: id,
          to: Node(
            firstTerminal: Int32(terminalCursor - terminals[node].count), firstSlot: Int32(firstSlot),
            slotCount: Int32(slotCount), firstEdge: Int32(edgeCursor - literal.count - pattern.count),
            literalEdgeCount: Int32(literal.count), patternEdgeCount: Int32(pattern.count), childNames: childNames,
            parentEdge: .none))
      }
      for (id, node) in order.enumerated() { nodes[id].parentEdge = parentEdge[node] }
      nodes.initializeElement(
        at: nodeCount,
        to: Node(
          firstTerminal: Int32(terminalCount), firstSlot: 0, slotCount: 0, firstEdge: 0, literalEdgeCount: 0,
          patternEdgeCount: 0, childNames: 0, parentEdge: .none))

      var roots: [Root] = []
      var literalRoots = PairTable(capacity: rootKeys.count)
      for (index, key) in rootKeys.enumerated() {
        roots.append(
          Root(
            theme: key.theme, token: key.token, node: TrieNodeID(Int(newID[rootNodes[index]])),
            end: TrieNodeID(rootEnds[index])))
        if key.token.kind == .exact {
          literalRoots.set(PairTable.key(key.theme.raw, key.token.name.raw), Int32(index), 0)
        }
      }

      let nameCount = names.count
      let hasGlobTable = globs.count * nameCount <= RuleTrie.maxGlobTable
      let globTable = UnsafeMutableBufferPointer<UInt8>.allocate(
        capacity: max(hasGlobTable ? globs.count * nameCount : 0, 1))
      if hasGlobTable {
        for (glob, pattern) in globs.enumerated() {
          for (name, text) in names.names.enumerated() {
            globTable.initializeElement(at: glob * nameCount + name, to: pattern.matches(text) ? 1 : 0)
          }
        }
      }
      let patternRoots = roots.indices.filter { roots[$0].token.kind != .exact }.map { Int32($0) }
      let tables = Tables(
        nodes: nodes, edges: flatEdges, components: flatComponents, terminals: flatTerminals,
        literalRoots: literalRoots, childSlots: Self.buffer(slots), globMatchesName: globTable,
        names: NameLookup(names),
        roots: Self.buffer(roots), patternRoots: Self.buffer(patternRoots), nameCount: nameCount,
        hasGlobTable: hasGlobTable)
      return (roots, ruleNodes.map { TrieNodeID(Int(newID[$0])) }, tables)
    }
  }
}
