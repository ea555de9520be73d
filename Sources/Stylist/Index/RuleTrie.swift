/// The compiled form of an index's rules, which every query runs on.
///
/// A rule is its theme, its token and its path components, cut into `>`
/// chunks (components joined by `>` must sit on consecutive node components).
/// The trie has one root per (theme, token) and, below it, one edge per chunk,
/// innermost chunk first: a rule is the path from its root to the trie node
/// where it ends (its *terminal*). Rules that share their innermost chunks
/// share the top of their path.
///
/// A query walks down from the roots of the node's token (under no theme
/// and under the query's theme, plus the few roots of `*` and glob tokens),
/// placing each edge's chunk on the node's path as near the token as it fits
/// below where the chunk before it was placed (`TrieQuery.latestEnd`). An
/// edge whose innermost component is a literal name is found by that name
/// (in the node's own slot table when it has many edges), so a query only
/// tries edges for names the node has: with a fixed vocabulary, the trie
/// nodes a query visits are bounded by the prefixes of selectors that apply
/// to it, not by the size of the sheet, and a token that every rule shares
/// is not a scan of all of them.
///
/// Everything is stored in flat buffers of plain values. Each root's tree
/// is numbered depth first, one root after another: a root's tree is a
/// contiguous range of trie nodes and of terminals, a node's children are
/// consecutive, everything below a child comes before the next child's
/// descendants (so a walk down a subtree stays in a few lines), and the
/// nodes a query visits most (a common token's root and its children) sit
/// together and stay in cache. A query reads a
/// trie node's `Chunk` when it tries the node and its `Record` (its `Node`
/// and first terminal) when it visits it, except what the node's
/// `ChildSummary` stands in for (placing a simple chunk, trying a simple
/// leaf, passing through a simple link); what it reads to pass over children without
/// trying them (their innermost names and variants) is in the summaries,
/// a dense table apart. There is no edge table: a node's chunk is the edge
/// that leads to it. The buffers are written in `init` only; a query
/// copies `Tables` (a trivial value) and allocates nothing on the heap.
///
/// `@unchecked Sendable`: read-only after `init`.
final class RuleTrie: @unchecked Sendable {
  /// What a query reads when it visits a trie node: 28 bytes, in its
  /// `Record`. The innermost names a narrow node's children are scanned by
  /// are in their summaries, and the parent is found only for `explain`.
  struct Node {
    /// A bit per literal name a child starts with (`bit(name)`): most
    /// names of a node have no child here, and this skips their lookup.
    var childNames: UInt64
    /// Terminals `firstTerminal..<nodes[index + 1].firstTerminal` end here
    /// (the walk reads them up to the one marked `isLastOfNode`, so that it
    /// never loads the next node's record; the first is in the record).
    var firstTerminal: Int32
    /// Children are consecutive trie nodes: `firstChild..<+literalChildCount`
    /// have a literal innermost name (grouped by it, the heaviest innermost
    /// component first), the next `patternChildCount` have `*` or a glob
    /// there.
    var firstChild: Int32
    var literalChildCount: Int32
    var patternChildCount: Int32
    /// A node with more than `scannedEdges` literal children finds them by
    /// name in its slot table (`.none` for a narrow one).
    var slots: SlotTable

    var firstSlot: Int32 { slots.first }
    var slotCount: Int32 { slots.count }
  }

  /// Where a wide node's slot table is in `Tables.childSlots`: its first
  /// slot and its size (a power of two), in 4 bytes so that a `Record` is
  /// half a cache line.
  struct SlotTable: Equatable {
    /// The size's log2 (5 bits, 0 for no table) and the first slot (27).
    private var packed: UInt32
    private static let shift: UInt32 = 27
    /// Slot tables that would start from this slot on are not made: their
    /// nodes compare their children's names in place, with the same result.
    static let firstLimit = 1 << 27

    static let none = SlotTable(packed: 0)
    private init(packed: UInt32) { self.packed = packed }

    /// The table as `log2` and `first` (`ChildSummary` keeps them so).
    fileprivate init(log2: UInt32, first: UInt32) { packed = log2 << Self.shift | first }
    fileprivate var log2: UInt32 { packed >> Self.shift }

    /// A table of `count` slots (a power of two, at least 2) from `first`;
    /// nil when `first` is beyond `firstLimit`.
    init?(first: Int, count: Int) {
      precondition(count >= 2 && count & (count - 1) == 0, "a slot table's size is a power of two")
      guard first >= 0 && first + count <= Self.firstLimit else { return nil }
      packed = UInt32(count.trailingZeroBitCount) << Self.shift | UInt32(first)
    }

