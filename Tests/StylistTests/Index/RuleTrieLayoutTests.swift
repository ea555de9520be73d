import Testing

@testable import Stylist

/// The trie's node and chunk records are what a query reads most, at
/// random: their sizes are decisions (`RuleTrie.Node`, `RuleTrie.Chunk`),
/// kept here so that a new field is a choice, not an accident.
@Suite struct RuleTrieLayoutTests {
  /// With the first terminal after it, half a cache line (`RuleTrie.Record`).
  @Test func aNodeIsTwentyEightBytes() {
    #expect(MemoryLayout<RuleTrie.Node>.size == 28)
  }

  /// A wide node's slot table in 4 bytes of its node: sizes from 2 to 2^26,
  /// first slots to the limit, beyond which no table is made.
  @Test func aSlotTableIsFourBytes() {
    #expect(MemoryLayout<RuleTrie.SlotTable>.stride == 4)
    #expect(RuleTrie.SlotTable.none.count == 0)
    let limit = RuleTrie.SlotTable.firstLimit
    for log2 in [1, 5, 26] {
      for first in [0, 3, limit - (1 << log2)] {
        let table = RuleTrie.SlotTable(first: first, count: 1 << log2)
        #expect(table?.first == Int32(first) && table?.count == Int32(1 << log2), "\(first) \(log2)")
      }
    }
    #expect(RuleTrie.SlotTable(first: limit - 2, count: 4) == nil)
    #expect(RuleTrie.SlotTable(first: limit, count: 2) == nil)
  }

  /// Its innermost component in place, read when a child is tried.
  @Test func aChunkRecordIsTwentyFourBytes() {
    #expect(MemoryLayout<RuleTrie.Chunk>.stride == 24)
  }

  /// One per rule; none of them is the `absent` one a record without
  /// terminals holds.
  @Test func aTerminalIsFourBytes() {
    #expect(MemoryLayout<RuleTrie.Terminal>.stride == 4)
    for rule in [0, 7, (1 << 30) - 2] {
      for needsEmptyPath in [false, true] {
        for isLast in [false, true] {
          let terminal = RuleTrie.Terminal(rule: RuleID(rule), needsEmptyPath: needsEmptyPath, isLastOfNode: isLast)
          #expect(terminal.rule == RuleID(rule) && terminal.needsEmptyPath == needsEmptyPath)
          #expect(terminal.isLastOfNode == isLast)
          #expect(terminal != .absent)
        }
      }
    }
  }

  /// One per chunk component, read when a child is tried (twice while built).
  @Test func aCompiledComponentIsTwelveBytes() {
    #expect(MemoryLayout<CompiledComponent>.stride == 12)
  }

