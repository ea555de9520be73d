/// Why a rule does not apply, in the index's terms (`MismatchReason` names
/// the selector's component).
enum CompiledMismatch: Equatable {
  case theme
  case token
  case directChild
  /// The selector component (outermost first) that no node component has.
  case missingComponent(Int)
  /// The selector component whose name the node has, never with its variant.
  case variant(Int)
  case order
}

extension TrieQuery {
  /// Why `rule` does not apply to the node under the current `themes`, or nil when it
  /// does (`explain`). Checked in this order: theme, token, a `>`
  /// constraint (it would apply without), a component no node component
  /// matches (by name, else by variant), and otherwise the order.
  ///
  /// Places the rule's chunks with `latestEnd`, as the walk does.
  func mismatch(of rule: RuleID, themes: [NameID]) -> CompiledMismatch? {
    let root = trie.root(of: rule)
    if !trie.themeSets[root.themeSet.index].allSatisfy(themes.contains) { return .theme }
    if !matchesToken(root.token) { return .token }
    let chunks = trie.chunks(of: rule)
    let needsEmptyPath = trie.terminal(of: rule).needsEmptyPath
    if !needsEmptyPath || depth == 0, place(chunks) { return nil }
    // Outermost component first, each alone and unanchored.
    let components = chunks.reversed().flatMap { chunk in (0..<Int(chunk.length)).map { component($0, of: chunk) } }
    let alone = components.reversed().map {
      RuleTrie.Chunk(innermost: $0, firstOuter: 0, length: 1, anchoring: [])
    }
    if place(alone) { return .directChild }
    for (index, component) in components.enumerated() {
      if (0..<depth).contains(where: { matches(component, at: $0) }) { continue }
      if (0..<depth).contains(where: { matchesName(component, at: $0) }) { return .variant(index) }
      return .missingComponent(index)
    }
    return .order
  }

  /// Whether the chunks, innermost first, can all be placed.
  private func place(_ chunks: [RuleTrie.Chunk]) -> Bool {
    var limit = depth
    for chunk in chunks {
      guard let end = latestEnd(chunk, below: limit, from: limit - 1, sameName: false) else { return false }
      limit = end - Int(chunk.length) + 1
    }
    return true
  }
}