    var first: Int32 { Int32(packed & ((1 << Self.shift) - 1)) }
    /// 0 for `.none`.
    var count: Int32 { log2 == 0 ? 0 : 1 << Int32(log2) }
  }

  /// One `>` chunk of a selector's components: the edge into a trie node,
  /// which is what a query reads when it tries the node as a child and its
  /// `ChildSummary` does not stand in for it. 24 bytes, in `Tables.chunks`:
  /// a chunk of one component (nearly every one) reads nothing else.
  struct Chunk {
    /// The innermost component, in place.
    var innermost: CompiledComponent
    /// The others, outermost first: `outerComponents[firstOuter..<firstOuter + length - 1]`.
    var firstOuter: Int32
    /// Components in all; 0 for a root's (empty) chunk.
    var length: Int32
    var anchoring: ChunkAnchoring
  }

  /// A rule that ends at a trie node.
  /// 4 bytes: the rule's id (below 2^30 - 1), whether it needs an empty
  /// path, and whether it is the last of its node's terminals.
  struct Terminal: Equatable {
    private var packed: UInt32
    private static let emptyPathBit: UInt32 = 1 << 30
    private static let lastBit: UInt32 = 1 << 31

    init(rule: RuleID, needsEmptyPath: Bool, isLastOfNode: Bool) {
      precondition(
        rule.raw >= 0 && UInt32(rule.raw) < Self.emptyPathBit - 1, "too many rules for a trie terminal")
      packed = UInt32(rule.raw) | (needsEmptyPath ? Self.emptyPathBit : 0) | (isLastOfNode ? Self.lastBit : 0)
    }

    private init(packed: UInt32) { self.packed = packed }

    /// In the record of a node where no rule ends: every bit set, which no
    /// terminal has (its rule is below 2^30 - 1).
    static let absent = Terminal(packed: .max)

    var rule: RuleID { RuleID(Int(packed & (Self.emptyPathBit - 1))) }
    /// `>token` with no path component: applies only to nodes without a path.
    var needsEmptyPath: Bool { packed & Self.emptyPathBit != 0 }
    /// The node's terminals end with this one.
    var isLastOfNode: Bool { packed & Self.lastBit != 0 }
  }

  /// What the walk reads of a trie node it visits, in half a cache line:
  /// its `Node` and the first rule that ends there. Most nodes end one rule
  /// or none, so collecting them reads no other line. The chunk of the edge
  /// into the node is apart (`Tables.chunks`): on a sheet of simple
  /// selectors a query places every chunk from its `ChildSummary`, and
  /// two records to a line are half the lines to keep in cache.
  struct Record {
    var node: Node
    /// `terminals[node.firstTerminal]`, `.absent` when no rule ends here.
    var firstTerminal: Terminal

    /// Whether any rule ends here.
    var hasTerminals: Bool { firstTerminal != .absent }
  }

  struct Root {
    var theme: NameID
    var token: CompiledToken
    var node: TrieNodeID
    /// One past the last trie node of this root's tree.
    var end: TrieNodeID
    var isThemed: Bool { theme != .none }
  }

  /// What the walk reads of a child before its chunk or record, 12 bytes,
  /// by node in a table apart (a group's siblings share a cache line): the
  /// innermost name and variant it asks for and, when its chunk is
  /// *simple*, what trying it needs instead of its chunk and record.
  ///
  /// A simple chunk is one component with a literal name and an exact
  /// variant or none, and no `>`: its name (the group's), variant and
  /// weight are all it takes to place it, so its `Chunk` is never read,
  /// and a child that does not fit, or that the collector does not want,
  /// is passed over without its record.
  /// Of the nodes with a simple chunk, two kinds need no record at all:
  /// - a *simple leaf* has no children and ends one rule, kept here;
  /// - a *simple link* has one child and ends no rule, and its child is
  ///   kept here, so that the walk goes on to the child.
  /// The others (a *branch*) are visited from their record; a branch also
  /// keeps here where its children are looked up (`ChildLookup`), so that
  /// the walk starts loading them with its record instead of after it. On a large
  /// sheet the leaves are half the trie's nodes and the links most of the
  /// rest, and a record read is a cache miss for most nodes queried.
  struct ChildSummary: Equatable {
    /// The chunk's innermost literal name (`.none` for `*` or a glob): a
    /// narrow node's children are compared with a name here, and a link's
    /// child's name is read with its summary.
    var name: NameID
    /// The chunk's innermost exact variant, `.none` when it asks for none in particular.
    var variant: NameID
    /// The kind (2 bits), the component's weight (4), `isLastOfGroup` (1)
    /// and the leaf's rule, the link's child or the branch's `ChildLookup` (25).
    private var packed: UInt32

