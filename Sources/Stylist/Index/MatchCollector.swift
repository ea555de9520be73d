/// Receives each rule that applies to a node, with its rank, as the trie
/// walk finds it (`TrieQuery.walk`).
protocol MatchCollector {
  mutating func collect(_ key: RankKey)
  /// Keeps a vector too long for a key's packed form; a key made with the
  /// returned position points to it (`RankKey(isThemed:order:spilled:at:)`).
  mutating func keep(spilled specificity: Specificity) -> Int
  /// Whether no rule whose vector starts with `prefix` (`count` packed
  /// entries; `count` 0 for a whole root) can be wanted any more: the walk
  /// then skips that trie node and everything under it.
  func excludes(isThemed: Bool, tokenWeight: UInt8, prefix: (UInt64, UInt64), count: Int) -> Bool
}

/// Keeps the rule that outranks all others (README: Precedence), and lets the walk
/// skip what cannot outrank it (branch and bound).
struct BestCollector: MatchCollector {
  let mode: PrecedenceMode
  private(set) var best: RankKey?
  /// The vectors of spilled keys found (rare: see `RankKey`).
  private(set) var spilled: [Specificity] = []

  init(mode: PrecedenceMode) { self.mode = mode }

  mutating func collect(_ key: RankKey) {
    if let best, !key.outranks(best, mode: mode, spilled: spilled) { return }
    best = key
  }

  mutating func keep(spilled specificity: Specificity) -> Int {
    spilled.append(specificity)
    return spilled.count - 1
  }

  /// A rule loses when, under `themed`, only the best is themed; or when
  /// its vector is smaller, which its prefix already decides when smaller
  /// on its own entries. Equal prefixes are kept: ties go to the later rule.
  func excludes(isThemed: Bool, tokenWeight: UInt8, prefix: (UInt64, UInt64), count: Int) -> Bool {
    guard let best else { return false }
    if mode == .themed && best.isThemed != isThemed { return best.isThemed }
    return best.beatsEveryExtension(tokenWeight: Int(tokenWeight), prefix: prefix, count: count)
  }
}

/// Keeps every applicable rule, in the order the walk finds them.
struct AllCollector: MatchCollector {
  /// What the walk found, in the order it found it. `StyleIndex.rank`
  /// swaps its caller's array in (emptied, its capacity kept) and back out.
  var found: [RankKey] = []
  /// The vectors of spilled keys found (rare: see `RankKey`).
  var spilled: [Specificity] = []

  mutating func collect(_ key: RankKey) { found.append(key) }

  mutating func keep(spilled specificity: Specificity) -> Int {
    spilled.append(specificity)
    return spilled.count - 1
  }

  func excludes(isThemed: Bool, tokenWeight: UInt8, prefix: (UInt64, UInt64), count: Int) -> Bool { false }
}
