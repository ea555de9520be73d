/// Receives each rule that applies to a node, with its rank, as the trie
/// walk finds it (`TrieQuery.walk`).
protocol MatchCollector {
  /// A rule that applies: its key (`entries` not set yet) and its vector.
  mutating func collect(_ key: RankKey, vector: UnsafeBufferPointer<Specificity.Entry>)
  /// Whether no rule whose vector starts with `prefix` (empty for a whole
  /// root) can be wanted any more: the walk then skips that trie node and
  /// everything under it.
  func excludes(themeCount: Int32, tokenWeight: UInt8, prefix: UnsafeBufferPointer<Specificity.Entry>) -> Bool
}

/// Keeps the rule that outranks all others (docs/SHEETS.md: Precedence), and lets the walk
/// skip what cannot outrank it (branch and bound).
struct BestCollector: MatchCollector {
  let mode: PrecedenceMode
  private(set) var best: RankKey?
  /// The best's vector is `storage[best.entries]`: lent by the query, room
  /// for the longest rule's (`RuleTrie.best`).
  private let storage: UnsafeMutableBufferPointer<Specificity.Entry>

  init(mode: PrecedenceMode, storage: UnsafeMutableBufferPointer<Specificity.Entry>) {
    (self.mode, self.storage) = (mode, storage)
  }

  /// The best's vector.
  var bestVector: UnsafeMutableBufferPointer<Specificity.Entry>.SubSequence { storage[best?.entries ?? 0..<0] }

  mutating func collect(_ key: RankKey, vector: UnsafeBufferPointer<Specificity.Entry>) {
    if let best, !key.outranks(best, mode: mode, mine: vector, theirs: bestVector) { return }
    var key = key
    _ = storage.update(fromContentsOf: vector)
    key.entries = 0..<vector.count
    best = key
  }

  /// A rule loses when, under `themed`, it names fewer themes than the
  /// best; or when its vector is smaller, which its prefix already decides
  /// when smaller on its own entries. Equal prefixes are kept: ties go to
  /// the later rule.
  func excludes(themeCount: Int32, tokenWeight: UInt8, prefix: UnsafeBufferPointer<Specificity.Entry>) -> Bool {
    guard let best else { return false }
    if mode == .themed && best.themeCount != themeCount { return best.themeCount > themeCount }
    return Specificity.beatsEveryExtension(
      bestVector, tokenWeight: best.tokenWeight, prefix: prefix, prefixTokenWeight: Int(tokenWeight))
  }
}

/// Keeps every applicable rule, in the order the walk finds them.
struct AllCollector: MatchCollector {
  var found: [RankKey] = []
  var vectors = RankedVectors()

  mutating func collect(_ key: RankKey, vector: UnsafeBufferPointer<Specificity.Entry>) {
    var key = key
    key.entries = vectors.append(vector)
    found.append(key)
  }

  func excludes(themeCount: Int32, tokenWeight: UInt8, prefix: UnsafeBufferPointer<Specificity.Entry>) -> Bool {
    false
  }
}