    private enum Kind: UInt32 {
      /// Not a simple chunk: tried from its `Chunk` and visited from its record.
      case unsummarised
      /// A simple leaf or a simple link (see the type's comment).
      case leaf, link
      /// A simple chunk at any other node: placed from the summary, visited from the record.
      case branch
    }
    private static let kindShift: UInt32 = 30
    private static let weightShift: UInt32 = 26
    private static let lastOfGroupBit: UInt32 = 1 << 25
    /// Rules and trie nodes from this one on are never summarised as a leaf
    /// or a link (only as a branch): the id shares 32 bits with the kind,
    /// the weight and `isLastOfGroup`.
    static let summarisedLimit = 1 << 25
    /// A branch's slot table or first child is kept here when it is below
    /// this (the table's size's log2 takes the other 5 bits); else the
    /// walk finds it in the record, with the same result.
    static let lookupLimit = 1 << 20
    private static let lookupShift = 20
    /// The log2 field of a branch whose lookup is in its record only.
    private static let lookupInRecord = 31

    /// Where a branch's children are looked up.
    enum ChildLookup: Equatable {
      /// A wide node's slot table.
      case slots(SlotTable)
      /// A narrow node's children, compared in place from the first.
      case scanned(firstChild: TrieNodeID)
      /// Not kept in the summary (beyond `lookupLimit`, or no branch).
      case inRecord
    }

    init(name: NameID = .none, variant: NameID) { (self.name, self.variant, packed) = (name, variant, 0) }

    /// A simple leaf's summary; nil when `rule` or `weight` do not fit.
    init?(variant: NameID, leafRule rule: RuleID, weight: UInt8) {
      guard let packed = Self.pack(.leaf, Int(rule.raw), weight) else { return nil }
      (name, self.variant, self.packed) = (.none, variant, packed)
    }

    /// A simple link's summary; nil when `child` or `weight` do not fit.
    init?(variant: NameID, linkedChild child: TrieNodeID, weight: UInt8) {
      guard let packed = Self.pack(.link, child.index, weight) else { return nil }
      (name, self.variant, self.packed) = (.none, variant, packed)
    }

    /// The summary of any other node with a simple chunk, with where its
    /// children are looked up when that fits; nil when `weight` does not fit.
    init?(variant: NameID, branchWeight weight: UInt8, children: ChildLookup) {
      guard let packed = Self.pack(.branch, Self.lookupID(children), weight) else { return nil }
      (name, self.variant, self.packed) = (.none, variant, packed)
    }

    /// A branch's summary with `children` as where its children are looked
    /// up (as far as that fits), the rest as it was.
    mutating func setBranchChildren(_ children: ChildLookup) {
      precondition(isBranch, "only a branch keeps where its children are looked up")
      packed = packed & ~(Self.lastOfGroupBit - 1) | UInt32(Self.lookupID(children))
    }

    /// The id that keeps `children`: `lookupInRecord` when it does not fit.
    private static func lookupID(_ children: ChildLookup) -> Int {
      switch children {
      case .slots(let table) where table.count > 0 && Int(table.first) < lookupLimit:
        return Int(table.log2) << lookupShift | Int(table.first)
      case .scanned(let child) where child.index >= 0 && child.index < lookupLimit:
        return child.index
      default:
        return lookupInRecord << lookupShift
      }
    }

    private static func pack(_ kind: Kind, _ id: Int, _ weight: UInt8) -> UInt32? {
      guard id >= 0 && id < summarisedLimit && weight < 16 else { return nil }
      return (kind.rawValue << kindShift) | (UInt32(weight) << weightShift) | UInt32(id)
    }

