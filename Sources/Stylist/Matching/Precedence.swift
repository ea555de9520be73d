/// What decides between two applicable rules (docs/SHEETS.md: Precedence): how many
/// themes each names, its specificity on the node, and its load position.
///
/// The one place precedence is written: the index's queries keep their best
/// rule with it, and rankings sort by it.
///
/// A key is a plain value, so collecting and sorting keys copies bytes and
/// retains nothing: its vector's entries are a range of a list kept by
/// whoever collected the key (`RankedVectors`).
struct RankKey: Sendable {
  /// How many themes the rule's selector names.
  var themeCount: Int32
  var order: RuleID
  var tokenWeight: Int
  /// The node's depth, for the full vector.
  var depth: Int
  /// The vector's entries in the collector's list.
  var entries: Range<Int>

  /// The key's vector; `vectors` is the list of the query that found it.
  func specificity(in vectors: RankedVectors) -> Specificity {
    Specificity(tokenWeight: tokenWeight, placed: Array(vectors.entries[entries]), depth: depth)
  }

  /// Whether this rule, whose vector is `mine`, wins over `other`, whose
  /// vector is `theirs`, under `mode`.
  ///
  /// `themed`: the rule naming more themes wins (a themed rule beats every
  /// unthemed one), then the greater vector. `classic`: the greater vector
  /// wins, then the rule naming more themes. Still equal: the one defined later.
  func outranks<Mine: RandomAccessCollection<Specificity.Entry>, Theirs: RandomAccessCollection<Specificity.Entry>>(
    _ other: RankKey, mode: PrecedenceMode, mine: Mine, theirs: Theirs
  ) -> Bool where Mine.Index == Int, Theirs.Index == Int {
    if mode == .themed && themeCount != other.themeCount { return themeCount > other.themeCount }
    let comparison = Specificity.compare(mine, tokenWeight: tokenWeight, theirs, tokenWeight: other.tokenWeight)
    if comparison != 0 { return comparison > 0 }
    if mode == .classic && themeCount != other.themeCount { return themeCount > other.themeCount }
    return order > other.order
  }

  /// `outranks` for two keys whose entries are both in `vectors`.
  func outranks(_ other: RankKey, mode: PrecedenceMode, in vectors: RankedVectors) -> Bool {
    outranks(other, mode: mode, mine: vectors.entries[entries], theirs: vectors.entries[other.entries])
  }
}

/// The entries of the vectors of the keys one query found, one after
/// another (`RankKey.entries`).
struct RankedVectors: Sendable {
  var entries: [Specificity.Entry] = []

  /// Appends `vector`'s entries; returns where they are.
  mutating func append(_ vector: UnsafeBufferPointer<Specificity.Entry>) -> Range<Int> {
    let start = entries.count
    entries.append(contentsOf: vector)
    return start..<entries.count
  }
}
