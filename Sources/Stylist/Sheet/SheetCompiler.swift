/// Turns definitions into rules: later definitions replace earlier ones,
/// variables are substituted under every set of themes a style can apply
/// in, and `extends` is flattened (its properties go underneath the style's own).
///
/// Evaluators and kept results are keyed by the `ThemeSet` a style is
/// evaluated under; values depend only on the themes that define
/// variables, so `Style.themed` is keyed by those alone (the *values key*,
/// `ThemeAxes.valuesKey`), and only by those whose variables the style
/// reaches (`Style.dependsOn`).
struct SheetCompiler {
  /// Owned alone (`StyleSheet.compile` takes them from the loader), so
  /// that they and the source model they hold go as soon as the rules are built.
  private(set) var definitions: SheetDefinitions
  let sink: DiagnosticSink
  /// Values all the themes' evaluations may build together.
  let budget: ExpansionBudget
  /// How deep values may nest, through variables too (the YAML nesting limit).
  let maxDepth: Int
  /// How many of `definitions.styles` are styles: the default, when there
  /// is one, follows them.
  private var styleCount = 0
  /// Index of the final definition of each selector; load order comes
  /// from the indices. Only the first pass needs it.
  private var finalDefinitions: [StyleSelector: Int] = [:]
  /// For each definition with `extends`, the definition each extension
  /// names (nil: none), looked up once before the rules are built, so the
  /// table above is freed before they take their memory.
  private var extensionTargets: [Int: [Int?]] = [:]
  private var evaluators: [ThemeSet: ValueEvaluator] = [:]
  /// The evaluator asked for last: a style asks for the same one several
  /// times in a row, and a hit costs no hashing of the themes.
  private var lastEvaluator: (theme: ThemeSet, evaluator: ValueEvaluator)?
  /// The flattening chain's storage between styles, so that flattening
  /// one allocates nothing.
  private var spareLinks: [Flattening] = []
  /// Flattened properties of `extends` targets per theme (nil: failed,
  /// reported), and the themes whose variables their evaluation reached.
  /// Only targets are kept: most styles are flattened once.
  private var flattened: [Int: [ThemeSet: (properties: Properties?, reached: Set<String>)]] = [:]
  /// Failures kept in `flattened` while the sink holds its diagnostics: if
  /// they are dropped, so are these, and a style that meets the target
  /// again evaluates it again and reports.
  private var heldFailures: [(index: Int, theme: ThemeSet)] = []
  /// By definition: whether it is on the chain being flattened (`Chain`).
  private var isOnChain: [Bool] = []
  /// The unthemed values of the body evaluated last: `themedStyle` asks
  /// for a style's unthemed values first, then each theme's, which reuse
  /// them (`ValueEvaluator.values(ofStyleBody:file:unthemed:)`).
  private var lastUnthemed: (index: Int, values: ValueEvaluator.BodyValues)?
  /// The plan of the load's axes, merged from its `axes:` entries.
  private var axes = ThemeAxes()
  /// Which variables themes change, for every evaluator (`mergeAxes`).
  private var shadowedPaths = ShadowedPaths()
  /// The themes with variables, by axis slot (`ThemeAxes.variableThemesBySlot`).
  private var variableThemesBySlot: [(slot: Int, themes: [String])] = []
  /// A style's own themes and the themes its evaluations reached: what
  /// the sets it is evaluated under, and the themes its values depend on,
  /// follow from.
  private struct Reach: Hashable {
    var own: ThemeSet
    var reached: Set<String>
  }
  /// `sets(_:)` by what was asked: a sheet has few sets of selector
  /// themes, and few sets of themes its styles reach.
  private var setsByReach: [Reach: [ThemeSet]] = [:]
  /// `checkSets(_:)` by what was asked: a token library's variables
  /// share their reach.
  private var checkSetsByReach: [Reach: [ThemeSet]] = [:]
  /// `dependsOn(_:)` by what was asked: styles share their reach, and so one set.
  private var dependsOnByReach: [Reach: Set<String>] = [:]

  init(definitions: SheetDefinitions, sink: DiagnosticSink, budget: ExpansionBudget, maxDepth: Int) {
    self.definitions = definitions
    self.sink = sink
    self.budget = budget
    self.maxDepth = maxDepth
  }