    /// Whether the chunk is simple: placed from `variant` and `weight`.
    var isSummarised: Bool { packed >> Self.kindShift != Kind.unsummarised.rawValue }
    /// Whether the child is a simple leaf (`leafRule` holds).
    var isSimpleLeaf: Bool { packed >> Self.kindShift == Kind.leaf.rawValue }
    /// Whether the child is a simple link (`linkedChild` holds).
    var isSimpleLink: Bool { packed >> Self.kindShift == Kind.link.rawValue }
    /// Whether the child is a branch (`branchChildren` holds).
    var isBranch: Bool { packed >> Self.kindShift == Kind.branch.rawValue }
    /// Whether trying the child needs its record: a branch's or an
    /// unsummarised child's is read, a simple leaf's or link's never.
    var needsRecord: Bool { !isSimpleLeaf && !isSimpleLink }
    var leafRule: RuleID { RuleID(id) }
    var linkedChild: TrieNodeID { TrieNodeID(id) }
    /// Where a branch's children are looked up, as far as kept here.
    var branchChildren: ChildLookup {
      guard isBranch else { return .inRecord }
      let (log2, first) = (id >> Self.lookupShift, id & (Self.lookupLimit - 1))
      switch log2 {
      case 0: return .scanned(firstChild: TrieNodeID(first))
      case Self.lookupInRecord: return .inRecord
      default: return .slots(SlotTable(log2: UInt32(log2), first: UInt32(first)))
      }
    }
    /// The leaf's rule, the link's child or where the branch's children are looked up.
    private var id: Int { Int(packed & (Self.lastOfGroupBit - 1)) }
    /// The chunk's component's weight.
    var weight: Int { Int((packed >> Self.weightShift) & 0xF) }

    /// Whether the next child of the same node has another innermost name
    /// (or is a pattern child, or there is none): the last child of a
    /// name's group, where trying the group stops. Any kind of summary.
    var isLastOfGroup: Bool { packed & Self.lastOfGroupBit != 0 }
    mutating func markLastOfGroup() { packed |= Self.lastOfGroupBit }
  }

  /// The literal children of one trie node whose chunk's innermost name is
  /// one name (a *group*), as a wide node's slot holds them: 16 bytes.
  /// The group runs from `firstChild` to the first child whose summary
  /// `isLastOfGroup`.
  struct ChildSlot {
    var firstChild: Int32
    /// `childSummaries[firstChild]`, copied: trying the group's first child
    /// reads no line besides the slot's. Its name is the group's,
    /// `.unknown` in an empty slot.
    var firstSummary: ChildSummary

    var name: NameID { firstSummary.name }

    /// The slot where the search for `name` starts, in a table of `count` slots.
    @inline(__always)
    static func home(_ name: NameID, count: Int32) -> Int {
      Int((UInt32(bitPattern: name.raw) &* 2_654_435_769) >> 16) & Int(count - 1)
    }
  }

  /// Plain buffers owned by the trie; see the type's comment.
  struct Tables {
    /// By trie node, and one more whose `firstTerminal` ends the last node's
    /// terminals.
    var records: UnsafeMutableBufferPointer<Record>
    /// The chunk of the edge into each trie node, by node (a root's is empty).
    var chunks: UnsafeMutableBufferPointer<Chunk>
    /// Each trie node's `ChildSummary`, by node, apart: a narrow node's
    /// children are compared with a name in a line or two, a child whose
    /// variant the node's component lacks is passed over, and a simple
    /// chunk is placed, without reading its chunk or record.
    var childSummaries: UnsafeMutableBufferPointer<ChildSummary>
    /// The components of chunks besides their innermost, by chunk (see `Chunk`).
    var outerComponents: UnsafeMutableBufferPointer<CompiledComponent>
    var terminals: UnsafeMutableBufferPointer<Terminal>
    /// (theme, token) → (root index in `roots`, unused), for literal tokens.
    var literalRoots: PairTable
    /// The slot tables of nodes with many literal edges, one after another.
    var childSlots: UnsafeMutableBufferPointer<ChildSlot>
    /// `globMatchesName[glob * nameCount + name]` is 1 when the glob matches
    /// that interned name, so a query calls `regexec` only for names no rule
    /// spells out; empty (`hasGlobTable` false) when it would be too large.
    var globMatchesName: UnsafeMutableBufferPointer<UInt8>
    /// The names, for looking up a node's.
    var names: NameLookup
    var roots: UnsafeMutableBufferPointer<Root>
    /// Roots whose token is `*` or a glob (indices into `roots`): few, tried on every query.
    var patternRoots: UnsafeMutableBufferPointer<Int32>
    var nameCount: Int
    var hasGlobTable: Bool
  }

