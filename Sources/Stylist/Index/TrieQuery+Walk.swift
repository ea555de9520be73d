import CPrefetch

/// The walk: every rule that applies to the node, found depth first from
/// the roots of its token, the strongest candidates first.
///
/// The rule it keeps: a trie node's children are tried by the path index
/// their chunk's innermost component is placed at, nearest the token first,
/// and within one name the heaviest component first (the trie stores them
/// so). A stronger vector is found early, so `MatchCollector.excludes` can
/// cut whole subtrees, and, since every child tried later sits further out,
/// the rest of a trie node's literal children at once: a best match tries
/// few children beyond those on the winning rule's path.
/// Each trie node is reached at most once (through its one parent edge), and
/// the walk's path (`frames`) is never longer than the longest rule. A
/// child with a simple chunk is placed from its summary (`tryFromSummary`,
/// `RuleTrie.ChildSummary`): a simple leaf is tried without being reached,
/// a simple link is passed through to its one child, and the record of
/// either is never read. On reaching a trie node, or a branch's summary,
/// the walk starts loading what trying its children will read
/// (`prefetchChildren`, `tryFromSummary`), so that on a sheet larger than
/// the caches the misses of its names' lookups overlap with one another
/// and with the node's record.
extension TrieQuery {
  /// A trie node on the walk's path, with where its chunk was placed and
  /// how far its children have been tried.
  struct Frame {
    var node: TrieNodeID
    /// Node path index of the chunk's innermost component.
    var end: Int32
    /// Node path index of the chunk's outermost component: chunks further
    /// out must end before it. The node's depth for a root.
    var start: Int32
    /// Components placed from the root down to here.
    var placed: Int32
    /// The vector entries placed so far, packed as `Specificity` packs
    /// them; `isPacked` false when they do not fit that form.
    var prefix: (UInt64, UInt64)
    var isPacked: Bool
    /// The next path index whose name's literal children are tried (-1
    /// once none is left);
    var nextIndex: Int32
    /// the literal child `nextChild` (-1 for none) and those after it up
    /// to the last of its group (`ChildSummary.isLastOfGroup`), of the name
    /// found at `groupIndex`, not tried yet;
    var nextChild: Int32
    var groupIndex: Int32
    /// then the pattern children `nextPattern..<patternEnd`.
    var nextPattern: Int32
    var patternEnd: Int32
    /// A simple link reached from its summary: its one child is already
    /// set to be tried, and its record is never read.
    var isLink = false
    /// A branch reached from its summary, which started loading what
    /// trying its children reads first (`tryFromSummary`).
    var childrenLoading = false

    init(
      node: TrieNodeID, end: Int32, start: Int32, placed: Int32, prefix: (UInt64, UInt64), isPacked: Bool,
      patterns: Range<Int32>
    ) {
      (self.node, self.end, self.start, self.placed) = (node, end, start, placed)
      (self.prefix, self.isPacked) = (prefix, isPacked)
      (nextIndex, nextChild, groupIndex) = (start - 1, -1, 0)
      (nextPattern, patternEnd) = (patterns.lowerBound, patterns.upperBound)
    }
  }

  /// Walks every root that can apply.
  func walk<Collector: MatchCollector>(theme: NameID, into collector: inout Collector) {
    // Themed roots first: under `themed`, once a themed rule applies no
    // unthemed root needs walking.
    if theme.isInterned { walkRoots(theme: theme, into: &collector) }
    walkRoots(theme: .none, into: &collector)
  }

  /// The roots of the node's token and of `*` and glob tokens, under `theme` (`.none`: unthemed).
  private func walkRoots<Collector: MatchCollector>(theme: NameID, into collector: inout Collector) {
    if token.isInterned, let found = tables.literalRoots.lookup(PairTable.key(theme.raw, token.raw)) {
      walk(tables.roots[Int(found.first)], into: &collector)
    }
    for index in tables.patternRoots {
      let root = tables.roots[Int(index)]
      guard root.theme == theme, matchesToken(root.token) else { continue }
      walk(root, into: &collector)
    }
  }