  /// Beside each child's innermost name and variant, the kind of its chunk
  /// and node, the component's weight, whether it ends its name's group,
  /// and a simple leaf's rule, a simple link's child or where a branch's
  /// children are looked up, in 12 bytes.
  @Test func aChildSummaryIsTwelveBytes() {
    #expect(MemoryLayout<RuleTrie.ChildSummary>.stride == 12)
    let plain = RuleTrie.ChildSummary(variant: NameID(raw: 3))
    #expect(!plain.isSummarised && !plain.isSimpleLeaf && !plain.isSimpleLink && plain.variant == NameID(raw: 3))
    for id in [0, 7, RuleTrie.ChildSummary.summarisedLimit - 1] {
      for weight: UInt8 in [0, 12, 15] {
        for variant in [NameID.none, NameID(raw: 0), NameID(raw: 41)] {
          let leaf = RuleTrie.ChildSummary(variant: variant, leafRule: RuleID(id), weight: weight)
          #expect(leaf?.isSummarised == true && leaf?.isSimpleLeaf == true && leaf?.isSimpleLink == false)
          #expect(leaf?.variant == variant && leaf?.leafRule == RuleID(id) && leaf?.weight == Int(weight))
          let link = RuleTrie.ChildSummary(variant: variant, linkedChild: TrieNodeID(id), weight: weight)
          #expect(link?.isSummarised == true && link?.isSimpleLink == true && link?.isSimpleLeaf == false)
          #expect(link?.variant == variant && link?.linkedChild == TrieNodeID(id) && link?.weight == Int(weight))
          let branch = RuleTrie.ChildSummary(variant: variant, branchWeight: weight, children: .inRecord)
          #expect(branch?.isSummarised == true && branch?.isSimpleLeaf == false && branch?.isSimpleLink == false)
          #expect(branch?.variant == variant && branch?.weight == Int(weight))
          // Marking the last of a group changes nothing else.
          for summary in [leaf, link, branch, RuleTrie.ChildSummary(variant: variant)] {
            guard var marked = summary else { continue }
            #expect(!marked.isLastOfGroup)
            marked.markLastOfGroup()
            #expect(marked.isLastOfGroup && marked.variant == summary?.variant && marked.weight == summary?.weight)
            #expect(marked.isSummarised == summary?.isSummarised && marked.isBranch == summary?.isBranch)
            #expect(marked.isSimpleLeaf == summary?.isSimpleLeaf && marked.isSimpleLink == summary?.isSimpleLink)
            if marked.isSimpleLeaf { #expect(marked.leafRule == summary?.leafRule) }
            if marked.isSimpleLink { #expect(marked.linkedChild == summary?.linkedChild) }
          }
        }
      }
    }
    // Beyond what the packed word holds: the record is read instead.
    let limit = RuleTrie.ChildSummary.summarisedLimit
    #expect(RuleTrie.ChildSummary(variant: .none, leafRule: RuleID(limit), weight: 12) == nil)
    #expect(RuleTrie.ChildSummary(variant: .none, leafRule: RuleID(0), weight: 16) == nil)
    #expect(RuleTrie.ChildSummary(variant: .none, linkedChild: TrieNodeID(limit), weight: 12) == nil)
    #expect(RuleTrie.ChildSummary(variant: .none, linkedChild: TrieNodeID(0), weight: 16) == nil)
    #expect(RuleTrie.ChildSummary(variant: .none, branchWeight: 16, children: .inRecord) == nil)

    let lookupLimit = RuleTrie.ChildSummary.lookupLimit
    let kept: [RuleTrie.ChildSummary.ChildLookup] = [
      .inRecord, .scanned(firstChild: TrieNodeID(0)), .scanned(firstChild: TrieNodeID(lookupLimit - 1)),
      .slots(RuleTrie.SlotTable(first: 0, count: 2)!), .slots(RuleTrie.SlotTable(first: 5, count: 1 << 26)!),
      .slots(RuleTrie.SlotTable(first: lookupLimit - 1, count: 64)!),
    ]
    for lookup in kept {
      let branch = RuleTrie.ChildSummary(variant: NameID(raw: 9), branchWeight: 15, children: lookup)
      #expect(branch?.branchChildren == lookup && branch?.weight == 15 && branch?.variant == NameID(raw: 9))
      var marked = branch
      marked?.markLastOfGroup()
      #expect(marked?.branchChildren == lookup && marked?.isLastOfGroup == true)
    }
    let beyond: [RuleTrie.ChildSummary.ChildLookup] = [
      .scanned(firstChild: TrieNodeID(lookupLimit)), .slots(RuleTrie.SlotTable(first: lookupLimit, count: 2)!),
    ]
    for lookup in beyond {
      #expect(RuleTrie.ChildSummary(variant: .none, branchWeight: 3, children: lookup)?.branchChildren == .inRecord)
    }
    #expect(RuleTrie.ChildSummary(variant: .none, leafRule: RuleID(5), weight: 1)?.branchChildren == .inRecord)
    #expect(RuleTrie.ChildSummary(variant: .none, linkedChild: TrieNodeID(5), weight: 1)?.branchChildren == .inRecord)
  }

  /// A child is summarised exactly when its chunk is simple (one component
  /// with a literal name, an exact variant or none, no `>`), with the
  /// component's weight; as a simple leaf exactly when its node has no
  /// children and ends one rule that needs no empty path (with that rule),
  /// and as a simple link exactly when it has one child and ends no rule
  /// (with that child); any other with a simple chunk is a branch, with its
  /// slot table when it has one, else its first child when it has any.
  @Test func simpleChunksAreSummarisedFromTheirChunksAndRecords() throws {
    var generator = SeededGenerator(seed: 21)
    var rules = (0..<400).map { position in
      StyleRule(RandomSheets.selector(using: &generator, themes: ["dark"]), ["n": .int(position)])
    }
    for text in ["a/t", "a[x]/t", "a[*]/t", "a[x*]/t", ">a/t", "a/>t", "b/>a/t", "c/t", "c/t", "a*/t", "d/e/t"] {
      rules.append(StyleRule(try StyleSelector(parsing: text), [:]))
    }
    // `w` under `t`: a wide branch.
    for text in ["w/t"] + (0..<12).map({ "n\($0)/w/t" }) {
      rules.append(StyleRule(try StyleSelector(parsing: text), [:]))
    }
    let trie = StyleIndex(rules: rules).trie
    let roots = Set(trie.roots.map(\.node))
    var (leaves, links, branches, wideBranches, other) = (0, 0, 0, 0, 0)
    for id in 0..<trie.tables.records.count - 1 where !roots.contains(TrieNodeID(id)) {
      let (record, chunk) = (trie.tables.records[id], trie.tables.chunks[id])
      let innermost = chunk.innermost
      let isSimpleChunk =
        chunk.length == 1 && chunk.anchoring.isEmpty && innermost.nameKind == .exact
        && (innermost.variantKind == .exact || innermost.variantKind == .unspecified)
      let childCount = record.node.literalChildCount + record.node.patternChildCount
      let isLeaf =
        isSimpleChunk && childCount == 0 && record.hasTerminals && record.firstTerminal.isLastOfNode
        && !record.firstTerminal.needsEmptyPath
      let isLink = isSimpleChunk && childCount == 1 && !record.hasTerminals
      let summary = trie.tables.childSummaries[id]
      #expect(summary.isSummarised == isSimpleChunk, "node \(id)")
      #expect(summary.isSimpleLeaf == isLeaf, "node \(id)")
      #expect(summary.isSimpleLink == isLink, "node \(id)")
      #expect(summary.variant == innermost.variant, "node \(id)")
      if isSimpleChunk { #expect(summary.weight == Int(innermost.weight), "node \(id)") }
      if isLeaf {
        leaves += 1
        #expect(summary.leafRule == record.firstTerminal.rule, "node \(id)")
      } else if isLink {
        links += 1
        #expect(summary.linkedChild == TrieNodeID(Int(record.node.firstChild)), "node \(id)")
      } else if isSimpleChunk {
        branches += 1
        let expected: RuleTrie.ChildSummary.ChildLookup =
          record.node.slotCount > 0
          ? .slots(record.node.slots)
          : childCount > 0 ? .scanned(firstChild: TrieNodeID(Int(record.node.firstChild))) : .inRecord
        #expect(summary.branchChildren == expected, "node \(id)")
        if record.node.slotCount > 0 { wideBranches += 1 }
      } else {
        other += 1
      }
    }
    #expect(leaves >= 10 && links >= 10 && branches >= 10 && wideBranches >= 1 && other >= 10)

    // By hand: `a[*]` and `a[x*]` ask for a pattern, `>` anchors or joins,
    // `c/t` twice ends two rules, `a*` is a glob; `e`, `i` and `j` lead to
    // one child each (`j` to a glob), `g` ends a rule and has a child.
    let texts = [
      "a/t", "a[x]/t", "a[*]/t", "a[x*]/t", ">a/t", "a/>t", "b/>a/t", "c/t", "c/t", "a*/t", "d/e/t", "f/g/t", "g/t",
      "h[y]/i/t", "x*/j/t",
    ]
    let small = StyleIndex(rules: try texts.map { StyleRule(try StyleSelector(parsing: $0), [:]) }).trie
    let ids = 0..<small.tables.records.count - 1
    let summaries = ids.map { small.tables.childSummaries[$0] }
    let leafRules = ids.compactMap { summaries[$0].isSimpleLeaf ? summaries[$0].leafRule : nil }
    #expect(Set(leafRules.map { texts[$0.index] }) == ["a/t", "a[x]/t", "d/e/t", "f/g/t", "h[y]/i/t"])
    func names(_ kind: (RuleTrie.ChildSummary) -> Bool) -> Set<NameID> {
      Set(ids.filter { kind(summaries[$0]) }.map { summaries[$0].name })
    }
    #expect(names(\.isSimpleLink) == Set(["e", "i", "j"].map(small.nameID)))
    let isBranch = { (summary: RuleTrie.ChildSummary) in
      summary.isSummarised && !summary.isSimpleLeaf && !summary.isSimpleLink
    }
    #expect(names(isBranch) == Set(["c", "g"].map(small.nameID)))
  }

  @Test func wideAndNarrowNodesFindTheirChildren() throws {
    // The root of `t` has 20 literal children (found through its slots); `a/t`'s node 3 (scanned).
    let names = (0..<20).map { "n\($0)/t" } + ["x/a/t", "y/a/t", "z/a/t"]
    let rules = try names.map { StyleRule(try StyleSelector(parsing: $0), ["s": .string($0)]) }
    let index = StyleIndex(rules: rules)
    for name in names {
      #expect(index.bestMatch(for: try NodeIdentifier(parsing: name)).match?.rule.name == name)
    }
    let trie = index.trie
    #expect(trie.tables.records[trie.roots[0].node.index].node.slotCount >= 32)
  }

  /// A name's group of children ends at the summary marked last, and a
  /// wide node's slot holds the group's first child and a copy of its
  /// summary: for every node of a random sheet, against its children's names.
  @Test func eachGroupEndsAtItsLastChildAndItsSlotHoldsItsFirst() throws {
    #expect(MemoryLayout<RuleTrie.ChildSlot>.stride == 16)
    var generator = SeededGenerator(seed: 23)
    var rules = (0..<600).map { position in
      StyleRule(RandomSheets.selector(using: &generator, themes: ["dark"]), ["n": .int(position)])
    }
    for text in (0..<12).map({ "n\($0)/t" }) + ["a[x]/n3/t", "a[y]/n3/t", "a/n3/t", "a*/n3/t", "b/>n3/t"] {
      rules.append(StyleRule(try StyleSelector(parsing: text), [:]))
    }
    let trie = StyleIndex(rules: rules).trie
    let summaries = trie.tables.childSummaries
    let names = { (node: Int) in summaries[node].name }
    var (longGroups, slotsSeen) = (0, 0)
    for id in 0..<trie.tables.records.count - 1 {
      let node = trie.tables.records[id].node
      let literalEnd = Int(node.firstChild + node.literalChildCount)
      var groupLength = 0
      for child in Int(node.firstChild)..<literalEnd + Int(node.patternChildCount) {
        let isLast = child + 1 >= literalEnd || names(child + 1) != names(child)
        #expect(summaries[child].isLastOfGroup == isLast, "node \(id) child \(child)")
        groupLength += 1
        if isLast {
          if groupLength > 1 { longGroups += 1 }
          groupLength = 0
        }
      }
      for slot in 0..<Int(node.slotCount) {
        let found = trie.tables.childSlots[Int(node.firstSlot) + slot]
        guard found.name != .unknown else { continue }
        slotsSeen += 1
        let first = Int(found.firstChild)
        #expect(names(first) == found.name && (first == Int(node.firstChild) || names(first - 1) != found.name))
        #expect(found.firstSummary == summaries[first], "node \(id) slot \(slot)")
      }
    }
    #expect(longGroups >= 10 && slotsSeen >= 12)
  }

  /// A node's groups of literal children come most rules below first
  /// (ties by name), and a wide node's first group sits at its home slot:
  /// for every node of a random sheet, against rules counted from its
  /// children's terminals.
  @Test func groupsWithMoreRulesBelowComeFirst() {
    var generator = SeededGenerator(seed: 31)
    let rules = (0..<2_000).map { position in
      StyleRule(RandomSheets.selector(using: &generator, themes: ["dark"]), ["n": .int(position)])
    }
    let trie = StyleIndex(rules: rules).trie
    let records = trie.tables.records
    let summaries = trie.tables.childSummaries
    // Children are numbered after their parents: from the last node back,
    // a node's children are counted before it.
    var below = [Int](repeating: 0, count: records.count - 1)
    for id in below.indices.reversed() {
      let node = records[id].node
      below[id] = Int(records[id + 1].node.firstTerminal - node.firstTerminal)
      let children = Int(node.firstChild)..<Int(node.firstChild + node.literalChildCount + node.patternChildCount)
      for child in children { below[id] += below[child] }
    }
    var (orderedPairs, wideNodes) = (0, 0)
    for id in below.indices {
      let node = records[id].node
      var groups: [(rules: Int, name: NameID, first: Int)] = []
      for child in Int(node.firstChild)..<Int(node.firstChild + node.literalChildCount) {
        if child == Int(node.firstChild) || summaries[child - 1].isLastOfGroup {
          groups.append((0, summaries[child].name, child))
        }
        groups[groups.count - 1].rules += below[child]
      }
      for (earlier, later) in zip(groups, groups.dropFirst()) {
        #expect(
          earlier.rules > later.rules || (earlier.rules == later.rules && earlier.name.raw < later.name.raw),
          "node \(id): \(earlier) before \(later)")
        orderedPairs += 1
      }
      if node.slotCount > 0, let first = groups.first {
        wideNodes += 1
        let home = RuleTrie.ChildSlot.home(first.name, count: node.slotCount)
        #expect(trie.tables.childSlots[Int(node.firstSlot) + home].firstChild == Int32(first.first), "node \(id)")
      }
    }
    #expect(orderedPairs >= 100 && wideNodes >= 5)
  }

  /// A trie node's record is half a cache line, and the tables start on one.
  @Test func recordsAreHalfCacheLines() throws {
    #expect(MemoryLayout<RuleTrie.Record>.stride == PageMemory.cacheLine / 2)
    let small = StyleIndex(rules: [StyleRule(try StyleSelector(parsing: "a/t"), [:])]).trie
    var generator = SeededGenerator(seed: 3)
    let large = StyleIndex(
      rules: (0..<5_000).map { _ in StyleRule(RandomSheets.selector(using: &generator, themes: []), [:]) }
    ).trie
    for trie in [small, large] {
      #expect(Int(bitPattern: trie.tables.records.baseAddress) % PageMemory.cacheLine == 0)
    }
  }

  /// The walk reads a node's terminals up to the one marked last (never the
  /// next node's record), the first from the node's record: that must be
  /// exactly the node's range, for nodes with none, one or several (a
  /// repeated selector, `>t` beside `t`).
  @Test func eachNodesTerminalsEndAtTheOneMarkedLast() throws {
    var generator = SeededGenerator(seed: 12)
    var rules = (0..<400).map { position in
      StyleRule(RandomSheets.selector(using: &generator, themes: ["dark"]), ["n": .int(position)])
    }
    for text in ["t", ">t", "t", "a/t", "a/t"] { rules.append(StyleRule(try StyleSelector(parsing: text), [:])) }
    let trie = StyleIndex(rules: rules).trie
    var mostTerminals = 0
    for id in 0..<trie.tables.records.count - 1 {
      let node = trie.tables.records[id].node
      let range = Int(node.firstTerminal)..<Int(trie.tables.records[id + 1].node.firstTerminal)
      #expect(trie.tables.records[id].hasTerminals == !range.isEmpty, "node \(id)")
      if let first = range.first {
        let inRecord = trie.tables.records[id].firstTerminal
        #expect(inRecord.rule == trie.tables.terminals[first].rule, "node \(id)")
        #expect(inRecord.isLastOfNode == (range.count == 1), "node \(id)")
        #expect(inRecord.needsEmptyPath == trie.tables.terminals[first].needsEmptyPath, "node \(id)")
      }
      for at in range { #expect(trie.tables.terminals[at].isLastOfNode == (at == range.upperBound - 1), "node \(id)") }
      mostTerminals = max(mostTerminals, range.count)
    }
    #expect(mostTerminals >= 3)
  }

  /// The walk passes over a child whose innermost exact variant the node's
  /// component lacks, without reading its record: the variants it reads are
  /// the chunks' own, and a name the node has twice still finds the outer
  /// one's variant.
  @Test func childrenArePassedOverOnlyWhereTheyCannotFit() throws {
    let selectors = ["a[x]/t", "a[y]/t", "a/t", "a[x]/a[y]/t", "b[x]/a[z]/t", ">a[x]/t", "a[*]/t", "a[x]/>t"]
    let rules = try selectors.map { StyleRule(try StyleSelector(parsing: $0), ["s": .string($0)]) }
    let index = StyleIndex(rules: rules)
    let trie = index.trie
    for id in 0..<trie.tables.records.count - 1 {
      #expect(trie.tables.childSummaries[id].variant == trie.tables.chunks[id].innermost.variant, "node \(id)")
      #expect(trie.tables.childSummaries[id].name == trie.tables.chunks[id].innermost.name, "node \(id)")
    }
    let expectations: [(node: String, applies: Set<String>)] = [
      ("a[x]/a[y]/t", ["a[x]/t", "a[y]/t", "a/t", "a[x]/a[y]/t", ">a[x]/t", "a[*]/t"]),
      ("a[y]/a[x]/t", ["a[x]/t", "a[y]/t", "a/t", "a[*]/t", "a[x]/>t"]),
      ("b[x]/a[z]/t", ["a/t", "b[x]/a[z]/t", "a[*]/t"]),
      ("a[q]/t", ["a/t", "a[*]/t"]),
    ]
    for (node, applies) in expectations {
      let found = index.applicableMatches(for: try NodeIdentifier(parsing: node)).map { $0.rule.name }
      #expect(Set(found) == applies, "\(node)")
    }
  }

  /// `explain` walks up from a rule's trie node with `parent(of:)`, a search
  /// over the children's ranges: each node's parent is the one node whose
  /// children include it, and a rule's chunks read back as its selector's.
  @Test func everyNodeFindsItsParentAndEveryRuleItsChunks() {
    var generator = SeededGenerator(seed: 11)
    let rules = (0..<400).map { position in
      StyleRule(RandomSheets.selector(using: &generator, themes: ["dark"]), ["n": .int(position)])
    }
    let trie = StyleIndex(rules: rules).trie
    let roots = Set(trie.roots.map(\.node))
    let nodeCount = trie.tables.records.count - 1
    for id in 0..<nodeCount {
      let node = TrieNodeID(id)
      let expected = (0..<nodeCount).first { candidate in
        let record = trie.tables.records[candidate].node
        let children =
          Int(record.firstChild)..<Int(record.firstChild + record.literalChildCount + record.patternChildCount)
        return children.contains(id)
      }
      #expect(trie.parent(of: node) == expected.map(TrieNodeID.init), "node \(id)")
      #expect((expected == nil) == roots.contains(node), "node \(id)")
    }
    for (position, rule) in rules.enumerated() {
      let lengths = trie.chunks(of: RuleID(position)).map { Int($0.length) }
      #expect(lengths.reduce(0, +) == rule.selector.components.count, "\(rule.selector)")
    }
  }
}
