/// What decides between two applicable rules (README: Precedence): whether each is
/// themed, its specificity on the node, and its load position.
///
/// The one place precedence is written: the index's queries keep their best
/// rule with it, and rankings sort by it.
///
/// Trivially copyable, so that collecting and sorting keys copies bytes
/// and retains nothing (a cascade ranks six or so per node): the vector is
/// held packed, as `Specificity` packs it. A vector too long for that form
/// (more than eight placed components, or a node thousands deep) is kept
/// by whoever collected the key, in a list of spilled vectors the key
/// points into (`spill`); comparing such keys takes that list.
struct RankKey: Sendable {
  var isThemed: Bool
  var order: RuleID
  private var tokenWeight: Int
  /// The node's depth, for the full vector.
  private var depth: Int
  private var packed: (UInt64, UInt64)
  private var count: Int
  /// The vector's position in the spilled list, or -1 when it is packed here.
  private var spill: Int

  /// A key whose vector is in its packed form.
  init(isThemed: Bool, order: RuleID, tokenWeight: Int, depth: Int, packed: (UInt64, UInt64), count: Int) {
    (self.isThemed, self.order, self.tokenWeight, self.depth) = (isThemed, order, tokenWeight, depth)
    (self.packed, self.count, spill) = (packed, count, -1)
  }

  /// A key whose vector, `specificity`, is kept at `position` of the
  /// collector's spilled list.
  init(isThemed: Bool, order: RuleID, spilled specificity: Specificity, at position: Int) {
    (self.isThemed, self.order, tokenWeight, depth) = (isThemed, order, specificity.tokenWeight, specificity.depth)
    (packed, count, spill) = ((0, 0), 0, position)
  }

  /// The key's vector; `spilled` is the list of the query that found it.
  func specificity(in spilled: [Specificity]) -> Specificity {
    spill >= 0 ? spilled[spill] : Specificity(tokenWeight: tokenWeight, depth: depth, packed: packed, count: count)
  }

  /// Whether this rule wins over `other` under `mode`; `spilled` holds the
  /// vectors either key keeps there.
  ///
  /// `themed`: a themed rule beats every unthemed one, then the greater
  /// vector wins. `classic`: the greater vector wins, and on equal vectors
  /// a themed rule. Still equal: the one defined later.
  func outranks(_ other: RankKey, mode: PrecedenceMode, spilled: [Specificity]) -> Bool {
    if mode == .themed && isThemed != other.isThemed { return isThemed }
    if spill < 0 && other.spill < 0 {
      let comparison = Specificity.comparePacked(
        packed, tokenWeight: tokenWeight, other.packed, tokenWeight: other.tokenWeight)
      if comparison != 0 { return comparison > 0 }
    } else {
      let (mine, theirs) = (specificity(in: spilled), other.specificity(in: spilled))
      if mine != theirs { return mine > theirs }
    }
    if mode == .classic && isThemed != other.isThemed { return isThemed }
    return order > other.order
  }

  /// `Specificity.packedBeatsEveryExtension` of the key's vector; a spilled
  /// one beats the extensions only on the token's weight (it prunes nothing).
  func beatsEveryExtension(tokenWeight prefixTokenWeight: Int, prefix: (UInt64, UInt64), count: Int) -> Bool {
    guard spill < 0 else { return tokenWeight > prefixTokenWeight }
    return Specificity.packedBeatsEveryExtension(
      packed, tokenWeight: tokenWeight, prefix: prefix, prefixTokenWeight: prefixTokenWeight, count: count)
  }
}