  /// Depth first from `root`: see the extension's comment.
  private func walk<Collector: MatchCollector>(_ root: RuleTrie.Root, into collector: inout Collector) {
    if collector.excludes(isThemed: root.isThemed, tokenWeight: root.token.weight, prefix: (0, 0), count: 0) {
      return
    }
    frames[0] = Frame(
      node: root.node, end: -1, start: Int32(depth), placed: 0, prefix: (0, 0), isPacked: true,
      patterns: patternChildren(of: tables.records[root.node.index].node))
    prefetchChildren(of: frames[0])
    collectTerminals(at: 0, root, into: &collector)
    var top = 0
    while top >= 0 {
      if let child = nextChild(of: top, root, &collector) {
        top += 1
        frames[top] = child
        // A link ends no rule, and its child's loads have started.
        if !child.isLink {
          prefetchChildren(of: child)
          collectTerminals(at: top, root, into: &collector)
        }
      } else {
        top -= 1
      }
    }
  }

  /// Hands the rules that end at `frames[index]`'s trie node to the collector.
  private func collectTerminals<Collector: MatchCollector>(
    at index: Int, _ root: RuleTrie.Root, into collector: inout Collector
  ) {
    let frame = frames[index]
    let record = tables.records[frame.node.index]
    guard record.hasTerminals else { return }
    var next = Int(record.node.firstTerminal) + 1
    var terminal = record.firstTerminal
    while true {
      if !terminal.needsEmptyPath || depth == 0 {
        collect(terminal, at: index, root, into: &collector)
      }
      if terminal.isLastOfNode { return }
      terminal = tables.terminals[next]
      next += 1
    }
  }

  /// Hands one rule ending at `frames[index]`'s trie node to the collector.
  @inline(__always)
  private func collect<Collector: MatchCollector>(
    _ terminal: RuleTrie.Terminal, at index: Int, _ root: RuleTrie.Root, into collector: inout Collector
  ) {
    let frame = frames[index]
    if frame.isPacked {
      collector.collect(
        RankKey(
          isThemed: root.isThemed, order: terminal.rule, tokenWeight: Int(root.token.weight), depth: depth,
          packed: frame.prefix, count: Int(frame.placed)))
    } else {
      let specificity = specificity(of: index, tokenWeight: root.token.weight)
      let position = collector.keep(spilled: specificity)
      collector.collect(RankKey(isThemed: root.isThemed, order: terminal.rule, spilled: specificity, at: position))
    }
  }

  /// The next child of `frames[index]` that fits the path and that the
  /// collector still wants, or nil when none is left.
  private func nextChild<Collector: MatchCollector>(
    of index: Int, _ root: RuleTrie.Root, _ collector: inout Collector
  ) -> Frame? {
    let limit = Int(frames[index].start)
    while true {
      let child: Int
      let summary: RuleTrie.ChildSummary
      if frames[index].nextChild >= 0 {
        child = Int(frames[index].nextChild)
        summary = tables.childSummaries[child]
      } else if frames[index].nextIndex >= 0 {
        let at = Int(frames[index].nextIndex)
        frames[index].nextIndex -= 1
        let name = names[at]
        let node = tables.records[frames[index].node.index].node
        // Each name once, at its latest index below the limit.
        guard name.isInterned && Int(above[at]) >= limit && node.childNames & RuleTrie.bit(name) != 0 else {
          continue
        }
        if cannotBeat(placingAt: at, after: frames[index], root, collector) {
          frames[index].nextIndex = -1
          continue
        }
        guard let group = literalChildren(of: node, named: name) else { continue }
        prefetch(group)
        (child, summary) = (Int(group.firstChild), group.firstSummary)
        frames[index].groupIndex = Int32(at)
      } else if frames[index].nextPattern < frames[index].patternEnd {
        let child = Int(frames[index].nextPattern)
        frames[index].nextPattern += 1
        if let frame = frame(of: child, below: index, latest: limit - 1, sameName: false, root, collector) {
          return frame
        }
        continue
      } else {
        return nil
      }
      // A literal child of the group of the name found at `groupIndex`.
      frames[index].nextChild = summary.isLastOfGroup ? -1 : Int32(child + 1)
      // Where the node has the name once, the child's innermost component
      // can go only there: one asking for another variant cannot fit.
      let at = Int(frames[index].groupIndex)
      let variant = summary.variant
      if variant != .none && variant != variants[at] && below[at] < 0 { continue }
      if summary.isSummarised && frames[index].isPacked {
        switch tryFromSummary(summary, child: child, below: index, latest: at, root, into: &collector) {
        case .passedOver: continue
        case .visits(let frame): return frame
        case .needsChunk: break
        }
      }
      if let frame = frame(of: child, below: index, latest: at, sameName: true, root, collector) {
        return frame
      }
    }
  }

