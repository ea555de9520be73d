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
  /// Where the properties come from: the winner's or the default's source.
  public var source: SourceLocation?
  /// The properties of a best match, or of the default style.
  private var ownProperties: Properties?
  /// With cascade, the applicable rules, merged when read.
  private(set) var cascaded: CascadedRules?

  /// The winner's (or default's) properties, or with cascade every
  /// applicable rule's merged weakest first; nil when nothing applies and
  /// there is no default. A cascade's are merged each time they are read.
  public var properties: Properties? {
    get { cascaded?.merged ?? ownProperties }
    set {
      cascaded = nil
      ownProperties = newValue
    }
  }

  /// An answer with these fields.
  public init(
    node: NodeIdentifier? = nil, theme: String? = nil, match: Match? = nil, isDefault: Bool = false,
    properties: Properties? = nil, source: SourceLocation? = nil
  ) {
    self.node = node
    self.theme = theme
    self.match = match
    self.isDefault = isDefault
    self.ownProperties = properties
    self.source = source
  }

  /// A cascade's answer: `winner` is the strongest of `rules`.
  init(theme: String?, winner: Match, cascaded: CascadedRules) {
    self.init(theme: theme, match: winner, source: winner.rule.source)
    self.cascaded = cascaded
  }

  /// Whether the node has a style (a winner or the default).
  public var isResolved: Bool { cascaded != nil || ownProperties != nil }

  /// Answers are equal when what they say is: node, theme, winner, default,
  /// properties and source.
  public static func == (lhs: Resolution, rhs: Resolution) -> Bool {
    lhs.node == rhs.node && lhs.theme == rhs.theme && lhs.match == rhs.match && lhs.isDefault == rhs.isDefault
      && lhs.source == rhs.source && lhs.properties == rhs.properties
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(node)
    hasher.combine(theme)
    hasher.combine(match)
    hasher.combine(isDefault)
    hasher.combine(source)
    hasher.combine(properties)
  }
}

/// The rules a cascade applies, strongest first, and the theme their
/// values resolve under: what its properties are merged from.
struct CascadedRules: Sendable {
  /// The snapshot's rules (one reference, not a copy).
  let rules: [StyleRule]
  /// The applicable rules' load positions, strongest first.
  let orders: [Int]
  let theme: String?

  /// Weakest first (CSS-like): a stronger rule's property replaces a weaker
  /// one's of the same name, where the name first appeared.
  var merged: Properties {
    var merged = Properties()
    for order in orders.reversed() {
      for (name, value) in rules[order].properties(underTheme: theme) { merged[name] = value }
    }
    return merged
  }
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
