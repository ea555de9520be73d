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
/// the walk's path (`frames`) is never longer than the longest rule.
extension TrieQuery {
  /// A trie node on the walk's path, with where its chunk was placed and
  /// how far its children have been tried.
  struct Frame {
    var node: TrieNodeID
    /// Node path index of the chunk's outermost component: chunks further
    /// out must end before it. The node's depth for a root.
    var start: Int32
    /// Components placed from the root down to here: `entries[0..<placed]`.
    var placed: Int32
    /// The next path index whose name's literal children are tried (-1
    /// once none is left);
    var nextIndex: Int32
    /// the literal children `nextChild..<groupEnd`, of the name found at
    /// `groupIndex`, not tried yet;
    var nextChild: Int32
    var groupEnd: Int32
    var groupIndex: Int32
    /// then the pattern children `nextPattern..<patternEnd`.
    var nextPattern: Int32
    var patternEnd: Int32

    /// A frame for `node`, whose children are yet to be tried (a node
    /// without literal children tries no names).
    init(node: TrieNodeID, _ record: RuleTrie.Node, start: Int32, placed: Int32) {
      (self.node, self.start, self.placed) = (node, start, placed)
      (nextIndex, nextChild, groupEnd, groupIndex) = (record.literalChildCount > 0 ? start - 1 : -1, 0, 0, 0)
      let patterns = record.patternChildren
      (nextPattern, patternEnd) = (Int32(patterns.lowerBound), Int32(patterns.upperBound))
    }
  }

  /// Walks every root that can apply: those of `themeSets` (the sets
  /// whose themes are all current), then the unthemed ones.
  func walk<Collector: MatchCollector>(themeSets: [ThemeSetID], into collector: inout Collector) {
    // Sets of more themes first: under `themed`, once a rule naming n
    // themes applies, no root of fewer needs walking.
    for themeSet in themeSets { walkRoots(themeSet: themeSet, into: &collector) }
    walkRoots(themeSet: .none, into: &collector)
  }

  /// The roots of the node's token and of `*` and glob tokens, for `themeSet`.
  private func walkRoots<Collector: MatchCollector>(themeSet: ThemeSetID, into collector: inout Collector) {
    let roots = trie.roots(token: token)
    for index in roots.literal where tables.roots[index].themeSet == themeSet {
      walk(tables.roots[index], into: &collector)
    }
    for index in roots.patterns {
      let root = tables.roots[index]
      guard root.themeSet == themeSet, matchesToken(root.token) else { continue }
      walk(root, into: &collector)
    }
  }

  /// Depth first from `root`: see the extension's comment.
  private func walk<Collector: MatchCollector>(_ root: RuleTrie.Root, into collector: inout Collector) {
    if collector.excludes(themeCount: root.themeCount, tokenWeight: root.token.weight, prefix: vector(0)) { return }
    frames[0] = Frame(node: root.node, tables.nodes[root.node.index], start: Int32(depth), placed: 0)
    collectTerminals(at: 0, root, into: &collector)
    var top = 0
    while top >= 0 {
      if let child = nextChild(of: top, root, collector) {
        top += 1
        frames[top] = child
        collectTerminals(at: top, root, into: &collector)
      } else {
        top -= 1
      }
    }
  }

  /// The first `count` entries of the vector on the walk's path.
  @inline(__always)
  private func vector(_ count: Int) -> UnsafeBufferPointer<Specificity.Entry> {
    UnsafeBufferPointer(rebasing: entries[0..<count])
  }

  /// Hands the rules that end at `frames[index]`'s trie node to the collector.
  private func collectTerminals<Collector: MatchCollector>(
    at index: Int, _ root: RuleTrie.Root, into collector: inout Collector
  ) {
    let frame = frames[index]
    let node = tables.nodes[frame.node.index]
    for terminal in tables.terminals[Int(node.firstTerminal)..<Int(node.firstTerminal + node.terminalCount)]
    where !terminal.needsEmptyPath || depth == 0 {
      let key = RankKey(
        themeCount: root.themeCount, order: terminal.rule, tokenWeight: Int(root.token.weight), depth: depth,
        entries: 0..<0)
      collector.collect(key, vector: vector(Int(frame.placed)))
    }
  }