  /// Every set of themes with variables among `reach.reached`
  /// that a query can have together with `reach.own`, added to it; the
  /// first is `reach.own` alone (`ThemeAxes.sets(with:among:bySlot:)`).
  private mutating func sets(_ reach: Reach) -> [ThemeSet] {
    if let known = setsByReach[reach] { return known }
    let sets = axes.sets(with: reach.own, among: reach.reached, bySlot: variableThemesBySlot)
    setsByReach[reach] = sets
    return sets
  }

  private mutating func evaluator(_ theme: ThemeSet) -> ValueEvaluator {
    if let last = lastEvaluator, last.theme == theme { return last.evaluator }
    if let existing = evaluators[theme] {
      lastEvaluator = (theme, existing)
      return existing
    }
    var variables = definitions.variables
    // Each theme's variables shadow the global ones, in axis order: where
    // two set the same leaf, the later axis wins.
    for name in theme.themes {
      if let themed = definitions.themeVariables[name] { variables = variables.merged(with: themed) }
    }
    let evaluator = ValueEvaluator(
      theme: theme, variables: variables, sink: sink, budget: budget, maxDepth: maxDepth,
      shadowed: shadowedPaths, axes: axes, globalVariables: definitions.variables)
    evaluators[theme] = evaluator
    lastEvaluator = (theme, evaluator)
    return evaluator
  }

  mutating func compile() -> StyleSheet {
    mergeAxes()
    let count = definitions.styles.count
    styleCount = count
    // The default is flattened as a style is, after the styles: it
    // registers no selector, so it takes part in no repeat.
    let defaultIndex: Int? = definitions.defaultStyle.map { definition in
      definitions.styles.append(definition)
      return count
    }
    finalDefinitions = Dictionary(minimumCapacity: count)
    isOnChain = [Bool](repeating: false, count: definitions.styles.count)
    var isLatest = [Bool](repeating: true, count: count)
    var ruleCount = count
    // One pass over the definitions: repeats and `extends`.
    var extending: [Int] = []
    for index in 0..<count {
      if !definitions.styles[index].extends.isEmpty { extending.append(index) }
      let earlier = finalDefinitions.updateValue(index, forKey: definitions.styles[index].selector)
      if let earlier {
        isLatest[earlier] = false
        ruleCount -= 1
        let definition = definitions.styles[index]
        sink.warning(
          "duplicate selector '\(definition.name)' replaces the definition at \(definitions.styles[earlier].source)",
          .duplicateSelector,
          at: definition.source)
      }
    }
    if let defaultIndex, !definitions.styles[defaultIndex].extends.isEmpty { extending.append(defaultIndex) }
    extendsTargets(of: extending)
    finalDefinitions = [:]
    var rules: [StyleRule] = []
    rules.reserveCapacity(ruleCount)
    for index in 0..<count where isLatest[index] {
      guard themesFit(definitions.styles[index]), let style = style(for: index) else { continue }
      // The placeholder's selector and name, without spelling the name out.
      var rule = definitions.styles[index].rule
      rule.style = style
      if !definitions.styles[index].extends.isEmpty {
        rule.style.inherited = inheritedOrigins(index).filter { style.properties[$0.key] != nil }
      }
      rules.append(rule)
    }
    var defaultStyle: Style?
    // A null `default:` extending nothing is no default.
    if let defaultIndex,
      definitions.styles[defaultIndex].body != nil || !definitions.styles[defaultIndex].extends.isEmpty
    {
      defaultStyle = themedStyle(themes: .none, source: definitions.styles[defaultIndex].source) { compiler, theme in
        compiler.flatten(defaultIndex, theme: theme)
      }
    }
    checkUnreachedVariables(unreachedVariables())
    warnUnreferencedVariables()
    var sheet = StyleSheet(
      rules: rules, defaultStyle: defaultStyle, mode: definitions.mode,
      themes: Array(definitions.declaredThemes), axes: axes, files: definitions.files)
    sheet.contrast = definitions.contrast.settings
    swap(&sheet.outline, &definitions.outline)
    sheet.variableSources = VariableSources(global: definitions.variables, themes: definitions.themeVariables)
    releaseWorkingState()
    return sheet
  }

