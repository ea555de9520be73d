/// Building the rule trie from the rules' selectors in load order.
extension RuleTrie {
  /// Compiles the rules whose selectors are `selectors` (a rule's id is
  /// its position): interns every literal, cuts each selector into `>`
  /// chunks, inserts the chunks innermost first under the root of the
  /// rule's theme and token, then lays the trie out flat, each root's tree
  /// depth first (see the type's comment). The list is let go once its
  /// selectors are inserted, before the flat tables are laid out.
  ///
  /// Selectors, not rules: built on a thread of its own
  /// (`SheetCompiler`), the trie must hold no object the compiling thread
  /// lets go of meanwhile, or its last release, and the `free` it makes,
  /// happen here, taking the allocator's lock the compiling thread is
  /// allocating under (docs/PERFORMANCE.md, session 24). A rule's selector
  /// lives as long as the rule.
  ///
  /// `limits` are the packed fields' own unless a test asks for less, to
  /// reach with a few rules the fallbacks of a sheet of millions.
  convenience init(_ selectors: consuming [StyleSelector], limits: Limits = Limits()) {
    var components = 0
    for index in selectors.indices { components += selectors[index].components.count }
    var builder = Builder(capacity: selectors.count, components: components, limits: limits)
    // By index: each selector is lent where it is (iterating copied every
    // one, a retain and release per string and array in it).
    for index in selectors.indices { builder.insert(selectors[index]) }
    selectors = []
    self.init(builder)
  }

  private convenience init(_ builder: consuming Builder) {
    builder.dropInsertionTables()
    let layout = builder.layout()
    self.init(
      names: builder.names, globs: builder.globs, roots: layout.roots, ruleNodes: layout.ruleNodes,
      longestRule: builder.longestRule, tables: layout.tables)
  }

  /// Where the compact forms stop: beyond each limit the build falls back
  /// to a form that gives the same answers by reading more.
  struct Limits {
    /// Slot tables that would end beyond this slot are not made: their
    /// nodes compare their children's names in place.
    var slots = SlotTable.firstLimit
    /// Rules and trie nodes from this one on are not summarised as a leaf
    /// or a link: the child is a branch, visited from its record.
    var summarisedIDs = ChildSummary.summarisedLimit
    /// A branch whose slot table or first child is from this one on keeps
    /// it in its record only.
    var lookups = ChildSummary.lookupLimit
  }

  /// The trie while rules are inserted, in flat tables (no array per node:
  /// a sheet of 100,000 styles makes some 250,000 trie nodes): edges in
  /// creation order, found again through an open-addressing table over
  /// their components; where each rule ends, by rule. Every large
  /// table, built or final, is in `PageMemory` (see there why).
  private struct Builder {
    struct RootKey: Hashable {
      var theme: NameID
      var token: CompiledToken
    }

    /// 16 bytes: the chunk's end and innermost name are read from
    /// `components` (`chunkRange(of:)`), since each edge appends its own.
    struct BuildEdge {
      var parent: Int32
      var child: Int32
      /// The chunk starts at `components[first]`.
      var first: Int32
      var anchoring: ChunkAnchoring
    }

    /// Where the rule of the same position ends (rules are inserted in
    /// load order, so a rule's id is its position here).
    struct RuleEnd {
      var node: Int32
      var needsEmptyPath: Bool
    }

    var names: NameTable
    var globs: [Glob] = []
    private var globIDs = NameTable()
    private var nodeCount = 0
    private var edges: PageBuffer<BuildEdge>
    private var components: PageBuffer<CompiledComponent>
    /// Open addressing over `edges` (index or -1), keyed by parent, chunk and anchoring.
    private var edgeSlots = PageBuffer<Int32>(repeating: -1, count: 1024)
    private var ruleEnds: PageBuffer<RuleEnd>
    private var rootKeys: [RootKey] = []
    private var rootIndex: [RootKey: Int] = [:]
    /// Build node of each root, by root.
    private var rootNodes: [Int] = []
    var longestRule = 0
    private let limits: Limits