  /// Starts loading the node's terminals after the first (which is in its
  /// record) and what trying `frame`'s children reads first, so that the
  /// cache misses of a large trie overlap instead of following one
  /// another: for a wide node, the home slot of each name it has a child
  /// for (a prefetch, not a read: the walk stops at a name's slot until it
  /// arrives, and a best match often cuts the names after the first few);
  /// for a narrow node, its children's summaries and its first child's
  /// record. The children's loads start once: not again for a branch
  /// whose summary started them (`Frame.childrenLoading`).
  @inline(__always)
  private func prefetchChildren(of frame: Frame) {
    let record = tables.records[frame.node.index]
    let node = record.node
    if record.hasTerminals && !record.firstTerminal.isLastOfNode, let terminals = tables.terminals.baseAddress {
      stylist_prefetch(terminals + Int(node.firstTerminal) + 1)
    }
    if frame.childrenLoading { return }
    guard node.slotCount > 0 else {
      if node.literalChildCount + node.patternChildCount > 0 { prefetchScanned(from: Int(node.firstChild)) }
      return
    }
    prefetchSlots(node.slots, below: Int(frame.start), childNames: node.childNames)
  }

  /// Starts loading the home slot in `table` of each name at a path index
  /// below `end` that `childNames` may have (all of them for a branch
  /// reached from its summary: its `childNames` are in its record, not
  /// loaded yet).
  @inline(__always)
  private func prefetchSlots(_ table: RuleTrie.SlotTable, below end: Int, childNames: UInt64 = .max) {
    let slots = tables.childSlots.baseAddress! + Int(table.first)
    for at in 0..<end where childNames & RuleTrie.bit(names[at]) != 0 && names[at].isInterned {
      stylist_prefetch(slots + RuleTrie.ChildSlot.home(names[at], count: table.count))
    }
  }

  /// Starts loading what comparing a narrow node's children from `first`
  /// reads first: their summaries (names in them), and the first one's record.
  @inline(__always)
  private func prefetchScanned(from first: Int) {
    stylist_prefetch(tables.childSummaries.baseAddress! + first)
    stylist_prefetch(tables.records.baseAddress! + first)
  }

  /// Starts loading the record of a group's first child when trying it
  /// needs it (`ChildSummary.needsRecord`) and, when the group goes on,
  /// the summary of its second.
  @inline(__always)
  private func prefetch(_ group: RuleTrie.ChildSlot) {
    if group.firstSummary.needsRecord {
      stylist_prefetch(tables.records.baseAddress! + Int(group.firstChild))
    }
    if !group.firstSummary.isLastOfGroup {
      stylist_prefetch(tables.childSummaries.baseAddress! + Int(group.firstChild) + 1)
    }
  }

  /// Whether the collector wants nothing that places a component at path
  /// index `at` or further out after `frame`'s entries: even the heaviest
  /// component there would lose.
  @inline(__always)
  private func cannotBeat<Collector: MatchCollector>(
    placingAt at: Int, after frame: Frame, _ root: RuleTrie.Root, _ collector: Collector
  ) -> Bool {
    guard frame.isPacked,
      let packed = Specificity.packedBits(
        Specificity.Entry(position: depth - 1 - at, weight: Specificity.heaviestPackedWeight), at: Int(frame.placed))
    else { return false }
    var prefix = frame.prefix
    if packed.word == 0 { prefix.0 |= packed.bits } else { prefix.1 |= packed.bits }
    return collector.excludes(
      isThemed: root.isThemed, tokenWeight: root.token.weight, prefix: prefix, count: Int(frame.placed) + 1)
  }