  /// Merges the `axes:` entries in load order (docs/SHEETS.md: Theme axes): an axis
  /// written twice takes the union of its themes, a later default replaces
  /// an earlier one. A theme on two axes is an error at its second place,
  /// and so is a default that is not one of its axis's themes.
  private mutating func mergeAxes() {
    for declaration in definitions.axes {
      for (theme, position) in declaration.themes {
        let slot = axes.slot(of: theme)
        if slot < axes.axes.count, axes.axes[slot].name != declaration.name {
          sink.error(
            "theme '\(theme)' is already on axis '\(axes.axes[slot].name)'; a theme belongs to one axis",
            .invalidAxis, at: position.location(in: declaration.file))
        }
      }
      axes.merge(
        ThemeAxis(
          name: declaration.name, themes: declaration.themes.map(\.name),
          defaultTheme: declaration.defaultTheme?.name))
    }
    for declaration in definitions.axes {
      guard let (theme, position) = declaration.defaultTheme,
        let axis = axes.axes.first(where: { $0.name == declaration.name }), !axis.themes.contains(theme)
      else { continue }
      sink.error(
        "the default of axis '\(declaration.name)' is '\(theme)', which is not one of its themes ("
          + axis.themes.joined(separator: ", ") + ")",
        .invalidAxis, at: position.location(in: declaration.file))
    }
    for theme in definitions.themeVariables.keys { axes.noteVariables(of: theme) }
    variableThemesBySlot = axes.variableThemesBySlot
    shadowedPaths = ShadowedPaths(
      global: definitions.variables, themes: definitions.themeVariables.map { ($0.key, $0.value) },
      listed: Set(axes.axes.flatMap(\.themes)))
    // Values are computed for every set of themes with variables a query
    // can have: past `maxEvaluationSets` that is refused rather than left
    // unchecked or wrong.
    if axes.variableSetCount(limit: Self.maxEvaluationSets) == nil, let first = definitions.axes.first {
      sink.error(
        "themes with variables on \(variableThemesBySlot.count) axes make more than \(Self.maxEvaluationSets) sets of "
          + "themes a query can have; values are computed for each set",
        .limitExceeded, at: SourceLocation(file: first.file, line: 1, column: 1))
      variableThemesBySlot = []
    }
  }

  /// Most sets of themes with variables (one or none per axis) a load computes values for.
  static let maxEvaluationSets = 1_000

  /// Whether the selector names at most one theme per axis; reports it if not.
  private func themesFit(_ definition: StyleDefinition) -> Bool {
    guard definition.selector.themes.count > 1,
      let conflict = axes.conflict(in: definition.selector.themes)
    else { return true }
    sink.error(
      "selector '\(definition.name)' names '\(conflict.first)' and '\(conflict.second)', both on \(conflict.axis)"
        + "; a selector names at most one theme per axis",
      .invalidSelector, at: definition.source)
    return false
  }

  /// For each definition whose origins were worked out, the style each
  /// property it inherits was written in (`inheritedOrigins(_:)`).
  private var originsByDefinition: [Int: [String: PropertyOrigin]] = [:]

  /// The style each top-level property `index` inherits through `extends`
  /// was written in: a later extension's over an earlier one's, the
  /// style's own keys left out. Worked out on a stack, targets first (a
  /// chain of thousands of `extends` would overflow a call per link); a
  /// target on a cycle (reported by flattening) adds nothing.
  private mutating func inheritedOrigins(_ index: Int) -> [String: PropertyOrigin] {
    var stack = [(index: index, expanded: false)]
    // The definitions expanded and not yet worked out: the path to the top.
    var expanding: Set<Int> = []
    while let (top, expanded) = stack.last {
      if originsByDefinition[top] != nil || (!expanded && expanding.contains(top)) {
        stack.removeLast()
        continue
      }
      let targets = (extensionTargets[top] ?? []).compactMap { $0 }
      if !expanded {
        stack[stack.count - 1].expanded = true
        expanding.insert(top)
        for target in targets where originsByDefinition[target] == nil && !expanding.contains(target) {
          stack.append((target, false))
        }
        continue
      }
      stack.removeLast()
      expanding.remove(top)
      var origins: [String: PropertyOrigin] = [:]
      for target in targets {
        for (key, origin) in originsByDefinition[target] ?? [:] { origins[key] = origin }
        let written = definitions.styles[target]
        let origin = PropertyOrigin(rule: written.name, source: written.source)
        for entry in written.body?.entries ?? [] { origins[entry.key] = origin }
      }
      for entry in definitions.styles[top].body?.entries ?? [] { origins[entry.key] = nil }
      originsByDefinition[top] = origins
    }
    return originsByDefinition[index] ?? [:]
  }

