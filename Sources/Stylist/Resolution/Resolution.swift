/// A selector that applies to a node, with its specificity there.
public struct Match: Hashable, Sendable {
  /// The rule.
  public var rule: StyleRule
  /// Its specificity on the node.
  public var specificity: Specificity
  /// Load position across all sheets; later wins ties.
  public var order: Int

  /// Whether the rule's selector names a theme.
  public var isThemed: Bool { rule.selector.theme != nil }
}

/// One selector that could style a node, as `explain` lists them
/// (``StyleEngine/rankedCandidates(for:)``): applicable, with its
/// specificity and rank, or not, with the reason.
public struct Candidate: Hashable, Sendable {
  /// The rule.
  public var rule: StyleRule
  /// The rule's load position (later wins a tie).
  public var order: Int
  /// Whether it applies (with its specificity) or why not.
  public var outcome: Outcome

  /// A candidate's result on the node.
  public enum Outcome: Hashable, Sendable {
    /// Applies; rank 1 is the winner.
    case applies(Specificity, rank: Int)
    case doesNotApply(MismatchReason)
  }
}

/// The answer for one node: the winning rule (or the default style) and the
/// properties that result, resolved under the theme the query ran under.
public struct Resolution: Hashable, Sendable {
  /// The node asked about; nil for a node given as text
  /// (``StyleEngine/bestMatch(parsing:)``), which the caller holds.
  public var node: NodeIdentifier?
  /// The theme the query ran under (the node's `@theme` wins over the engine's).
  public var theme: String?
  /// The winner; nil when nothing applies.
  public var match: Match?
  /// Whether the result is the sheet's `default` style.
  public var isDefault: Bool
  /// The winner's (or default's, or with cascade the merged) properties; nil
  /// when nothing applies and there is no default.
  public var properties: Properties?
  /// Where the properties come from: the winner's or the default's source.
  public var source: SourceLocation?

  /// An answer with these fields.
  public init(
    node: NodeIdentifier? = nil, theme: String? = nil, match: Match? = nil, isDefault: Bool = false,
    properties: Properties? = nil,
    source: SourceLocation? = nil
  ) {
    self.node = node
    self.theme = theme
    self.match = match
    self.isDefault = isDefault
    self.properties = properties
    self.source = source
  }

  /// Whether the node has a style (a winner or the default).
  public var isResolved: Bool { properties != nil }
}

/// Theme and precedence mode for one query: what the engine's settings and
/// the sheets' `mode:` come to.
struct QueryOptions: Hashable, Sendable {
  /// The theme to answer under (a node's `@theme` wins).
  var theme: String?
  /// How themed selectors rank (the precedence rules).
  var mode: PrecedenceMode

  init(theme: String? = nil, mode: PrecedenceMode = .themed) {
    self.theme = theme
    self.mode = mode
  }
}