  /// The group of `node`'s literal children whose chunk's innermost name
  /// is `name` (stored together), as its first child and that child's
  /// summary: by lookup in the node's slots when it has them (the slot
  /// holds both), else by comparing its few children's names in place.
  @inline(__always)
  private func literalChildren(of node: RuleTrie.Node, named name: NameID) -> RuleTrie.ChildSlot? {
    if node.slotCount > 0 {
      let mask = Int(node.slotCount) - 1
      var slot = RuleTrie.ChildSlot.home(name, count: node.slotCount)
      while true {
        let found = tables.childSlots[Int(node.firstSlot) + slot]
        if found.name == name { return found }
        if found.name == .unknown { return nil }
        slot = (slot + 1) & mask
      }
    }
    let end = node.firstChild + node.literalChildCount
    var first = node.firstChild
    while first < end && tables.childSummaries[Int(first)].name != name { first += 1 }
    guard first < end else { return nil }
    return RuleTrie.ChildSlot(firstChild: first, firstSummary: tables.childSummaries[Int(first)])
  }

  /// The frame of trie node `child` when its chunk can be placed below
  /// `frames[parent]`'s and the collector may still want what is under it.
  @inline(__always)
  private func frame<Collector: MatchCollector>(
    of child: Int, below parent: Int, latest: Int, sameName: Bool, _ root: RuleTrie.Root, _ collector: Collector
  ) -> Frame? {
    let chunk = tables.chunks[child]
    let from = frames[parent]
    guard let end = latestEnd(chunk, below: Int(from.start), from: latest, sameName: sameName) else { return nil }
    let start = end - Int(chunk.length) + 1
    var prefix = from.prefix
    var isPacked = from.isPacked
    // Component `offset` (outermost first) sits at `start + offset` and is
    // entry `placed + length - 1 - offset` of the vector.
    for offset in 0..<Int(chunk.length) where isPacked {
      let entry = Specificity.Entry(
        position: depth - 1 - (start + offset),
        weight: Int(component(offset, of: chunk).weight))
      if let packed = Specificity.packedBits(entry, at: Int(from.placed) + Int(chunk.length) - 1 - offset) {
        if packed.word == 0 { prefix.0 |= packed.bits } else { prefix.1 |= packed.bits }
      } else {
        isPacked = false
      }
    }
    let placed = from.placed + chunk.length
    if isPacked
      && collector.excludes(
        isThemed: root.isThemed, tokenWeight: root.token.weight, prefix: prefix, count: Int(placed))
    {
      return nil
    }
    return Frame(
      node: TrieNodeID(child), end: Int32(end), start: Int32(start), placed: placed, prefix: prefix,
      isPacked: isPacked, patterns: patternChildren(of: tables.records[child].node))
  }

  /// The trie nodes of `node`'s pattern children (after its literal ones).
  @inline(__always)
  private func patternChildren(of node: RuleTrie.Node) -> Range<Int32> {
    let first = node.firstChild + node.literalChildCount
    return first..<first + node.patternChildCount
  }

  /// What trying a summarised child (`RuleTrie.ChildSummary`) came to.
  enum SummaryTry {
    /// Nothing more to do: it did not fit, the collector wanted nothing
    /// from it, or (a leaf) its rule was handed over.
    case passedOver
    /// A branch or a link to visit, with its frame (a link's with its one
    /// child set as the only one left to try).
    case visits(Frame)
    /// The vector would not fit the packed form: the child is tried from
    /// its chunk as any other.
    case needsChunk
  }

