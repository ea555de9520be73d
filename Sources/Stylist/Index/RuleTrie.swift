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
/// below where the chunk before it was placed (`TrieQuery.latestEnd`). A
/// node's children whose chunk ends in a literal name are grouped by that
/// name, and a query asks a node only for the groups of names the node's
/// path has: with a fixed vocabulary, the trie nodes a query visits are
/// bounded by the prefixes of selectors that apply to it, not by the size
/// of the sheet.
///
/// The layout: every trie node is one `Node` in one table, each root's
/// tree numbered depth first, one root after another, so a node's children
/// are consecutive and a subtree is a range. A node holds the chunk of the
/// edge into it and where its children and terminals are. Its literal
/// children are sorted by their innermost name: a name's group is found by
/// binary search. The tables are written in `init` only; a query reads
/// them through a trivial value and allocates nothing on the heap.
///
/// `@unchecked Sendable`: read-only after `init`.
final class RuleTrie: @unchecked Sendable {
  /// One `>` chunk of a selector's components: the edge into a trie node.
  struct Chunk {
    /// The innermost component, in place: most chunks have no other.
    var innermost: CompiledComponent
    /// The others, outermost first: `outerComponents[firstOuter..<firstOuter + length - 1]`.
    var firstOuter: Int32
    /// Components in all; 0 for a root's (empty) chunk.
    var length: Int32
    var anchoring: ChunkAnchoring
  }

  /// A trie node: the edge into it and where everything below it is.
  struct Node {
    var chunk: Chunk
    /// Children are consecutive nodes: `firstChild..<+literalChildCount`
    /// have a literal innermost name (sorted by it, the heaviest innermost
    /// component first within a name), the next `patternChildCount` have
    /// `*` or a glob there.
    var firstChild: Int32
    var literalChildCount: Int32
    var patternChildCount: Int32
    /// The rules that end here: `terminals[firstTerminal..<+terminalCount]`.
    var firstTerminal: Int32
    var terminalCount: Int32

    var literalChildren: Range<Int> { Int(firstChild)..<Int(firstChild + literalChildCount) }
    var patternChildren: Range<Int> {
      Int(firstChild + literalChildCount)..<Int(firstChild + literalChildCount + patternChildCount)
    }
  }

  /// A rule that ends at a trie node.
  struct Terminal {
    var rule: RuleID
    /// `>token` with no path component: applies only to nodes without a path.
    var needsEmptyPath: Bool
  }

  struct Root {
    var themeSet: ThemeSetID
    /// How many themes the set has: what precedence compares first (`themed`) or last (`classic`).
    var themeCount: Int32
    var token: CompiledToken
    var node: TrieNodeID
    /// One past the last trie node of this root's tree.
    var end: TrieNodeID
  }

  /// The flat tables a query reads, owned by the trie.
  struct Tables {
    var nodes: UnsafeMutableBufferPointer<Node>
    /// The components of chunks besides their innermost (see `Chunk`).
    var outerComponents: UnsafeMutableBufferPointer<CompiledComponent>
    var terminals: UnsafeMutableBufferPointer<Terminal>
    /// Literal tokens' roots first, by token then theme, then the roots
    /// of `*` and glob tokens (few, tried on every query).
    var roots: UnsafeMutableBufferPointer<Root>
    /// The roots of literal token `t` are `roots[tokenRoots[t]..<tokenRoots[t + 1]]`;
    /// the pattern roots start at `tokenRoots[names.count]`.
    var tokenRoots: UnsafeMutableBufferPointer<Int32>
  }

  let names: NameTable
  let globs: [Glob]
  /// The sets of themes rules name, by `ThemeSetID` (the first is empty),
  /// each sorted by id.
  let themeSets: [[NameID]]
  /// The non-empty sets, those of more themes first: the order a query
  /// walks their roots in.
  let themeSetsByCount: [ThemeSetID]
  /// The trie node each rule ends at, by rule.
  let ruleNodes: [TrieNodeID]
  /// The parent of each trie node (itself for a root), for `explain`.
  let parents: [TrieNodeID]
  /// The most components any rule has.
  let longestRule: Int
  let tables: Tables

  /// Ids, counts and offsets are 32 bits: a sheet that would need more
  /// traps with a message (`RuleTrie.init`). No sheet within the default
  /// 64 MiB file limit comes near: each component takes bytes to write.
  static let maxCount = Int(Int32.max)

  init(
    names: NameTable, globs: [Glob], themeSets: [[NameID]], ruleNodes: [TrieNodeID], parents: [TrieNodeID],
    longestRule: Int, tables: Tables
  ) {
    (self.names, self.globs, self.ruleNodes) = (names, globs, ruleNodes)
    self.themeSets = themeSets
    themeSetsByCount = themeSets.indices.dropFirst().sorted { themeSets[$0].count > themeSets[$1].count }.map {
      ThemeSetID($0)
    }
    (self.parents, self.longestRule, self.tables) = (parents, longestRule, tables)
  }

  deinit {
    tables.nodes.deallocate()
    tables.roots.deallocate()
    tables.tokenRoots.deallocate()
    tables.outerComponents.deallocate()
    tables.terminals.deallocate()
  }

  var roots: UnsafeMutableBufferPointer<Root> { tables.roots }

  /// The roots a node's token `token` can match: its own (under any
  /// theme), then those of `*` and glob tokens.
  func roots(token: NameID) -> (literal: Range<Int>, patterns: Range<Int>) {
    let patterns = Int(tables.tokenRoots[names.count])..<roots.count
    guard token.isInterned else { return (0..<0, patterns) }
    return (Int(tables.tokenRoots[token.index])..<Int(tables.tokenRoots[token.index + 1]), patterns)
  }

  /// The id of a theme or name, `.unknown` when no rule spells it.
  func nameID(_ name: String) -> NameID { names.id(name) }

  /// Rules ending in `root`'s subtree, in no particular order.
  func rules(under root: Root) -> [RuleID] {
    let start = Int(tables.nodes[root.node.index].firstTerminal)
    let end =
      root.end.index < tables.nodes.count ? Int(tables.nodes[root.end.index].firstTerminal) : tables.terminals.count
    return (start..<end).map { tables.terminals[$0].rule }
  }

  /// The root a rule hangs from: up its parents from its terminal.
  func root(of rule: RuleID) -> Root {
    var node = ruleNodes[rule.index]
    while parents[node.index] != node { node = parents[node.index] }
    return roots.first { $0.node == node }!
  }

  /// The rule's entry at the trie node where it ends.
  func terminal(of rule: RuleID) -> Terminal {
    let node = tables.nodes[ruleNodes[rule.index].index]
    let terminals = Int(node.firstTerminal)..<Int(node.firstTerminal + node.terminalCount)
    return tables.terminals[terminals.first { tables.terminals[$0].rule == rule }!]
  }

  /// The rule's chunks, innermost first: up its parents from its terminal.
  func chunks(of rule: RuleID) -> [Chunk] {
    var chunks: [Chunk] = []
    var node = ruleNodes[rule.index]
    while parents[node.index] != node {
      chunks.append(tables.nodes[node.index].chunk)
      node = parents[node.index]
    }
    return chunks.reversed()
  }
}