  /// Frees the definitions (and with them the source model)
  /// and every table built to compile them; the compiler is spent afterwards.
  private mutating func releaseWorkingState() {
    definitions = SheetDefinitions()
    extensionTargets = [:]
    originsByDefinition = [:]
    evaluators = [:]
    lastEvaluator = nil
    spareLinks = []
    flattened = [:]
    setsByReach = [:]
    dependsOnByReach = [:]
    checkSetsByReach = [:]
    shadowedPaths = ShadowedPaths()
    isOnChain = []
    lastUnthemed = nil
  }

  /// Looks up what each of `extending` extends (`extensionTargets`).
  private mutating func extendsTargets(of extending: [Int]) {
    for index in extending {
      let targets = definitions.styles[index].extends.map { finalDefinitions[$0.selector] }
      extensionTargets[index] = targets
    }
  }

  private mutating func style(for index: Int) -> Style? {
    let definition = definitions.styles[index]
    return themedStyle(themes: axes.themeSet(definition.selector.themes), source: definition.source) {
      compiler, theme in
      compiler.flatten(index, theme: theme)
    }
  }

  /// Values under the style's own `themes` (a selector's; none for an
  /// unthemed style), plus each set of other axes' themes' where their
  /// variables change them. Each evaluation notes the themes whose
  /// variables it reached; the style is evaluated under every set of those
  /// that some query resolves to, until no evaluation reaches a new one. A
  /// body that reaches no variable a theme shadows is the same under every
  /// theme, so it is evaluated once.
  private mutating func themedStyle(
    themes: ThemeSet, source: SourceLocation, _ properties: (inout SheetCompiler, ThemeSet) -> Properties?
  ) -> Style? {
    sink.hold()
    var (base, reached) = tracked(themes, properties)
    // When no query resolves to its own themes alone (an axis default
    // defines what failed), the failure is not the style's, and the
    // first set a query resolves to gives its properties.
    let isOwnResolved = axes.isQuerySet(themes, reached: reached)
    releaseDiagnostics(keeping: isOwnResolved)
    if base == nil && isOwnResolved { return nil }
    guard !reached.isEmpty else { return base.map { Style(properties: $0, source: source) } }
    var themed: [ThemeSet: Properties] = [:]
    // As many as the sets of the axes it reaches: thousands for an axis of
    // thousands of themes, so a set, not a list.
    var evaluated: Set<ThemeSet> = [themes]
    // A set that fails does not end the others: a set without its themes
    // reports its own errors; one with them would repeat them.
    var failedSets: [ThemeSet] = []
    var isReachGrowing = true
    while isReachGrowing {
      isReachGrowing = false
      for set in sets(Reach(own: themes, reached: reached)) where !evaluated.contains(set) {
        // Past the budget every evaluation fails, and so does the load.
        if budget.isExhausted { return nil }
        guard axes.isQuerySet(set, reached: reached) else { continue }
        evaluated.insert(set)
        if !failedSets.isEmpty {
          let setThemes = Set(set.themes)
          if failedSets.contains(where: { setThemes.isSuperset(of: $0.themes) }) { continue }
        }
        let (values, reachedHere) = tracked(set, properties)
        if !reached.isSuperset(of: reachedHere) {
          reached.formUnion(reachedHere)
          isReachGrowing = true
        }
        guard let values else {
          failedSets.append(set)
          continue
        }
        guard let known = base else {
          base = values
          continue
        }
        let key = axes.valuesKey(set)
        if values != known, !key.isEmpty { themed[key] = values }
      }
    }
    guard let base, failedSets.isEmpty else { return nil }
    var style = Style(properties: base, themed: themed, source: source)
    style.dependsOn = dependsOn(Reach(own: themes, reached: reached))
    return style
  }

