/// What a change to the sheets changes in the styles and variables
/// themselves, when no app's nodes are at hand (`stylist diff` without
/// `--nodes` or `--tree`): the styles and variables added and removed, and
/// for each set of themes compared the styles whose resolved properties
/// change there and the variables whose resolved values do.
///
/// Variables (tokens included) are told apart by their path, and compared
/// leaf by leaf with every reference resolved, as a query sees them: a
/// palette colour that changes shows at its own path and at every alias
/// of it. A variable that does not resolve under a set is left out there.
///
/// Styles are told apart by their registered selector (the default style
/// is one more, with no selector). A style's properties under a set of
/// themes are the ones the dump shows (`stylist dump --theme`), the
/// values a query naming the style's own themes gets; a change to a
/// variable shows in every style that resolves it. Sources are shown, not
/// compared: a style that only moved is no change. A set of themes after
/// the first lists only the styles whose change there is not the one they
/// have under the first: a new colour under no theme that is the same
/// under `dark` is said once.
public struct SheetDiff: Hashable, Sendable {
  /// The sets of current themes compared, in order: the first is the
  /// one added and removed styles are shown under.
  public var themeSets: [[String]]
  /// Styles only the new sheets have, in their load order.
  public var added: [Entry]
  /// Styles only the old sheets have, in their load order.
  public var removed: [Entry]
  /// For each of ``themeSets`` that changes something, the styles whose
  /// properties change there, in the new sheets' load order, and the
  /// variables whose values do.
  public var changed: [ThemedChanges]
  /// Variable leaves only the new sheets have, under the first set, in order.
  public var addedVariables: [Variable]
  /// Variable leaves only the old sheets have, under the first set, in order.
  public var removedVariables: [Variable]

  /// Whether anything is added, removed or changed.
  public var hasChanges: Bool {
    !added.isEmpty || !removed.isEmpty || !changed.isEmpty || !addedVariables.isEmpty || !removedVariables.isEmpty
  }

  /// A diff with these fields.
  public init(
    themeSets: [[String]], added: [Entry], removed: [Entry], changed: [ThemedChanges],
    addedVariables: [Variable] = [], removedVariables: [Variable] = []
  ) {
    (self.themeSets, self.added, self.removed, self.changed) = (themeSets, added, removed, changed)
    (self.addedVariables, self.removedVariables) = (addedVariables, removedVariables)
  }

  /// A variable leaf on one side: its path (`color.text`), its value with
  /// every reference resolved, and where it is written.
  public struct Variable: Hashable, Sendable {
    public var path: String
    public var value: PropertyValue
    public var source: SourceLocation

    /// A variable with these fields.
    public init(path: String, value: PropertyValue, source: SourceLocation) {
      (self.path, self.value, self.source) = (path, value, source)
    }
  }

  /// A variable on both sides whose value differs.
  public struct VariableChange: Hashable, Sendable {
    public var before: Variable
    public var after: Variable

    /// A change from `before` to `after`.
    public init(before: Variable, after: Variable) { (self.before, self.after) = (before, after) }
  }

  /// A style on one side: its selector (nil for the default style), where
  /// it is written, its properties under the themes compared.
  public struct Entry: Hashable, Sendable {
    public var selector: String?
    public var source: SourceLocation?
    public var properties: Properties

    /// An entry with these fields.
    public init(selector: String?, source: SourceLocation?, properties: Properties) {
      (self.selector, self.source, self.properties) = (selector, source, properties)
    }
  }

  /// The styles that change under one set of current themes.
  public struct ThemedChanges: Hashable, Sendable {
    /// The themes, in axis order; empty for none (axis defaults apply).
    public var themes: [String]
    /// Each style that changes, in the new sheets' load order.
    public var styles: [StyleChange]
    /// Each variable leaf whose value changes, in the new sheets' order.
    public var variables: [VariableChange]

    /// Changes under `themes`.
    public init(themes: [String], styles: [StyleChange], variables: [VariableChange] = []) {
      (self.themes, self.styles, self.variables) = (themes, styles, variables)
    }
  }

  /// A style on both sides.
  public struct StyleChange: Hashable, Sendable {
    public var before: Entry
    public var after: Entry

    /// A change from `before` to `after`.
    public init(before: Entry, after: Entry) { (self.before, self.after) = (before, after) }
  }
}

