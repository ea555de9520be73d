/// What `explain` says about a node, all from one snapshot of the sheets:
/// every selector that could style it, ranked or with the reason it does
/// not apply, the answer, and the mode the query ran under (the themes
/// are the answer's).
public struct Explanation: Hashable, Sendable {
  /// The applicable selectors best first, then the others in load order
  /// (``StyleEngine/rankedCandidates(for:)``).
  public var candidates: [Candidate]
  /// The node's answer (``StyleEngine/bestMatch(for:)``).
  public var answer: Resolution
  /// The precedence mode the candidates are ranked by.
  public var mode: PrecedenceMode

  /// An explanation with these parts.
  public init(candidates: [Candidate], answer: Resolution, mode: PrecedenceMode) {
    (self.candidates, self.answer, self.mode) = (candidates, answer, mode)
  }
}
