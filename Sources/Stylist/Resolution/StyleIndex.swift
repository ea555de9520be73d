/// An immutable, indexed set of rules: the snapshot every query runs on.
///
/// Every query — `bestMatch`, `cascade`, `rankedCandidates` — runs on one
/// compiled form, the rule trie (`Index/RuleTrie.swift`): rules
/// keyed by their theme and token, then by their path components from the
/// innermost, so a query only visits rules whose innermost parts the node has.
struct StyleIndex: Sendable {
  /// Everything behind one reference: an index is copied into every query
  /// and closure, and a copy retains one object.
  private final class Storage: Sendable {
    let rules: [StyleRule]
    let defaultStyle: Style?
    let declaredMode: PrecedenceMode?
    let themes: [String]
    let axes: ThemeAxes
    /// The sheets' variables as written, later sheets over earlier ones:
    /// what a sheet-level diff evaluates.
    let variables: VariableSources
    /// What the low-contrast check compares: the last sheet's `contrast:`
    /// (a preview marks its pairs by it).
    let contrast: ContrastSettings
    /// Every theme a query can have that changes something (the themes
    /// mentioned, and each theme of a style's values keys), by id.
    let themeTable: ThemeTable
    let trie: RuleTrie
    let answerAxes: AnswerAxes

    init(
      rules: [StyleRule], defaultStyle: Style?, declaredMode: PrecedenceMode?, declaredThemes: [String],
      axes: ThemeAxes, variables: VariableSources, contrast: ContrastSettings
    ) {
      self.rules = rules
      self.contrast = contrast
      self.variables = variables
      self.defaultStyle = defaultStyle
      self.declaredMode = declaredMode
      themes = ThemeNames.mentioned(declared: axes.axes.flatMap(\.themes) + declaredThemes, rules: rules)
      self.axes = axes
      var valuesKeys = Set(defaultStyle.map { Array($0.themed.keys) } ?? [])
      for rule in rules where !rule.style.themed.isEmpty { valuesKeys.formUnion(rule.style.themed.keys) }
      trie = RuleTrie(rules.map(\.selector))
      themeTable = ThemeTable(themes, axes: axes, valuesKeys: valuesKeys, trie: trie)
      answerAxes = AnswerAxes(rules: rules, defaultStyle: defaultStyle, themeTable: themeTable)
    }
  }

  private let storage: Storage

  /// Rules in load order; a rule's index is its load position.
  var rules: [StyleRule] { storage.rules }
  /// The style of a node nothing applies to.
  var defaultStyle: Style? { storage.defaultStyle }
  /// What the low-contrast check compares (the last sheet's `contrast:`).
  var contrast: ContrastSettings { storage.contrast }
  /// The mode the sheets ask for (the last sheet that sets one), if any.
  var declaredMode: PrecedenceMode? { storage.declaredMode }
  /// The sheets' theme axes.
  var axes: ThemeAxes { storage.axes }
  /// The sheets' variables as written, later sheets over earlier ones.
  var variables: VariableSources { storage.variables }

  /// Every theme the sheets mention: listed by `axes:`, declared in
  /// `themes:` blocks, then named by selectors, each once.
  var themes: [String] { storage.themes }
  var trie: RuleTrie { storage.trie }
  var themeTable: ThemeTable { storage.themeTable }

  /// The axes whose current theme can change `answer`, one of this index's
  /// (`AnswerAxes`).
  func axes(changing answer: Resolution) -> AxisMask {
    storage.answerAxes.axes(changing: answer, themeTable: storage.themeTable)
  }

  /// Merges sheets in order. A later rule for the same selector replaces the
  /// earlier one and takes the later load position; the last default wins.
  init(sheets: [StyleSheet]) {
    var defaultStyle: Style?
    var mode: PrecedenceMode?
    var axes = ThemeAxes()
    var variables = VariableSources()
    let declaredThemes = sheets.flatMap(\.themes)
    for sheet in sheets {
      if let style = sheet.defaultStyle { defaultStyle = style }
      if let sheetMode = sheet.mode { mode = sheetMode }
      axes.merge(sheet.plan)
      variables.merge(sheet.variableSources)
    }
    storage = Storage(
      rules: Self.latestRules(of: sheets), defaultStyle: defaultStyle, declaredMode: mode,
      declaredThemes: declaredThemes, axes: axes, variables: variables,
      contrast: sheets.last?.contrast ?? ContrastSettings())
  }

