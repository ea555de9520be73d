/// What decides between two applicable rules (README: Precedence): whether each is
/// themed, its specificity on the node, and its load position.
///
/// The one place precedence is written: the index's queries keep their best
/// rule with it, and rankings sort by it.
struct RankKey: Sendable {
  var isThemed: Bool
  var specificity: Specificity
  var order: RuleID

  /// Whether this rule wins over `other` under `mode`.
  ///
  /// `themed`: a themed rule beats every unthemed one, then the greater
  /// vector wins. `classic`: the greater vector wins, and on equal vectors
  /// a themed rule. Still equal: the one defined later.
  func outranks(_ other: RankKey, mode: PrecedenceMode) -> Bool {
    if mode == .themed && isThemed != other.isThemed { return isThemed }
    if specificity != other.specificity { return specificity > other.specificity }
    if mode == .classic && isThemed != other.isThemed { return isThemed }
    return order > other.order
  }
}