  /// `properties` under `set`, with the themes whose variables that reached.
  private mutating func tracked(
    _ set: ThemeSet, _ properties: (inout SheetCompiler, ThemeSet) -> Properties?
  ) -> (values: Properties?, reached: Set<String>) {
    let tracking = evaluator(set)
    let outer = tracking.startTracking()
    let values = properties(&self, set)
    return (values, tracking.endTracking(outer: outer))
  }

  /// Ends the sink's holding (`DiagnosticSink.hold()`): keeps or drops what
  /// an evaluation reported, and with dropped reports the failures kept
  /// meanwhile (`heldFailures`).
  private mutating func releaseDiagnostics(keeping: Bool) {
    sink.release(keeping: keeping)
    if !keeping { for (index, theme) in heldFailures { flattened[index]?[theme] = nil } }
    heldFailures = []
  }

  /// The themes with variables among those `reach` reached and its own:
  /// `themed` is keyed by sets of these alone, and a query's other themes
  /// change nothing (`Style.dependsOn`).
  private mutating func dependsOn(_ reach: Reach) -> Set<String> {
    if let known = dependsOnByReach[reach] { return known }
    let themes = reach.reached.union(reach.own.themes.filter(axes.hasVariables))
    dependsOnByReach[reach] = themes
    return themes
  }

  private mutating func ownProperties(_ index: Int, theme: ThemeSet) -> Properties? {
    let definition = definitions.styles[index]
    guard !theme.isEmpty else {
      let values = evaluator(.none).values(ofStyleBody: definition.body, file: definition.file)
      lastUnthemed = values.map { (index, $0) }
      return values?.properties
    }
    let unthemed = lastUnthemed.flatMap { $0.index == index ? $0.values : nil }
    return evaluator(theme).values(ofStyleBody: definition.body, file: definition.file, unthemed: unthemed)?.properties
  }

  /// One style being flattened: its `extends` are taken in order, each
  /// target flattened before its properties go underneath.
  private struct Flattening {
    let index: Int
    let theme: ThemeSet
    /// The themes the evaluation around this one had reached
    /// (`ValueEvaluator.startTracking`).
    let outerReached: Set<String>
    /// Flattened for a style that extends it: the result is kept.
    let isTarget: Bool
    var result: Properties?
    var nextExtension = 0
  }

  /// The styles being flattened, each extending the one above it; a
  /// style's flag in `isOnChain` is set while it is on one, so that finding
  /// a cycle does not scan the chain.
  private struct Chain {
    var links: [Flattening] = []

    mutating func append(_ flattening: Flattening, flags: inout [Bool]) {
      links.append(flattening)
      flags[flattening.index] = true
    }

    mutating func removeLast(flags: inout [Bool]) -> Flattening {
      let last = links.removeLast()
      flags[last.index] = false
      return last
    }
  }

  /// The definition's properties under `theme` with everything it extends
  /// underneath. The chain of styles being flattened is a stack here, not
  /// recursion: a sheet may chain thousands of `extends`, and a call per
  /// link ran out of stack (20,000 links on an 8 MB stack).
  private mutating func flatten(_ index: Int, theme: ThemeSet) -> Properties? {
    var chain = Chain(links: spareLinks)
    spareLinks = []
    // The chain ends empty (its first style is the result): its buffer is kept.
    defer {
      assert(chain.links.isEmpty)
      spareLinks = chain.links
    }
    if let answer = begin(index, theme: theme, chain: &chain) { return answer }
    while let top = chain.links.indices.last {
      let extensions = definitions.styles[chain.links[top].index].extends
      guard chain.links[top].nextExtension < extensions.count else {
        let finished = chain.removeLast(flags: &isOnChain)
        let (result, reached) = finish(finished)
        guard let parent = chain.links.indices.last else { return result }
        // A target under other themes than the style: what it reached is the style's too.
        if chain.links[parent].theme != finished.theme { evaluator(chain.links[parent].theme).noteReached(reached) }
        inherit(result, into: parent, of: &chain)
        continue
      }
      let position = chain.links[top].nextExtension
      let extended = extensions[position]
      chain.links[top].nextExtension += 1
      guard let target = extensionTargets[chain.links[top].index]?[position] ?? nil else {
        let definition = definitions.styles[chain.links[top].index]
        let hint = Suggestion.hint(for: extended.text, among: definitions.styles[..<styleCount].lazy.map(\.name))
        sink.error(
          "extends unknown selector '\(extended.text)'\(hint.text)", .unknownExtends,
          at: extended.position.location(in: definition.file),
          suggestion: hint.name)
        chain.links[top].result = nil
        continue
      }
      // A themed target is evaluated under its own themes, with the chain's
      // on the other axes.
      let targetThemes = definitions.styles[target].selector.themes
      let targetTheme =
        targetThemes.isEmpty
        ? chain.links[top].theme
        : axes.themeSet(
          targetThemes
            + chain.links[top].theme.themes.filter { theme in
              !targetThemes.contains { axes.slot(of: $0) == axes.slot(of: theme) }
            })
      // Answered at once (kept, or a cycle), or pushed and inherited when finished.
      if let answer = begin(target, theme: targetTheme, chain: &chain) { inherit(answer, into: top, of: &chain) }
    }
    preconditionFailure("the chain ends with its first style")
  }