  /// The sheets' rules in order, each selector's last only: the rules an
  /// index over `sheets` holds.
  static func latestRules(of sheets: [StyleSheet]) -> [StyleRule] {
    let all = sheets.count == 1 ? sheets[0].rules : sheets.flatMap(\.rules)
    var latest: [StyleSelector: Int] = Dictionary(minimumCapacity: all.count)
    var replaced: [Int] = []
    for position in all.indices {
      if let earlier = latest.updateValue(position, forKey: all[position].selector) { replaced.append(earlier) }
    }
    guard !replaced.isEmpty else { return all }
    let isReplaced = Set(replaced)
    return all.indices.filter { !isReplaced.contains($0) }.map { all[$0] }
  }

  /// An index over `rules` (later wins a tie), compiled now; `declaredThemes`
  /// are themes known besides the ones selectors name.
  init(
    rules: [StyleRule], defaultStyle: Style? = nil, declaredMode: PrecedenceMode? = nil, declaredThemes: [String] = []
  ) {
    storage = Storage(
      rules: rules, defaultStyle: defaultStyle, declaredMode: declaredMode, declaredThemes: declaredThemes,
      axes: ThemeAxes(), variables: VariableSources(), contrast: ContrastSettings())
  }

  /// Every applicable rule, best first.
  func applicableMatches(for node: NodeIdentifier, options: QueryOptions = .init()) -> [Match] {
    let current = currentThemes(options, node: node.themes)
    let ranking = node.withView { ranked($0, current, mode: options.mode) }
    return ranking.keys.map { match($0, in: ranking.vectors) }
  }

  /// Every applicable rule's key, best first, and their vectors.
  struct Ranking {
    var keys: [RankKey]
    var vectors: RankedVectors
  }

  func ranked<Node: QueryNode>(_ node: Node, _ current: CurrentThemes, mode: PrecedenceMode) -> Ranking {
    // Room for what most nodes have, so collecting rarely grows the array.
    var keys: [RankKey] = []
    keys.reserveCapacity(16)
    var vectors = RankedVectors()
    trie.rank(node, themeSets: current.themeSets, mode: mode, into: &keys, vectors: &vectors)
    return Ranking(keys: keys, vectors: vectors)
  }

  /// The winning rule for `node`, or the default style when nothing applies.
  func bestMatch(for node: NodeIdentifier, options: QueryOptions = .init()) -> Resolution {
    let current = currentThemes(options, node: node.themes)
    let best = node.withView { trie.best($0, themeSets: current.themeSets, mode: options.mode) }
    var answer = resolution(current, winner: best.key, vectors: best.vectors)
    answer.node = node
    return answer
  }

  /// `bestMatch(for:options:)` for a node identifier given as text.
  func bestMatch(text: String, options: QueryOptions = .init()) throws(SyntaxError) -> Resolution {
    var text = text
    let found = try text.withUTF8 { bytes in
      Swift.Result { () throws(SyntaxError) in try best(utf8: bytes, options: options, keepingVector: true) }
    }.get()
    var answer = resolution(found.current, winner: found.winner, vectors: found.vectors)
    answer.node = try NodeIdentifier(parsing: text)
    return answer
  }

  /// A best match found from a node identifier's UTF-8, before it is an answer.
  struct FoundBest {
    /// The themes the query ran under (the line's `@theme` parts on their axes).
    var current: CurrentThemes
    var winner: RankKey?
    /// The winner's vector; empty unless kept.
    var vectors: RankedVectors
  }