  let names: NameTable
  let globs: [Glob]
  let roots: [Root]
  private let rootByNode: [TrieNodeID: Int]
  /// The trie node each rule ends at, by rule.
  let ruleNodes: [TrieNodeID]
  /// The most components any rule has.
  let longestRule: Int
  let tables: Tables

  /// A node with at most this many literal children has them compared with
  /// the node's names in place (a few cache lines); a wider one is looked
  /// up by name in its slots.
  static let scannedEdges = 8

  /// Largest glob × name table built; beyond it queries call `regexec`.
  static let maxGlobTable = 4_000_000

  init(
    names: NameTable, globs: [Glob], roots: [Root], ruleNodes: [TrieNodeID], longestRule: Int, tables: Tables
  ) {
    self.names = names
    self.globs = globs
    self.roots = roots
    rootByNode = Dictionary(uniqueKeysWithValues: roots.enumerated().map { ($0.element.node, $0.offset) })
    self.ruleNodes = ruleNodes
    self.longestRule = longestRule
    self.tables = tables
  }

  deinit {
    PageMemory.deallocate(tables.records)
    PageMemory.deallocate(tables.chunks)
    PageMemory.deallocate(tables.outerComponents)
    PageMemory.deallocate(tables.terminals)
    tables.literalRoots.deallocate()
    PageMemory.deallocate(tables.childSlots)
    PageMemory.deallocate(tables.childSummaries)
    PageMemory.deallocate(tables.globMatchesName)
    tables.names.deallocate()
    tables.roots.deallocate()
    tables.patternRoots.deallocate()
  }

  static func bit(_ name: NameID) -> UInt64 { 1 << UInt64(name.raw & 63) }

  /// The id of a theme or name, `.unknown` when no rule spells it.
  func nameID(_ name: String) -> NameID { tables.names.id(name) }

  /// Rules ending in `root`'s subtree, in no particular order.
  func rules(under root: Root) -> [RuleID] {
    let start = tables.records[root.node.index].node.firstTerminal
    let end = tables.records[root.end.index].node.firstTerminal
    return (Int(start)..<Int(end)).map { tables.terminals[$0].rule }
  }

  /// The root a rule hangs from: up its parents from its terminal.
  func root(of rule: RuleID) -> Root {
    var node = ruleNodes[rule.index]
    while let parent = parent(of: node) { node = parent }
    return roots[rootByNode[node]!]
  }

  /// The rule's entry at the trie node where it ends.
  func terminal(of rule: RuleID) -> Terminal {
    let node = ruleNodes[rule.index].index
    let terminals = Int(tables.records[node].node.firstTerminal)..<Int(tables.records[node + 1].node.firstTerminal)
    return tables.terminals[terminals.first { tables.terminals[$0].rule == rule }!]
  }

  /// The trie node `node` is a child of, nil for a root (for `explain`;
  /// no table holds it). Found from the node's root down: in a depth-first
  /// layout a node's children are consecutive and each child's descendants
  /// follow the descendants of the siblings before it, starting at its
  /// `firstChild` (set even when it has none), so below each node the way
  /// down is its last child whose descendants start at or before `node`.
  func parent(of node: TrieNodeID) -> TrieNodeID? {
    guard rootByNode[node] == nil else { return nil }
    // Roots are laid out one after another: the node's is the last that starts before it.
    var (low, high) = (0, roots.count)  // the root is in low..<high
    while high - low > 1 {
      let middle = (low + high) / 2
      if roots[middle].node.index <= node.index { low = middle } else { high = middle }
    }
    var current = roots[low].node.index
    while true {
      let record = tables.records[current].node
      let first = Int(record.firstChild)
      let end = first + Int(record.literalChildCount + record.patternChildCount)
      if (first..<end).contains(node.index) { return TrieNodeID(current) }
      var (below, above) = (first, end)  // the child to go down is in below..<above
      while above - below > 1 {
        let middle = (below + above) / 2
        if Int(tables.records[middle].node.firstChild) <= node.index { below = middle } else { above = middle }
      }
      current = below
    }
  }

  /// The rule's chunks, innermost first: up its parents from its terminal.
  func chunks(of rule: RuleID) -> [Chunk] {
    var chunks: [Chunk] = []
    var node = ruleNodes[rule.index]
    while let parent = parent(of: node) {
      chunks.append(tables.chunks[node.index])
      node = parent
    }
    return chunks.reversed()
  }
}