  /// Starts flattening `index` under `theme` on top of `chain`, or answers at
  /// once: a kept result, or nil after reporting a cycle. (The answer is an
  /// optional of an optional: nil means a frame was pushed.)
  private mutating func begin(_ index: Int, theme: ThemeSet, chain: inout Chain) -> Properties?? {
    if let kept = flattened[index]?[theme] {
      // Reached for the style being flattened, under its own themes.
      evaluator(chain.links.last.map(\.theme) ?? theme).noteReached(kept.reached)
      return .some(kept.properties)
    }
    if isOnChain[index] {
      let start = chain.links.firstIndex { $0.index == index }!
      let cycle = (chain.links[start...].map(\.index) + [index]).map { definitions.styles[$0].name }
      sink.error(
        "extends cycle: \(cycle.joined(separator: " -> "))", .extendsCycle, at: definitions.styles[index].source)
      return .some(nil)
    }
    let outer = evaluator(theme).startTracking()
    // Most styles extend nothing: their own properties are the result.
    let result: Properties? = definitions.styles[index].extends.isEmpty ? nil : Properties()
    chain.append(
      Flattening(index: index, theme: theme, outerReached: outer, isTarget: !chain.links.isEmpty, result: result),
      flags: &isOnChain)
    return nil
  }

  /// Puts the style's own properties over what it inherited, and keeps the
  /// result when a style extends it; returns it with the themes its
  /// evaluation reached.
  private mutating func finish(_ flattening: Flattening) -> (properties: Properties?, reached: Set<String>) {
    var result = flattening.result
    if let own = ownProperties(flattening.index, theme: flattening.theme) {
      if definitions.styles[flattening.index].extends.isEmpty {
        result = own
      } else {
        for (key, value) in own { result?[key] = value }
      }
    } else {
      result = nil
    }
    let reached =
      evaluator(flattening.theme).endTracking(outer: flattening.outerReached)
    if flattening.isTarget {
      flattened[flattening.index, default: [:]][flattening.theme] = (result, reached)
      if result == nil { heldFailures.append((flattening.index, flattening.theme)) }
    }
    return (result, reached)
  }

  /// Puts `inherited` underneath the result of `chain[position]`, charged to
  /// its theme's budget; nil (a failed target, or no budget left) fails it.
  private mutating func inherit(_ inherited: Properties?, into position: Int, of chain: inout Chain) {
    let flattening = chain.links[position]
    guard let inherited,
      evaluator(flattening.theme).chargeInherited(
        inherited.count, at: definitions.styles[flattening.index].source)
    else {
      chain.links[position].result = nil
      return
    }
    for (key, value) in inherited { chain.links[position].result?[key] = value }
  }

  /// A variable leaf no evaluation of a style, the default or a variable
  /// they use reached.
  private struct UnreachedVariable {
    var path: String
    /// The theme whose `variables:` define it; nil for the global ones.
    var theme: String?
    var location: SourceLocation
  }