  /// The best match for a node identifier given as UTF-8: its names are
  /// looked up in the index's table from the bytes, with no
  /// `NodeIdentifier` and no `String` per component built. The one query
  /// from text: `bestMatch(text:)` makes a `Resolution` of it, and
  /// `AnswerWriter` (`batch`) only the winner's position, so it keeps the
  /// winner's vector only when `keepingVector` (else it allocates nothing).
  func best(utf8 bytes: UnsafeBufferPointer<UInt8>, options: QueryOptions, keepingVector: Bool) throws(SyntaxError)
    -> FoundBest
  {
    try NodeLine.with(utf8: bytes) { line throws(SyntaxError) in
      let current = try currentThemes(options, line: line)
      let best = trie.best(line, themeSets: current.themeSets, mode: options.mode, keepingVector: keepingVector)
      return FoundBest(current: current, winner: best.key, vectors: best.vectors)
    }
  }

  /// Properties of every applicable rule merged weakest first (CSS-like): a
  /// stronger rule's property replaces a weaker one's of the same name, where
  /// the name first appeared. The default style is used only when nothing applies.
  func cascade(for node: NodeIdentifier, options: QueryOptions = .init()) -> Resolution {
    let current = currentThemes(options, node: node.themes)
    let applicable = node.withView { ranked($0, current, mode: options.mode) }
    var answer = cascade(applicable, current)
    answer.node = node
    return answer
  }

  /// `cascade(for:options:)` for a node identifier given as text.
  func cascade(text: String, options: QueryOptions = .init()) throws(SyntaxError) -> Resolution {
    var text = text
    var ranking = Ranking(keys: [], vectors: RankedVectors())
    let current = try text.withUTF8 { bytes in
      Swift.Result { () throws(SyntaxError) in
        try rank(utf8: bytes, options: options, into: &ranking.keys, vectors: &ranking.vectors)
      }
    }.get()
    var answer = cascade(ranking, current)
    answer.node = try NodeIdentifier(parsing: text)
    return answer
  }

  /// Every applicable rule for a node identifier given as UTF-8, ranked
  /// into `keys` and `vectors` (see `RuleTrie.rank`: a caller that passes
  /// the same ones line after line allocates nothing once they have room);
  /// returns the themes the query ran under. The one ranking from text.
  func rank(
    utf8 bytes: UnsafeBufferPointer<UInt8>, options: QueryOptions, into keys: inout [RankKey],
    vectors: inout RankedVectors
  ) throws(SyntaxError) -> CurrentThemes {
    try NodeLine.with(utf8: bytes) { line throws(SyntaxError) in
      let current = try currentThemes(options, line: line)
      trie.rank(line, themeSets: current.themeSets, mode: options.mode, into: &keys, vectors: &vectors)
      return current
    }
  }

  private func cascade(_ applicable: Ranking, _ current: CurrentThemes) -> Resolution {
    guard let winner = applicable.keys.first else {
      return resolution(current, winner: nil, vectors: applicable.vectors)
    }
    return Resolution(
      themes: current.themes, winner: match(winner, in: applicable.vectors),
      cascaded: CascadedRules(rules: rules, orders: applicable.keys.map(\.order.index), valuesKey: current.valuesKey))
  }

  /// The answer whose winner is `winner` (nil: the default style, if any).
  /// (Built in place: through `fields(valuesKey:winner:)` the answer is
  /// copied once more, a few hundred instructions a query.)
  private func resolution(_ current: CurrentThemes, winner: RankKey?, vectors: RankedVectors) -> Resolution {
    let key = current.valuesKey
    var answer: Resolution
    if let winner {
      let rule = rules[winner.order.index]
      answer = Resolution(
        match: match(winner, in: vectors), isDefault: false, properties: rule.properties(under: key),
        source: rule.source)
    } else {
      answer = Resolution(
        match: nil, isDefault: defaultStyle != nil, properties: defaultStyle?.properties(under: key),
        source: defaultStyle?.source)
    }
    answer.themes = current.themes
    answer.valuesKey = key
    return answer
  }

