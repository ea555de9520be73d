/// An immutable, indexed set of rules: the snapshot every query runs on.
///
/// Rules are keyed by their token, as CSS engines key rules by their rightmost
/// part, so a query looks only at rules for the node's token plus the few
/// with a `*` or glob token.
public struct StyleIndex: Sendable {
  /// Rules in load order; a rule's index is its load position.
  public let rules: [StyleRule]
  public let defaultStyle: Style?
  /// The mode the sheets ask for (the last sheet that sets one), if any.
  public let declaredMode: PrecedenceMode?
  /// Rules whose token is `*` or a glob, in load order.
  private let patternTokens: [Int]
  private let compiled: CompiledRules

  /// Merges sheets in order. A later rule for the same selector replaces the
  /// earlier one and takes the later load position; the last default wins.
  public init(sheets: [StyleSheet]) {
    var defaultStyle: Style?
    var mode: PrecedenceMode?
    for sheet in sheets {
      if let style = sheet.defaultStyle { defaultStyle = style }
      if let sheetMode = sheet.mode { mode = sheetMode }
    }
    if sheets.count == 1, sheets[0].selectorsAreUnique {
      self.init(rules: sheets[0].rules, defaultStyle: defaultStyle, declaredMode: mode)
      return
    }
    // Position of each selector's last rule across all sheets; a rule stays
    // only at that position (a plain dictionary: ordered removal is quadratic).
    var last: [StyleSelector: Int] = [:]
    let all = sheets.flatMap(\.rules)
    for (position, rule) in all.enumerated() { last[rule.selector] = position }
    let merged = all.enumerated().filter { last[$0.element.selector] == $0.offset }.map(\.element)
    self.init(rules: merged, defaultStyle: defaultStyle, declaredMode: mode)
  }

  public init(rules: [StyleRule], defaultStyle: Style? = nil, declaredMode: PrecedenceMode? = nil) {
    self.rules = rules
    self.defaultStyle = defaultStyle
    self.declaredMode = declaredMode
    var patternTokens: [Int] = []
    for (order, rule) in rules.enumerated() {
      if case .exact = rule.selector.token.name { continue }
      patternTokens.append(order)
    }
    self.patternTokens = patternTokens
    self.compiled = CompiledRules(rules)
  }

  public static let empty = StyleIndex(rules: [])

  /// Rules whose token could match `token`, in load order within each group.
  func candidateOrders(forToken token: String) -> [Int] {
    compiled.orders(withToken: token) + patternTokens
  }

  /// True when `candidate` takes precedence over `incumbent` (SPEC §4).
  static func precedes(_ candidate: Match, _ incumbent: Match, mode: PrecedenceMode) -> Bool {
    if mode == .themed && candidate.isThemed != incumbent.isThemed { return candidate.isThemed }
    if candidate.specificity != incumbent.specificity {
      return candidate.specificity > incumbent.specificity
    }
    if mode == .classic && candidate.isThemed != incumbent.isThemed { return candidate.isThemed }
    return candidate.order > incumbent.order
  }

  func match(_ order: Int, on node: NodeIdentifier, theme: String?) -> Match? {
    let rule = rules[order]
    if let required = rule.selector.theme, required != theme { return nil }
    guard let specificity = rule.selector.specificity(on: node) else { return nil }
    return Match(rule: rule, specificity: specificity, order: order)
  }

  /// Every applicable rule, best first.
  public func applicableMatches(for node: NodeIdentifier, options: QueryOptions = .init()) -> [Match] {
    let theme = node.theme ?? options.theme
    var found = candidateOrders(forToken: node.token).compactMap { match($0, on: node, theme: theme) }
    found.sort { Self.precedes($0, $1, mode: options.mode) }
    return found
  }

  /// The winning rule for `node`, or the default style when nothing applies.
  public func bestMatch(for node: NodeIdentifier, options: QueryOptions = .init()) -> Resolution {
    let theme = node.theme ?? options.theme
    let best = compiled.best(for: node, theme: theme, mode: options.mode).map {
      Match(rule: rules[$0.order], specificity: $0.specificity, order: $0.order)
    }
    return resolution(for: node, theme: theme, winner: best, properties: best?.rule.properties(underTheme: theme))
  }

  /// Properties of every applicable rule merged weakest first (CSS-like): a
  /// stronger rule's property replaces a weaker one's of the same name, where
  /// the name first appeared. The
  /// default style is used only when nothing applies.
  public func cascade(for node: NodeIdentifier, options: QueryOptions = .init()) -> Resolution {
    let theme = node.theme ?? options.theme
    let applicable = applicableMatches(for: node, options: options)
    guard let winner = applicable.first else {
      return resolution(for: node, theme: theme, winner: nil, properties: nil)
    }
    var merged = Properties()
    for found in applicable.reversed() {
      for (key, value) in found.rule.properties(underTheme: theme) { merged[key] = value }
    }
    return resolution(for: node, theme: theme, winner: winner, properties: merged)
  }

  private func resolution(
    for node: NodeIdentifier, theme: String?, winner: Match?, properties: Properties?
  ) -> Resolution {
    if let winner {
      return Resolution(
        node: node, theme: theme, match: winner, isDefault: false, properties: properties,
        source: winner.rule.source)
    }
    return Resolution(
      node: node, theme: theme, match: nil, isDefault: defaultStyle != nil,
      properties: defaultStyle?.properties(underTheme: theme), source: defaultStyle?.source)
  }

  /// Every rule whose token could match the node's token: applicable ones
  /// ranked best first, then the others in load order with the reason.
  public func matches(for node: NodeIdentifier, options: QueryOptions = .init()) -> [Candidate] {
    let theme = node.theme ?? options.theme
    var applicable: [Match] = []
    var rejected: [Candidate] = []
    for order in candidateOrders(forToken: node.token).sorted() {
      if let found = match(order, on: node, theme: theme) {
        applicable.append(found)
      } else if let reason = rules[order].selector.mismatch(on: node, theme: theme) {
        rejected.append(Candidate(rule: rules[order], order: order, outcome: .doesNotApply(reason)))
      }
    }
    applicable.sort { Self.precedes($0, $1, mode: options.mode) }
    let ranked = applicable.enumerated().map { rank, found in
      Candidate(rule: found.rule, order: found.order, outcome: .applies(found.specificity, rank: rank + 1))
    }
    return ranked + rejected
  }
}