extension SheetDiff {
  /// The diff from `old`'s sheets to `new`'s. Under each engine's themes
  /// when either has some set (one set compared); else under no theme
  /// (axis defaults), then under each theme either side knows, alone.
  public init(old: StyleEngine, new: StyleEngine) {
    let (oldIndex, oldOptions) = old.snapshot
    let (newIndex, newOptions) = new.snapshot
    var sets: [[String]]
    if !oldOptions.themes.isEmpty || !newOptions.themes.isEmpty {
      sets = [newOptions.themes.isEmpty ? oldOptions.themes : newOptions.themes]
    } else {
      sets = [[]]
      for theme in oldIndex.themes + newIndex.themes where !sets.contains([theme]) { sets.append([theme]) }
    }
    self.init(old: oldIndex, new: newIndex, themeSets: sets)
  }

  /// The diff from `old` to `new` under each of `themeSets`.
  init(old: StyleIndex, new: StyleIndex, themeSets: [[String]]) {
    self.init(themeSets: themeSets, added: [], removed: [], changed: [])
    /// The styles of one side under one set, by selector (nil: the default).
    func entries(_ index: StyleIndex, _ themes: [String]) -> [(key: String?, entry: Entry)] {
      let resolved = index.resolvedStyles(themes: themes)
      var entries: [(key: String?, entry: Entry)] = zip(resolved.rules, resolved.properties).map { rule, properties in
        (rule.name, Entry(selector: rule.name, source: rule.source, properties: properties))
      }
      if let properties = resolved.defaultProperties {
        entries.append((nil, Entry(selector: nil, source: index.defaultStyle?.source, properties: properties)))
      }
      return entries
    }
    /// The variable leaves of one side under one set, resolved.
    func variables(_ index: StyleIndex, _ themes: [String]) -> [Variable] {
      let set = index.axes.atDefaults(index.axes.themeSet(themes))
      let evaluated = (try? VariableEvaluation(sources: index.variables).variables(under: set)) ?? []
      return evaluated.map { Variable(path: $0.dottedPath, value: $0.value, source: $0.location) }
    }
    /// Each style's change under the first set, to tell the later sets' apart.
    var firstChanges: [String?: (before: Properties, after: Properties)] = [:]
    var firstVariableChanges: [String: (before: PropertyValue, after: PropertyValue)] = [:]
    for (position, themes) in themeSets.enumerated() {
      let before = entries(old, themes)
      let after = entries(new, themes)
      var beforeByKey: [String?: Entry] = [:]
      for (key, entry) in before { beforeByKey[key] = entry }
      if position == 0 {
        let afterKeys = Set(after.map(\.key))
        removed = before.filter { !afterKeys.contains($0.key) }.map(\.entry)
        added = after.filter { beforeByKey[$0.key] == nil }.map(\.entry)
      }
      var styles: [StyleChange] = []
      for (key, entry) in after {
        guard let earlier = beforeByKey[key],
          !NodeDiff.Answer.sameProperties(earlier.properties, entry.properties)
        else { continue }
        if position == 0 {
          firstChanges[key] = (earlier.properties, entry.properties)
        } else if let first = firstChanges[key], NodeDiff.Answer.sameProperties(first.before, earlier.properties),
          NodeDiff.Answer.sameProperties(first.after, entry.properties)
        {
          continue
        }
        styles.append(StyleChange(before: earlier, after: entry))
      }
      let (beforeVariables, afterVariables) = (variables(old, themes), variables(new, themes))
      var beforeByPath: [String: Variable] = [:]
      for variable in beforeVariables { beforeByPath[variable.path] = variable }
      if position == 0 {
        let afterPaths = Set(afterVariables.map(\.path))
        removedVariables = beforeVariables.filter { !afterPaths.contains($0.path) }
        addedVariables = afterVariables.filter { beforeByPath[$0.path] == nil }
      }
      var variableChanges: [VariableChange] = []
      for variable in afterVariables {
        guard let earlier = beforeByPath[variable.path], !earlier.value.isSame(as: variable.value) else {
          continue
        }
        if position == 0 {
          firstVariableChanges[variable.path] = (earlier.value, variable.value)
        } else if let first = firstVariableChanges[variable.path], first.before.isSame(as: earlier.value),
          first.after.isSame(as: variable.value)
        {
          continue
        }
        variableChanges.append(VariableChange(before: earlier, after: variable))
      }
      if !styles.isEmpty || !variableChanges.isEmpty {
        changed.append(ThemedChanges(themes: themes, styles: styles, variables: variableChanges))
      }
    }
  }
}
