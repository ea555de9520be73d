/// A selector that applies to a node, with its specificity there.
public struct Match: Hashable, Sendable {
  /// The rule.
  public var rule: StyleRule
  /// Its specificity on the node.
  public var specificity: Specificity
  /// Load position across all sheets; later wins ties.
  public var order: Int

  /// Whether the rule's selector names a theme.
  public var isThemed: Bool { !rule.selector.themes.isEmpty }
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
  /// The node asked about, however it was given (an identifier or text);
  /// nil only for an answer made by hand.
  public var node: NodeIdentifier?
  /// The themes the query ran under, in axis order: the engine's, with a
  /// node's `@theme` parts replacing them on their axes, and axis defaults.
  public var themes: [String]
  /// The theme the query ran under when it had one; with several, the first
  /// in axis order. Setting it replaces ``themes``, which it forwards to.
  public var theme: String? {
    get { themes.first }
    set { themes = newValue.map { [$0] } ?? [] }
  }
  /// Which of the themes' values the properties are: the key of
  /// `Style.themed` (see ``Style/properties(under:)``).
  var valuesKey: ThemeSet
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
    self.themes = theme.map { [$0] } ?? []
    self.valuesKey = theme.map(ThemeSet.init) ?? .none
    self.match = match
    self.isDefault = isDefault
    self.ownProperties = properties
    self.source = source
  }

  /// A cascade's answer: `winner` is the strongest of `rules`.
  init(themes: [String], winner: Match, cascaded: CascadedRules) {
    self.init(match: winner, source: winner.rule.source)
    self.themes = themes
    self.valuesKey = cascaded.valuesKey
    self.cascaded = cascaded
  }

  /// Whether the node has a style (a winner or the default).
  public var isResolved: Bool { cascaded != nil || ownProperties != nil }

  /// Answers are equal when what they say is: node, theme, winner, default,
  /// properties and source.
  public static func == (lhs: Resolution, rhs: Resolution) -> Bool {
    lhs.node == rhs.node && lhs.themes == rhs.themes && lhs.match == rhs.match && lhs.isDefault == rhs.isDefault
      && lhs.source == rhs.source && lhs.properties == rhs.properties
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(node)
    hasher.combine(themes)
    hasher.combine(match)
    hasher.combine(isDefault)
    hasher.combine(source)
    hasher.combine(properties)
  }
}

/// The rules a cascade applies, strongest first, and the themes their
/// values resolve under: what its properties are merged from.
struct CascadedRules: Sendable {
  /// The snapshot's rules (one reference, not a copy).
  let rules: [StyleRule]
  /// The applicable rules' load positions, strongest first.
  let orders: [Int]
  /// The key of `Style.themed` for the query's themes.
  let valuesKey: ThemeSet

  /// Weakest first (CSS-like): a stronger rule's property replaces a weaker
  /// one's of the same name, where the name first appeared.
  var merged: Properties {
    var merged = Properties()
    for order in orders.reversed() {
      for (name, value) in rules[order].properties(under: valuesKey) { merged[name] = value }
    }
    return merged
  }

  /// The strongest rule with a property `name`: the one whose value
  /// `merged` keeps (a stronger rule's value replaces a weaker one's whole).
  func strongestRule(having name: String) -> StyleRule? {
    for order in orders where rules[order].properties(under: valuesKey)[name] != nil { return rules[order] }
    return nil
  }
}

/// The themes a query runs under, and what they come to on one index: one
/// reference, so that handing it from the engine to the answer retains
/// one object, not three.
final class CurrentThemes: Hashable, Sendable {
  /// In axis order, axis defaults included.
  let themes: [String]
  /// The sets of themes rules name that are all current, more themes first.
  let themeSets: [ThemeSetID]
  /// The key of `Style.themed` for `themes` (`ThemeTable.valuesKey`);
  /// empty when it names no theme a style has values under, so a lookup
  /// is not made.
  let valuesKey: ThemeSet
  /// For the engine's themes: what they come to when a node names one
  /// theme, by `ThemeID` (empty otherwise). Worked out with them, so that
  /// a node's one `@` part costs a lookup, not a computation (at most one
  /// entry per theme the index knows).
  let withNodeTheme: [CurrentThemes]
  /// The current theme of each axis slot (`ThemeTable`), `.none` where
  /// there is none; `.unknown` on the implicit axis for a theme the index
  /// does not know, the last of `themes`.
  let slots: [ThemeID]
  /// For the engine's themes: those themes as the engine has them
  /// (`QueryOptions.themes`); empty otherwise.
  let engineThemes: [String]
  /// False for engine themes not yet worked out on an index
  /// (`QueryOptions(themes:)`): then only `engineThemes` holds anything.
  let isWorkedOut: Bool

  init(
    themes: [String], themeSets: [ThemeSetID], valuesKey: ThemeSet, slots: [ThemeID],
    withNodeTheme: [CurrentThemes] = [], engineThemes: [String] = []
  ) {
    (self.themes, self.themeSets, self.valuesKey, self.slots) = (themes, themeSets, valuesKey, slots)
    (self.withNodeTheme, self.engineThemes, isWorkedOut) = (withNodeTheme, engineThemes, true)
  }

  /// Engine themes as given, before an index works them out.
  init(given themes: [String]) {
    (self.themes, themeSets, valuesKey, slots, withNodeTheme) = ([], [], .none, [], [])
    (engineThemes, isWorkedOut) = (themes, false)
  }

  /// No themes given: shared, so that default options allocate nothing.
  static let noneGiven = CurrentThemes(given: [])

  static func == (lhs: CurrentThemes, rhs: CurrentThemes) -> Bool {
    lhs.themes == rhs.themes && lhs.themeSets == rhs.themeSets && lhs.valuesKey == rhs.valuesKey
  }

  func hash(into hasher: inout Hasher) { hasher.combine(themes) }
}

/// Themes and precedence mode for one query: what the engine's settings and
/// the sheets' `mode:` come to.
struct QueryOptions: Hashable, Sendable {
  /// The themes as given, or what they come to on an index: one reference
  /// either way, since the options are copied into every query. (A plain
  /// class reference, not an enum's payload, whose tag bits in the pointer
  /// hide it from the leak checker of `make sanitize`.)
  private var source: CurrentThemes

  /// The engine's themes, at most one per axis (a node's `@theme` parts
  /// replace them on their axes; axis defaults fill the others).
  var themes: [String] {
    get { source.engineThemes }
    set { source = newValue.isEmpty ? .noneGiven : CurrentThemes(given: newValue) }
  }
  /// How themed selectors rank (the precedence rules).
  var mode: PrecedenceMode

  /// What `themes` come to on the index the options were made for (its
  /// axes' defaults, the theme sets that apply, the values key), worked
  /// out once (`StyleIndex.options(themes:mode:)`); nil: per query.
  var current: CurrentThemes? {
    get { source.isWorkedOut ? source : nil }
    set { source = newValue ?? CurrentThemes(given: themes) }
  }

  init(themes: [String] = [], mode: PrecedenceMode = .themed) {
    source = themes.isEmpty ? .noneGiven : CurrentThemes(given: themes)
    self.mode = mode
  }

  static func == (lhs: QueryOptions, rhs: QueryOptions) -> Bool {
    lhs.mode == rhs.mode && lhs.themes == rhs.themes && lhs.current == rhs.current
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(mode)
    hasher.combine(themes)
  }

  init(theme: String?, mode: PrecedenceMode = .themed) {
    self.init(themes: theme.map { [$0] } ?? [], mode: mode)
  }
}