    /// Room for `capacity` rules of `components` components in all: a chunk
    /// holds at least one, so neither the edges nor their components can
    /// outgrow that, and no table is copied while it grows.
    init(capacity: Int, components: Int, limits: Limits) {
      self.limits = limits
      names = NameTable(capacity: capacity)
      ruleEnds = PageBuffer(capacity: capacity)
      edges = PageBuffer(capacity: components)
      self.components = PageBuffer(capacity: components)
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
      var compiled = CompiledComponent(weight: UInt8(component.weight))
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

    /// Edge `edge`'s chunk in `components`: up to where the next edge's starts.
    private func chunkRange(of edge: Int) -> Range<Int> {
      Int(edges[edge].first)..<(edge + 1 < edges.count ? Int(edges[edge + 1].first) : components.count)
    }

    /// Edge `edge`'s innermost component.
    private func innermost(of edge: Int) -> CompiledComponent { components[chunkRange(of: edge).upperBound - 1] }

    private mutating func newNode() -> Int {
      nodeCount += 1
      return nodeCount - 1
    }

    /// A multiply-xor mix of the edge's ids (no `Hasher`: it was a third of
    /// building the trie); only this table uses it, so it needs no seed.
    private static func hash(parent: Int, _ chunk: some Collection<CompiledComponent>, _ anchoring: ChunkAnchoring)
      -> Int
    {
      func mix(_ hash: UInt64, _ value: Int32) -> UInt64 {
        (hash ^ UInt64(UInt32(bitPattern: value))) &* 0x9E37_79B9_7F4A_7C15
      }
      var hash = mix(UInt64(anchoring.rawValue), Int32(truncatingIfNeeded: parent))
      for component in chunk {
        let kinds = Int32(component.nameKind.rawValue) << 16 | Int32(component.variantKind.rawValue) << 8
        hash = mix(hash, kinds | Int32(component.weight))
        hash = mix(hash, component.storedIDs.name)
        hash = mix(hash, component.storedIDs.variant)
      }
      return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The child of `parent` through `chunk`, added when new.
    private mutating func child(
      of parent: Int, _ chunk: ArraySlice<CompiledComponent>, _ anchoring: ChunkAnchoring
    ) -> Int {
      let hash = Self.hash(parent: parent, chunk, anchoring)
      var mask = edgeSlots.count - 1
      var slot = hash & mask
      while edgeSlots[slot] >= 0 {
        let edge = edges[Int(edgeSlots[slot])]
        if edge.parent == parent && edge.anchoring == anchoring
          && components.elements[chunkRange(of: Int(edgeSlots[slot]))].elementsEqual(chunk)
        {
          return Int(edge.child)
        }
        slot = (slot + 1) & mask
      }
      let child = newNode()
      edges.append(
        BuildEdge(parent: Int32(parent), child: Int32(child), first: Int32(components.count), anchoring: anchoring))
      components.append(contentsOf: chunk)
      if edges.count * 2 > edgeSlots.count {
        edgeSlots = PageBuffer(repeating: -1, count: edgeSlots.count * 2)
        mask = edgeSlots.count - 1
        for (index, edge) in edges.elements.enumerated() {
          var slot =
            Self.hash(parent: Int(edge.parent), components.elements[chunkRange(of: index)], edge.anchoring)
            & mask
          while edgeSlots[slot] >= 0 { slot = (slot + 1) & mask }
          edgeSlots[slot] = Int32(index)
        }
      } else {
        edgeSlots[slot] = Int32(edges.count - 1)
      }
      return child
    }

    /// Inserts the rule after those inserted so far.
    mutating func insert(_ selector: StyleSelector) {
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
      let compiled = selector.components.map { component($0) }
      longestRule = max(longestRule, compiled.count)
      // Chunks end before each component not written `>x`; innermost first.
      var end = compiled.count
      var index = compiled.count - 1
      while index >= 0 {
        if index == 0 || !selector.components[index].isDirectChild {
          var anchoring: ChunkAnchoring = []
          if index == 0 && selector.components[0].isDirectChild { anchoring.insert(.atRoot) }
          if end == compiled.count && selector.token.isDirectChild { anchoring.insert(.atToken) }
          node = child(of: node, compiled[index..<end], anchoring)
          end = index
        }
        index -= 1
      }
      let needsEmptyPath = compiled.isEmpty && selector.token.isDirectChild
      ruleEnds.append(RuleEnd(node: Int32(node), needsEmptyPath: needsEmptyPath))
    }

    /// Frees what only inserting needs, before the flat tables are laid out
    /// beside the build tables (the load's peak of memory).
    mutating func dropInsertionTables() {
      edgeSlots = PageBuffer(capacity: 0)
      rootIndex = [:]
    }

    /// `array` in a buffer of exactly its count (one element allocated when empty, so it can be freed).
    static func buffer<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
      let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
      _ = buffer.initialize(from: array)
      return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
    }

    /// `count` groups of `items`, stable: group `g` is `order[start[g]..<start[g + 1]]`.
    private static func grouped(_ count: Int, _ items: Int, group: (Int) -> Int) -> Groups {
      let start = PageBuffer<Int32>(repeating: 0, count: count + 1)
      for item in 0..<items { start[group(item) + 1] += 1 }
      for index in 0..<count { start[index + 1] += start[index] }
      let next = PageBuffer<Int32>(repeating: 0, count: count + 1)
      _ = next.elements.update(fromContentsOf: start.elements)
      let order = PageBuffer<Int32>(repeating: 0, count: items)
      for item in 0..<items {
        let slot = Int(next[group(item)])
        order[slot] = Int32(item)
        next[group(item)] += 1
      }
      return Groups(start: start, order: order)
    }

    /// Items grouped by an index: group `g` is `order[start[g]..<start[g + 1]]`.
    struct Groups {
      let start: PageBuffer<Int32>
      let order: PageBuffer<Int32>
    }

    /// Puts each node's children (`children.order`, by node) in the order
    /// they are numbered: literal children grouped by their innermost name,
    /// the group with the most rules ending below it first (ties: by name),
    /// within a group the heaviest innermost component first (the order
    /// the walk tries them in), then the pattern children; creation order
    /// breaks ties.
    ///
    /// The groups' order is free (the walk finds a group by its name), and
    /// most rules below is the build's best guess at most queried: a
    /// group's summaries then share lines with the other often-tried ones,
    /// the depth-first numbering lays out what is below it first, right
    /// after its siblings' block, and, inserted first, it sits at its home slot
    /// (docs/PERFORMANCE.md, sessions 19 and 25).
    private func orderChildren(_ children: Groups) {
      // Rules ending at or below each node: an edge is created after the
      // edge into its parent, so in reverse a node's total is complete
      // before it is added to its parent's.
      let below = PageBuffer<Int32>(repeating: 0, count: nodeCount)
      for end in ruleEnds.elements { below[Int(end.node)] += 1 }
      for edge in stride(from: edges.count - 1, through: 0, by: -1) {
        below[Int(edges[edge].parent)] += below[Int(edges[edge].child)]
      }
      // The walk's order as one number, made once an edge (not at every
      // comparison, each a read of the edge's innermost component): pattern
      // children last, literal ones by name, the heaviest innermost first;
      // the edge, its creation order, breaks ties.
      func walkOrder(_ edge: Int32) -> UInt64 {
        let innermost = innermost(of: Int(edge))
        let isPattern: UInt64 = innermost.name == .none ? 1 : 0
        return isPattern << 40 | UInt64(UInt32(bitPattern: innermost.name.raw)) << 8 | UInt64(255 - innermost.weight)
      }
      var groups: [(rules: Int32, name: Int32, edges: Range<Int>)] = []
      var reordered: [Int32] = []
      var keyed: [(order: UInt64, edge: Int32)] = []
      for node in 0..<nodeCount where children.start[node + 1] - children.start[node] > 1 {
        let block = Int(children.start[node])..<Int(children.start[node + 1])
        keyed.removeAll(keepingCapacity: true)
        for position in block { keyed.append((walkOrder(children.order[position]), children.order[position])) }
        keyed.sort { ($0.order, $0.edge) < ($1.order, $1.edge) }
        for (offset, item) in keyed.enumerated() { children.order[block.lowerBound + offset] = item.edge }
        groups.removeAll(keepingCapacity: true)
        var start = block.lowerBound
        while start < block.upperBound {
          let name = innermost(of: Int(children.order[start])).name
          if name == .none { break }  // the pattern children, which stay last
          var (end, rules): (Int, Int32) = (start, 0)
          while end < block.upperBound && innermost(of: Int(children.order[end])).name == name {
            rules += below[Int(edges[Int(children.order[end])].child)]
            end += 1
          }
          groups.append((rules, name.raw, start..<end))
          start = end
        }
        guard groups.count > 1 else { continue }
        groups.sort { ($0.rules, -$0.name) > ($1.rules, -$1.name) }
        reordered.removeAll(keepingCapacity: true)
        for group in groups { reordered += children.order.elements[group.edges] }
        _ = children.order.elements[block.lowerBound..<start].update(fromContentsOf: reordered)
      }
    }

    /// Where a branch's children are looked up, as its summary keeps it:
    /// `.inRecord` once the table's first slot or the first child is past
    /// `limits.lookups` (`ChildSummary` applies its own limit as well).
    private func keptInSummary(_ children: ChildSummary.ChildLookup) -> ChildSummary.ChildLookup {
      switch children {
      case .slots(let table) where Int(table.first) >= limits.lookups: .inRecord
      case .scanned(let child) where child.index >= limits.lookups: .inRecord
      default: children
      }
    }

    /// The size of the slot table of a node with `count` literal children
    /// and `names` names among them: none when they are few enough to scan,
    /// else the smallest power of two at least 1.25 times the names (a name
    /// the node has is found within a line or two; a smaller table keeps
    /// more of them in cache: docs/PERFORMANCE.md, session 18).
    private static func slotCount(literalChildren count: Int, names: Int) -> Int {
      guard count > RuleTrie.scannedEdges else { return 0 }
      var slots = 2
      while slots * 4 < 5 * names { slots <<= 1 }
      return slots
    }

    /// The flat form: each root's tree depth first, one root after another,
    /// a node's children consecutive in the order the walk tries them.
    ///
    /// The final tables are written in passes, one kind of field at a time,
    /// and each build table is freed after the last pass that reads it: the
    /// trie is built while the sheet compiles, so its build tables and final
    /// tables held at once add to the load's peak of memory. Every table is
    /// written in place at its final size.
    mutating func layout() -> (roots: [Root], ruleNodes: [TrieNodeID], tables: Tables) {
      let empty = Node(
        childNames: 0, firstTerminal: 0, firstChild: 0, literalChildCount: 0, patternChildCount: 0, slots: .none)
      let records = PageMemory.allocate(Record.self, count: nodeCount + 1)
      records.initialize(repeating: Record(node: empty, firstTerminal: .absent))
      /// Each build node's final id.
      var newID = PageBuffer<Int32>(repeating: 0, count: nodeCount)
      /// The edge into each node, by final id (-1 for a root).
      var edgeInto = PageBuffer<Int32>(repeating: -1, count: nodeCount)
      var (rootStarts, rootEnds): ([Int], [Int]) = ([], [])
      // Depth first, numbering a node's children consecutively when it is
      // expanded; its child fields and its children's parent are known then.
      do {
        let order = PageBuffer<Int32>(capacity: nodeCount)
        let children = Self.grouped(nodeCount, edges.count) { Int(edges[$0].parent) }
        orderChildren(children)
        for root in rootNodes {
          rootStarts.append(order.count)
          // Final ids of nodes numbered but whose children are not yet:
          // the next child to expand is on top.
          var unexpanded = [order.count]
          newID[root] = Int32(order.count)
          order.append(Int32(root))
          while let next = unexpanded.popLast() {
            let node = Int(order[next])
            let childEdges = Int(children.start[node])..<Int(children.start[node + 1])
            // Where its children start even when it has none, so that
            // siblings' `firstChild` never decreases (`RuleTrie.parent(of:)`).
            records[next].node.firstChild = Int32(order.count)
            var (literalCount, childNames) = (0, UInt64(0))
            for position in childEdges {
              let edge = children.order[position]
              let name = innermost(of: Int(edge)).name
              if name != .none {
                literalCount += 1
                childNames |= RuleTrie.bit(name)
              }
              let child = Int(edges[Int(edge)].child)
              newID[child] = Int32(order.count)
              edgeInto[order.count] = edge
              order.append(Int32(child))
            }
            records[next].node.childNames = childNames
            records[next].node.literalChildCount = Int32(literalCount)
            records[next].node.patternChildCount = Int32(childEdges.count - literalCount)
            // The first child is expanded next, its siblings after all of its descendants.
            let firstChild = Int(records[next].node.firstChild)
            unexpanded.append(contentsOf: (firstChild..<firstChild + childEdges.count).reversed())
          }
          rootEnds.append(order.count)
        }
      }

      let finalRuleNodes = ruleEnds.elements.map { TrieNodeID(Int(newID[Int($0.node)])) }

      // Terminals, in node order.
      let flatTerminals = PageMemory.allocate(Terminal.self, count: ruleEnds.count)
      do {
        let nodeTerminals = Self.grouped(nodeCount, ruleEnds.count) { Int(newID[Int(ruleEnds[$0].node)]) }
        var cursor = 0
        for id in 0..<nodeCount {
          records[id].node.firstTerminal = Int32(cursor)
          let positions = Int(nodeTerminals.start[id])..<Int(nodeTerminals.start[id + 1])
          for position in positions {
            let rule = Int(nodeTerminals.order[position])
            let terminal = Terminal(
              rule: RuleID(rule), needsEmptyPath: ruleEnds[rule].needsEmptyPath,
              isLastOfNode: position == positions.upperBound - 1)
            flatTerminals.initializeElement(at: cursor, to: terminal)
            if position == positions.lowerBound { records[id].firstTerminal = terminal }
            cursor += 1
          }
        }
        records[nodeCount].node.firstTerminal = Int32(cursor)
      }
      (ruleEnds, newID) = (PageBuffer(capacity: 0), PageBuffer(capacity: 0))

      // The chunk of the edge into each node; the components besides the
      // innermost in the same order.
      let chunks = PageMemory.allocate(Chunk.self, count: nodeCount)
      chunks.initialize(
        repeating: Chunk(innermost: CompiledComponent(weight: 0), firstOuter: 0, length: 0, anchoring: []))
      let outerComponents = PageMemory.allocate(CompiledComponent.self, count: components.count - edges.count)
      let childSummaries = PageMemory.allocate(ChildSummary.self, count: nodeCount)
      childSummaries.initialize(repeating: ChildSummary(variant: .none))
      var outerCursor = 0
      for id in 0..<nodeCount {
        guard edgeInto[id] >= 0 else {
          chunks[id].firstOuter = Int32(outerCursor)
          continue
        }
        let edge = Int(edgeInto[id])
        let range = chunkRange(of: edge)
        let innermost = components[range.upperBound - 1]
        chunks[id] = Chunk(
          innermost: innermost, firstOuter: Int32(outerCursor), length: Int32(range.count),
          anchoring: edges[edge].anchoring)
        childSummaries[id] = ChildSummary(name: innermost.name, variant: innermost.variant)
        let record = records[id]
        let node = record.node
        let isSimpleChunk =
          range.count == 1 && edges[edge].anchoring.isEmpty && innermost.nameKind == .exact
          && (innermost.variantKind == .exact || innermost.variantKind == .unspecified)
        let childCount = node.literalChildCount + node.patternChildCount
        let isSimpleLeaf =
          isSimpleChunk && childCount == 0 && record.hasTerminals && record.firstTerminal.isLastOfNode
          && !record.firstTerminal.needsEmptyPath
        let isSimpleLink = isSimpleChunk && childCount == 1 && !record.hasTerminals
        if isSimpleChunk {
          let (variant, weight) = (innermost.variant, innermost.weight)
          // A leaf or a link whose id is past the limits is summarised as a branch.
          // (A wide branch's slot table replaces its first child below.)
          let children = keptInSummary(
            childCount > 0 ? .scanned(firstChild: TrieNodeID(Int(node.firstChild))) : .inRecord)
          var summary = ChildSummary(variant: variant, branchWeight: weight, children: children)
          if isSimpleLeaf && record.firstTerminal.rule.index < limits.summarisedIDs {
            summary =
              ChildSummary(variant: variant, leafRule: record.firstTerminal.rule, weight: weight) ?? summary
          } else if isSimpleLink && Int(node.firstChild) < limits.summarisedIDs {
            summary =
              ChildSummary(variant: variant, linkedChild: TrieNodeID(Int(node.firstChild)), weight: weight) ?? summary
          }
          if var summary {
            summary.name = innermost.name
            childSummaries[id] = summary
          }
        }
        for component in range.dropLast() {
          outerComponents.initializeElement(at: outerCursor, to: components[component])
          outerCursor += 1
        }
      }
      (edges, components, edgeInto) = (PageBuffer(capacity: 0), PageBuffer(capacity: 0), PageBuffer(capacity: 0))

      // The slot tables of nodes with many literal children, from the
      // children's innermost names (the literal children come first, and a
      // node's children are consecutive).
      func literalGroups(_ id: Int, into groups: inout [ChildSlot]) {
        groups.removeAll(keepingCapacity: true)
        let firstChild = Int(records[id].node.firstChild)
        for child in firstChild..<firstChild + Int(records[id].node.literalChildCount)
        where groups.last?.name != childSummaries[child].name {
          groups.append(
            ChildSlot(firstChild: Int32(child), firstSummary: childSummaries[child]))
        }
      }
      // Tables that would end beyond `limits.slots` are not made: those
      // nodes scan their children in place.
      var groups: [ChildSlot] = []
      var slotTotal = 0
      for id in 0..<nodeCount where records[id].node.literalChildCount > RuleTrie.scannedEdges {
        literalGroups(id, into: &groups)
        let slotCount = Self.slotCount(literalChildren: Int(records[id].node.literalChildCount), names: groups.count)
        guard slotTotal + slotCount <= limits.slots, let table = SlotTable(first: slotTotal, count: slotCount) else {
          break
        }
        records[id].node.slots = table
        if childSummaries[id].isBranch {
          childSummaries[id].setBranchChildren(keptInSummary(.slots(table)))
        }
        slotTotal += slotCount
      }
      // Each group of same-name literal children ends at its last, and each
      // pattern child is a group of its own (marked once every summary is
      // final, before the slots copy them).
      for id in 0..<nodeCount {
        let node = records[id].node
        let literalEnd = Int(node.firstChild + node.literalChildCount)
        for child in Int(node.firstChild)..<literalEnd + Int(node.patternChildCount)
        where child + 1 >= literalEnd || childSummaries[child + 1].name != childSummaries[child].name {
          childSummaries[child].markLastOfGroup()
        }
      }

      let slots = PageMemory.allocate(ChildSlot.self, count: slotTotal)
      slots.initialize(repeating: ChildSlot(firstChild: 0, firstSummary: ChildSummary(name: .unknown, variant: .none)))
      for id in 0..<nodeCount where records[id].node.slotCount > 0 {
        literalGroups(id, into: &groups)
        let (firstSlot, slotCount) = (Int(records[id].node.firstSlot), Int(records[id].node.slotCount))
        for group in groups {
          var slot = ChildSlot.home(group.name, count: Int32(slotCount))
          while slots[firstSlot + slot].name != .unknown { slot = (slot + 1) & (slotCount - 1) }
          slots[firstSlot + slot] = group
        }
      }

      var roots: [Root] = []
      var literalRoots = PairTable(capacity: rootKeys.count)
      for (index, key) in rootKeys.enumerated() {
        roots.append(
          Root(
            theme: key.theme, token: key.token, node: TrieNodeID(rootStarts[index]),
            end: TrieNodeID(rootEnds[index])))
        if key.token.kind == .exact {
          literalRoots.set(PairTable.key(key.theme.raw, key.token.name.raw), Int32(index), 0)
        }
      }

      let nameCount = names.count
      let hasGlobTable = globs.count * nameCount <= RuleTrie.maxGlobTable
      let globTable = PageMemory.allocate(UInt8.self, count: hasGlobTable ? globs.count * nameCount : 0)
      if hasGlobTable {
        for (glob, pattern) in globs.enumerated() {
          for (name, text) in names.names.enumerated() {
            globTable.initializeElement(at: glob * nameCount + name, to: pattern.matches(text) ? 1 : 0)
          }
        }
      }
      let patternRoots = roots.indices.filter { roots[$0].token.kind != .exact }.map { Int32($0) }
      let tables = Tables(
        records: records, chunks: chunks, childSummaries: childSummaries,
        outerComponents: outerComponents, terminals: flatTerminals,
        literalRoots: literalRoots, childSlots: slots, globMatchesName: globTable,
        names: NameLookup(names),
        roots: Self.buffer(roots), patternRoots: Self.buffer(patternRoots), nameCount: nameCount,
        hasGlobTable: hasGlobTable)
      return (roots, finalRuleNodes, tables)
    }
  }
}
