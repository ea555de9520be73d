/// Which styles an app's nodes use (`stylist coverage`): for every style,
/// in load order, the answers it won and those it applied in; the styles
/// that won nothing, with the reason; and the nodes no selector applied to.
///
/// Counted from the engine's one ranking (the one `cascade` uses), so a
/// style counts as winning exactly where ``StyleEngine/bestMatch(for:)``
/// answers with it.
public struct UsageReport: Hashable, Sendable {
  /// How one style was used.
  public struct StyleUsage: Hashable, Sendable {
    /// The selector as registered (group path and `@theme` in front).
    public var selector: String
    /// Where the style is defined, when it comes from a file.
    public var source: SourceLocation?
    /// Answers the style won.
    public var wins: Int
    /// Answers in which it applied, won or not.
    public var applies: Int

    /// A style's counts.
    public init(selector: String, source: SourceLocation?, wins: Int, applies: Int) {
      (self.selector, self.source, self.wins, self.applies) = (selector, source, wins, applies)
    }
  }

  /// A style that won no answer.
  public struct UnusedStyle: Hashable, Sendable {
    /// Why a style won nothing.
    public enum Reason: String, Hashable, Sendable, CaseIterable {
      /// It applied to no node: nothing the app shows is styled by it.
      case neverApplies = "never-applies"
      /// It applied, and a stronger style won every time.
      case alwaysBeaten = "always-beaten"
    }

    /// The selector as registered.
    public var selector: String
    /// Where the style is defined, when it comes from a file.
    public var source: SourceLocation?
    /// Why it won nothing.
    public var reason: Reason
    /// For ``Reason/alwaysBeaten``, the selector that beat it most often
    /// (of several as often, the one defined first); nil for ``Reason/neverApplies``.
    public var beatenBy: String?

    /// An unused style and why.
    public init(selector: String, source: SourceLocation?, reason: Reason, beatenBy: String?) {
      (self.selector, self.source, self.reason, self.beatenBy) = (selector, source, reason, beatenBy)
    }
  }

  /// Nodes counted.
  public var nodes: Int
  /// Answers counted: every node once under each set of themes asked for.
  public var answers: Int
  /// Every style, in load order (a selector defined again counts once, as
  /// its last definition, the one queries see).
  public var styles: [StyleUsage]
  /// The styles that won nothing, in load order.
  public var unused: [UnusedStyle]
  /// The nodes to which no selector applied in some answer (answered by
  /// the default style, or by nothing), each once, in input order.
  public var defaultOnly: [String]

  /// A report of these counts.
  public init(nodes: Int, answers: Int, styles: [StyleUsage], unused: [UnusedStyle], defaultOnly: [String]) {
    (self.nodes, self.answers, self.styles, self.unused, self.defaultOnly) =
      (nodes, answers, styles, unused, defaultOnly)
  }

  /// Whether every style won at least once (the CI gate: no dead styles).
  public var everyStyleIsUsed: Bool { unused.isEmpty }
}

/// Which current themes a usage report counts answers under.
public enum UsageThemes: Hashable, Sendable {
  /// The engine's themes (a node's `@` parts replace them on their axes,
  /// defaults fill the others): one answer a node.
  case current
  /// Every set of current themes a query can have (per axis each of its
  /// themes, or none when it has no default; the engine's themes stay on
  /// their axes): one answer a node and set.
  case eachSet
}

/// Why a usage report cannot be made.
public enum UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The axes give more sets of themes than ``UsageCounter/maxThemeSets``
  /// (`--each-theme` answers every node under each).
  case tooManyThemeSets(limit: Int)

  /// The message, for people.
  public var description: String {
    switch self {
    case .tooManyThemeSets(let limit):
      "the axes give more than \(limit) sets of current themes; name a theme on some axes to fix them"
    }
  }
}