  /// The variable leaves no evaluation used, global ones first, then each
  /// theme's in load order.
  private func unreachedVariables() -> [UnreachedVariable] {
    var used: Set<String> = []
    for evaluator in evaluators.values { used.formUnion(evaluator.used) }
    var trees: [(theme: String?, tree: VariableTree)] = [(nil, definitions.variables)]
    trees += definitions.themeVariables.map { ($0.key, $0.value) }
    var unreached: [UnreachedVariable] = []
    for (theme, tree) in trees {
      for (path, leaf) in tree.leaves where !used.containsVariable(orMapOf: path) {
        unreached.append(UnreachedVariable(path: path, theme: theme, location: leaf.key.location(in: leaf.file)))
      }
    }
    return unreached
  }

  /// Evaluates the variables no evaluation reached, so that an unknown name or a
  /// cycle among them is an error too: a sheet's variables are checked
  /// whether or not a style uses them yet. More cheaply than a style's:
  /// under the variable's own themes (none for a global one; the theme
  /// that alone defines it), then under each theme whose variables it
  /// reaches, beside those, every other axis at its default; the first set
  /// that fails ends it. A cycle that forms only under two themes of
  /// different axes is not looked for there: a design system's token
  /// library, mostly unused by any one app, would cost every set of themes
  /// for every token.
  private mutating func checkUnreachedVariables(_ unreached: [UnreachedVariable]) {
    for variable in unreached {
      if variable.theme != nil, definitions.variables.lookup(variable.path.split(separator: ".")) != nil { continue }
      // One checked before may have reached it (`a: $b` checks `b`): under
      // a set of themes where the path is this leaf, not another theme's.
      if evaluators.contains(where: { set, evaluator in
        evaluator.used.contains(variable.path) && definingTheme(of: variable.path, under: set) == variable.theme
      }) {
        continue
      }
      let mark = SourcePosition(line: variable.location.line, column: variable.location.column)
      // Under a theme that puts a value where its map was, the variable is
      // not there to check: a use of it is what fails, at the use.
      let check: (inout SheetCompiler, ThemeSet) -> Properties? = { compiler, theme in
        let evaluator = compiler.evaluator(theme)
        guard evaluator.isDefined(variable.path) else { return [:] }
        return evaluator.variable(variable.path, at: mark, file: variable.location.file) == nil ? nil : [:]
      }
      let own = variable.theme.map(ThemeSet.init) ?? .none
      sink.hold()
      let (values, reached) = tracked(own, check)
      // As for a style: errors under a set no query has are dropped.
      let isOwnResolved = axes.isQuerySet(own, reached: reached)
      releaseDiagnostics(keeping: isOwnResolved)
      if values == nil && isOwnResolved { continue }
      let reach = Reach(own: own, reached: reached)
      let sets = checkSetsByReach[reach] ?? checkSets(reach)
      checkSetsByReach[reach] = sets
      for set in sets where !(isOwnResolved && set == own) {
        if tracked(set, check).values == nil { break }
      }
    }
  }

  /// The theme whose leaf `path` is under `set` (the last in axis order
  /// that defines it); nil for the global one.
  private func definingTheme(of path: String, under set: ThemeSet) -> String? {
    let segments = path.split(separator: ".", omittingEmptySubsequences: false)
    return set.themes.last { definitions.themeVariables[$0]?.lookup(segments) != nil }
  }

  /// The sets `checkUnreachedVariables` evaluates a variable under after its
  /// own themes: its own at the axis defaults, then with each theme of
  /// another axis that it reached; each once.
  private func checkSets(_ reach: Reach) -> [ThemeSet] {
    let own = reach.own
    let ownSlots = Set(own.themes.map(axes.slot(of:)))
    let reachedThemes = axes.themeSet(
      axes.variableThemes.filter { reach.reached.contains($0) }
        .filter { !ownSlots.contains(axes.slot(of: $0)) }
    ).themes
    var sets: [ThemeSet] = []
    for themes in [own.themes] + reachedThemes.map({ own.themes + [$0] }) {
      let set = axes.atDefaults(ThemeSet(unique: themes))
      if !sets.contains(set) { sets.append(set) }
    }
    return sets
  }

  /// Warns of each variable nothing refers to (`SheetOutline`), once the
  /// sheet has no error.
  private func warnUnreferencedVariables() {
    guard !sink.hasErrors else { return }
    for variable in definitions.outline.unreferencedVariables() {
      sink.warning("unused variable '\(variable.path)'", .unusedVariable, at: variable.location)
    }
  }
}
