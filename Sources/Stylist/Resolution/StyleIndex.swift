/// An immutable, indexed set of rules: the snapshot every query runs on.
///
/// Every query — `bestMatch`, `applicableMatches`, `cascade`, `matches` —
/// runs on one compiled form, the rule trie (`Index/RuleTrie.swift`): rules
/// keyed by their theme and token, then by their path components from the
/// innermost, so a query only visits rules whose innermost parts the node has.
public struct StyleIndex: Sendable {
  /// Rules in load order; a rule's index is its load position.
  public let rules: [StyleRule]
  public let defaultStyle: Style?
  /// The mode the sheets ask for (the last sheet that sets one), if any.
  public let declaredMode: PrecedenceMode?
  let trie: RuleTrie

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
    trie = RuleTrie(rules)
  }

  public static let empty = StyleIndex(rules: [])

  private func match(_ key: RankKey) -> Match {
    Match(rule: rules[key.order.index], specificity: key.specificity, order: key.order.index)
  }

  /// Every applicable rule, best first.
  public func applicableMatches(for node: NodeIdentifier, options: QueryOptions = .init()) -> [Match] {
    ranked(node, theme: node.theme ?? options.theme, mode: options.mode).map(match)
  }

  private func ranked<Node: QueryNode>(_ node: Node, theme: String?, mode: PrecedenceMode) -> [RankKey] {
    var collector = AllCollector()
    trie.collect(node, theme: theme, into: &collector)
    return collector.found.sorted { $0.outranks($1, mode: mode) }
  }

  /// The winning rule for `node`, or the default style when nothing applies.
  public func bestMatch(for node: NodeIdentifier, options: QueryOptions = .init()) -> Resolution {
    let theme = node.theme ?? options.theme
    var collector = BestCollector(mode: options.mode)
    trie.collect(node, theme: theme, into: &collector)
    let best = collector.best.map(match)
    return resolution(for: node, theme: theme, winner: best, properties: best?.rule.properties(underTheme: theme))
  }

  /// Properties of every applicable rule merged weakest first (CSS-like): a
  /// stronger rule's property replaces a weaker one's of the same name, where
  /// the name first appeared. The default style is used only when nothing applies.
  public func cascade(for node: NodeIdentifier, options: QueryOptions = .init()) -> Resolution {
    let theme = node.theme ?? options.theme
    let applicable = ranked(node, theme: theme, mode: options.mode)
    guard let winner = applicable.first else {
      return resolution(for: node, theme: theme, winner: nil, properties: nil)
    }
    var merged = Properties()
    for found in applicable.reversed() {
      for (key, value) in rules[found.order.index].properties(underTheme: theme) { merged[key] = value }
    }
    return resolution(for: node, theme: theme, winner: match(winner), properties: merged)
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

  /// Every rule whose token could match the node's token (the node's token,
  /// `*` or a glob, under any theme): applicable ones ranked best first,
  /// then the others in load order with the reason.
  public func matches(for node: NodeIdentifier, options: QueryOptions = .init()) -> [Candidate] {
    let theme = node.theme ?? options.theme
    let applicable = ranked(node, theme: theme, mode: options.mode)
    let ranked = applicable.enumerated().map { rank, key in
      Candidate(rule: rules[key.order.index], order: key.order.index, outcome: .applies(key.specificity, rank: rank + 1))
    }
    let applies = Set(applicable.map(\.order))
    var others: [RuleID] = []
    let token = trie.names.nameID(node.token)
    if token.isInterned {
      for theme in [NameID.none] + trie.themes {
        if let root = trie.literalRoot(theme: theme, token: token) { others += trie.rules(under: root) }
      }
    }
    for index in trie.patternRoots { others += trie.rules(under: trie.roots[Int(index)]) }
    let themeID = theme.map { trie.names.nameID($0) } ?? .none
    let rejected = trie.withQuery(node) { query in
      others.filter { !applies.contains($0) }.sorted().compactMap { order -> Candidate? in
        guard let reason = query.mismatch(of: order, theme: themeID) else { return nil }
        let rule = rules[order.index]
        return Candidate(
          rule: rule, order: order.index, outcome: .doesNotApply(Self.reason(reason, rule.selector, theme: theme)))
      }
    }
    return ranked + rejected
  }

  /// Why the rule at `order` does not apply to `node` under `theme`, or nil.
  func mismatch(of order: Int, on node: NodeIdentifier, theme: String?) -> MismatchReason? {
    let themeID = theme.map { trie.names.nameID($0) } ?? .none
    return trie.withQuery(node) { $0.mismatch(of: RuleID(order), theme: themeID) }.map {
      Self.reason($0, rules[order].selector, theme: theme)
    }
  }

  private static func reason(_ mismatch: CompiledMismatch, _ selector: StyleSelector, theme: String?)
    -> MismatchReason
  {
    switch mismatch {
    case .theme: .theme(required: selector.theme ?? "", current: theme)
    case .token: .token
    case .directChild: .directChild
    case .missingComponent(let index): .missingComponent(selector.components[index])
    case .variant(let index): .variant(selector.components[index])
    case .order: .order
    }
  }
}