  /// What a best match says besides its node and specificity, as
  /// `resolution(_:winner:vectors:)` says it: the winner's properties
  /// under the values key (`CurrentThemes.valuesKey`) and its source, or
  /// the default style's when nothing applies. For the answers
  /// `AnswerWriter` renders (`AnswerWriterTests` holds the two to the same bytes).
  func fields(valuesKey: ThemeSet, winner: RuleID?) -> Resolution.Fields {
    guard let winner else {
      return Resolution.Fields(
        rule: nil, isDefault: defaultStyle != nil, source: defaultStyle?.source,
        properties: defaultStyle?.properties(under: valuesKey))
    }
    let rule = rules[winner.index]
    return Resolution.Fields(
      rule: rule, isDefault: false, source: rule.source, properties: rule.properties(under: valuesKey))
  }

  /// Whether the rules at `orders` have the same values under `valuesKey`
  /// as under no theme: answers that differ only there are written alike.
  func valuesAreUnthemed(_ orders: some Sequence<RuleID>, valuesKey: ThemeSet) -> Bool {
    guard !valuesKey.isEmpty else { return true }
    return orders.allSatisfy { rules[$0.index].themedProperties(under: valuesKey) == nil }
  }

  /// Tells this snapshot from another (`AnswerWriter`).
  var snapshotID: ObjectIdentifier { ObjectIdentifier(storage) }

  /// The match of a rule the query found; `vectors` are the query's.
  func match(_ key: RankKey, in vectors: RankedVectors) -> Match {
    Match(rule: rules[key.order.index], specificity: key.specificity(in: vectors), order: key.order.index)
  }

  /// Every rule whose token could match the node's token (the node's token,
  /// `*` or a glob, under any theme): applicable ones ranked best first,
  /// then the others in load order with the reason.
  func rankedCandidates(for node: NodeIdentifier, options: QueryOptions = .init()) -> [Candidate] {
    let current = currentThemes(options, node: node.themes)
    let themes = current.themes
    let applicable = node.withView { ranked($0, current, mode: options.mode) }
    let applying = applicable.keys.enumerated().map { rank, key in
      Candidate(
        rule: rules[key.order.index], order: key.order.index,
        outcome: .applies(key.specificity(in: applicable.vectors), rank: rank + 1))
    }
    let applies = Set(applicable.keys.map(\.order))
    var others: [RuleID] = []
    let token = trie.nameID(node.token)
    for root in trie.roots where root.token.name.literal.map({ token.isInterned && $0 == token }) ?? true {
      others += trie.rules(under: root)
    }
    let themeIDs = themes.map { trie.nameID($0) }
    let rejected = node.withView { view in
      trie.withQuery(view) { query in
        others.filter { !applies.contains($0) }.sorted().compactMap { order -> Candidate? in
          guard let reason = query.mismatch(of: order, themes: themeIDs) else { return nil }
          let rule = rules[order.index]
          return Candidate(
            rule: rule, order: order.index,
            outcome: .doesNotApply(mismatchReason(reason, rule.selector, themes: themes)))
        }
      }
    }
    return applying + rejected
  }

  /// Why the rule at `order` does not apply to `node` under the current
  /// `themes`, or nil.
  func mismatch(of order: Int, on node: NodeIdentifier, themes: [String]) -> MismatchReason? {
    let themeIDs = themes.map { trie.nameID($0) }
    return node.withView { view in trie.withQuery(view) { $0.mismatch(of: RuleID(order), themes: themeIDs) } }.map {
      mismatchReason($0, rules[order].selector, themes: themes)
    }
  }

  /// The reason in the selector's terms; for a theme, the first of its
  /// themes that is not current, and the current theme on that axis.
  private func mismatchReason(_ mismatch: CompiledMismatch, _ selector: StyleSelector, themes: [String])
    -> MismatchReason
  {
    switch mismatch {
    case .theme:
      let missing = selector.themes.first { !themes.contains($0) } ?? ""
      let slot = axes.slot(of: missing)
      return .theme(required: missing, current: themes.first { axes.slot(of: $0) == slot })
    case .token: return .token
    case .directChild: return .directChild
    case .missingComponent(let index): return .missingComponent(selector.components[index])
    case .variant(let index): return .variant(selector.components[index])
    case .order: return .order
    }
  }
}