  /// Tries `child` of `frames[parent]` (packed) from its summary: placed at
  /// the nearest index from `latest` out that has its variant (`latest`
  /// has its name), and, when the collector may want what it leads to, for
  /// a simple leaf its rule handed to the collector, for a branch its frame
  /// (from its record, its children's lookups starting to load first),
  /// and for a simple link its frame, with its child's
  /// name (read from the child's summary) found at its latest index
  /// further out (as the walk finds a name's group) and the child's record
  /// starting to load when trying the child will read it.
  /// All as visiting the child from its record would; a leaf's or a link's
  /// record is never read, nor loaded.
  ///
  /// Never inlined: the loop of `nextChild` stays small (the walk is
  /// sensitive to its code's size; docs/PERFORMANCE.md).
  @inline(never)
  private func tryFromSummary<Collector: MatchCollector>(
    _ summary: RuleTrie.ChildSummary, child: Int, below parent: Int, latest: Int, _ root: RuleTrie.Root,
    into collector: inout Collector
  ) -> SummaryTry {
    let from = frames[parent]
    var end = latest
    if summary.variant != .none {
      while end >= 0 && variants[end] != summary.variant { end = Int(below[end]) }
      guard end >= 0 else { return .passedOver }
    }
    let entry = Specificity.Entry(position: depth - 1 - end, weight: summary.weight)
    guard let packed = Specificity.packedBits(entry, at: Int(from.placed)) else { return .needsChunk }
    var prefix = from.prefix
    if packed.word == 0 { prefix.0 |= packed.bits } else { prefix.1 |= packed.bits }
    let placed = Int(from.placed) + 1
    if collector.excludes(isThemed: root.isThemed, tokenWeight: root.token.weight, prefix: prefix, count: placed) {
      return .passedOver
    }
    if summary.isSimpleLeaf {
      collector.collect(
        RankKey(
          isThemed: root.isThemed, order: summary.leafRule, tokenWeight: Int(root.token.weight), depth: depth,
          packed: prefix, count: placed))
      return .passedOver
    }
    let next = summary.linkedChild.index
    // Before the branch's record, so that the loads overlap.
    let childrenLoading: Bool
    switch summary.branchChildren {
    case .slots(let table):
      prefetchSlots(table, below: end)
      childrenLoading = true
    case .scanned(let first):
      prefetchScanned(from: first.index)
      childrenLoading = true
    case .inRecord: childrenLoading = false
    }
    var frame = Frame(
      node: TrieNodeID(child), end: Int32(end), start: Int32(end), placed: Int32(placed), prefix: prefix,
      isPacked: true,
      patterns: summary.isSimpleLink ? Int32(next)..<Int32(next) : patternChildren(of: tables.records[child].node))
    frame.childrenLoading = childrenLoading
    guard summary.isSimpleLink else { return .visits(frame) }
    frame.isLink = true
    frame.nextIndex = -1
    let linked = tables.childSummaries[next]
    if linked.needsRecord { stylist_prefetch(tables.records.baseAddress! + next) }
    let name = linked.name
    if name == .none {
      frame.patternEnd = Int32(next + 1)
      return .visits(frame)
    }
    var at = end - 1
    while at >= 0 && names[at] != name { at -= 1 }
    guard at >= 0 else { return .passedOver }
    (frame.nextChild, frame.groupIndex) = (Int32(next), Int32(at))
    return .visits(frame)
  }

  /// The vector of the placement that led to `frames[index]`: its chunks'
  /// components from the innermost, positions counted from the token.
  private func specificity(of index: Int, tokenWeight: UInt8) -> Specificity {
    let count = Int(frames[index].placed)
    for level in stride(from: index, to: 0, by: -1) {
      let frame = frames[level]
      let chunk = tables.chunks[frame.node.index]
      let start = Int(frame.end) - Int(chunk.length) + 1
      // Component `offset` of the chunk (outermost first) sits at `start + offset`;
      // the chunk's outermost is the outermost placed so far.
      for offset in 0..<Int(chunk.length) {
        let weight = component(offset, of: chunk).weight
        entries[Int(frame.placed) - 1 - offset] = Specificity.Entry(
          position: depth - 1 - (start + offset), weight: Int(weight))
      }
    }
    return Specificity(tokenWeight: Int(tokenWeight), depth: depth, count: count) { entries[$0] }
  }
}