  /// The next child of `frames[index]` that fits the path and that the
  /// collector still wants, or nil when none is left.
  private func nextChild<Collector: MatchCollector>(
    of index: Int, _ root: RuleTrie.Root, _ collector: Collector
  ) -> Frame? {
    let limit = Int(frames[index].start)
    while true {
      if frames[index].nextChild < frames[index].groupEnd {
        // A literal child of the group of the name found at `groupIndex`.
        let child = Int(frames[index].nextChild)
        frames[index].nextChild += 1
        let at = Int(frames[index].groupIndex)
        // Where the node has the name once, the child's innermost component
        // can go only there: one asking for another variant cannot fit.
        let variant = tables.nodes[child].chunk.innermost.exactVariant
        if variant != .none && variant != variants[at] && below[at] < 0 { continue }
        if let frame = frame(of: child, below: index, latest: at, sameName: true, root, collector) { return frame }
      } else if frames[index].nextIndex >= 0 {
        let at = Int(frames[index].nextIndex)
        frames[index].nextIndex -= 1
        let name = names[at]
        let node = tables.nodes[frames[index].node.index]
        // Each name once, at its latest index below the limit.
        guard name.isInterned && Int(above[at]) >= limit else { continue }
        if cannotBeat(placingAt: at, after: frames[index], root, collector) {
          frames[index].nextIndex = -1
          continue
        }
        guard let group = literalChildren(of: node, named: name) else { continue }
        (frames[index].nextChild, frames[index].groupEnd) = (group.lowerBound, group.upperBound)
        frames[index].groupIndex = Int32(at)
      } else if frames[index].nextPattern < frames[index].patternEnd {
        let child = Int(frames[index].nextPattern)
        frames[index].nextPattern += 1
        if let frame = frame(of: child, below: index, latest: limit - 1, sameName: false, root, collector) {
          return frame
        }
      } else {
        return nil
      }
    }
  }

  /// Whether the collector wants nothing that places a component at path
  /// index `at` or further out after `frame`'s entries: even the heaviest
  /// component there would lose.
  @inline(__always)
  private func cannotBeat<Collector: MatchCollector>(
    placingAt at: Int, after frame: Frame, _ root: RuleTrie.Root, _ collector: Collector
  ) -> Bool {
    let placed = Int(frame.placed)
    entries[placed] = .heaviest(at: depth - 1 - at)
    return collector.excludes(themeCount: root.themeCount, tokenWeight: root.token.weight, prefix: vector(placed + 1))
  }

  /// The group of `node`'s literal children whose chunk's innermost name
  /// is `name`, by binary search, since they are sorted by name.
  @inline(__always)
  private func literalChildren(of node: RuleTrie.Node, named name: NameID) -> Range<Int32>? {
    var (low, high) = (Int(node.firstChild), Int(node.firstChild + node.literalChildCount))
    while low < high {  // the group starts in low...high
      let middle = (low + high) / 2
      if tables.nodes[middle].chunk.innermost.literalName.raw < name.raw { low = middle + 1 } else { high = middle }
    }
    var end = low
    while end < node.literalChildren.upperBound && tables.nodes[end].chunk.innermost.literalName == name { end += 1 }
    return end > low ? Int32(low)..<Int32(end) : nil
  }

  /// The frame of trie node `child` when its chunk can be placed below
  /// `frames[parent]`'s and the collector may still want what is under it;
  /// its entries written after the parent's.
  @inline(__always)
  private func frame<Collector: MatchCollector>(
    of child: Int, below parent: Int, latest: Int, sameName: Bool, _ root: RuleTrie.Root, _ collector: Collector
  ) -> Frame? {
    let node = tables.nodes[child]
    let chunk = node.chunk
    let from = frames[parent]
    guard let end = latestEnd(chunk, below: Int(from.start), from: latest, sameName: sameName) else { return nil }
    let length = Int(chunk.length)
    let start = end - length + 1
    // Component `offset` (outermost first) sits at `start + offset` and is
    // entry `placed + length - 1 - offset` of the vector.
    for offset in 0..<length {
      entries[Int(from.placed) + length - 1 - offset] = Specificity.Entry(
        position: depth - 1 - (start + offset), weight: Int(component(offset, of: chunk).weight))
    }
    let placed = Int(from.placed) + length
    if collector.excludes(themeCount: root.themeCount, tokenWeight: root.token.weight, prefix: vector(placed)) {
      return nil
    }
    return Frame(node: TrieNodeID(child), node, start: Int32(start), placed: Int32(placed))
  }
}
