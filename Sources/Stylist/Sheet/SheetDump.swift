extension StyleSheet {
  /// The fully resolved sheet under `theme`: imports merged, variables
  /// substituted, `extends` flattened, groups and themes expanded.
  ///
  /// `styles` lists every rule by its registered selector, in load order;
  /// a themed rule shows its values under its own theme. Forwards to
  /// ``resolvedDump(themes:)``.
  public func resolvedDump(theme: String? = nil) -> PropertyValue { resolvedDump(themes: theme.map { [$0] } ?? []) }

  /// The resolved sheet under the current `themes` (at most one per axis;
  /// axes without one at their defaults): as ``resolvedDump(theme:)``, a
  /// themed rule under its own themes with `themes` on the other axes,
  /// `axes:` written back so that the dump loads again, and, when the sheet
  /// has design tokens, `designTokens`: each token's `$type`,
  /// `$description`, `$deprecated` and `$extensions` by its path.
  public func resolvedDump(themes: [String]) -> PropertyValue { .map(resolvedEntries(themes: themes)) }

  /// The entries of `resolvedDump(themes:)`, in order.
  private func resolvedEntries(themes: [String]) -> Properties {
    var dump = Properties()
    if let mode { dump["mode"] = .string(mode.rawValue) }
    if !axes.isEmpty {
      var written = Properties()
      for axis in axes {
        let list = PropertyValue.list(axis.themes.map(PropertyValue.string))
        written[axis.name] = axis.defaultTheme.map { .map(["themes": list, "default": .string($0)]) } ?? list
      }
      dump["axes"] = .map(written)
    }
    if themes.count == 1 { dump["theme"] = .string(themes[0]) }
    if themes.count > 1 { dump["theme"] = .list(themes.map(PropertyValue.string)) }
    let resolved = StyleIndex(sheets: [self]).resolvedStyles(themes: themes)
    if let defaultProperties = resolved.defaultProperties { dump["default"] = .map(defaultProperties) }
    var styles = Properties()
    for (rule, properties) in zip(resolved.rules, resolved.properties) { styles[rule.name] = .map(properties) }
    dump["styles"] = .map(styles)
    if let tokens = tokenProperties(themes: themes) { dump["designTokens"] = .map(tokens) }
    return dump
  }

  /// What the design tokens say of themselves under `themes`, by path, in
  /// DTCG's words (`$type`, `$description`, `$deprecated`, `$extensions`):
  /// their values are in the styles that use them, this is the rest. A
  /// context's token replaces the set's at its path; nil without tokens.
  private func tokenProperties(themes: [String]) -> Properties? {
    var current = Set(themes)
    for axis in axes where !axis.themes.contains(where: current.contains) {
      if let theme = axis.defaultTheme { current.insert(theme) }
    }
    var tokens = Properties()
    for token in outline.tokens where token.theme.map(current.contains) ?? true {
      var written = Properties()
      if let type = token.type { written["$type"] = .string(type) }
      if let description = token.description { written["$description"] = .string(description) }
      if let deprecation = token.deprecation {
        written["$deprecated"] = deprecation.reason.map(PropertyValue.string) ?? .bool(true)
      }
      if let extensions = token.extensions { written["$extensions"] = extensions }
      tokens[token.path] = .map(written)
    }
    return tokens.isEmpty ? nil : tokens
  }

  /// The resolved sheet under `theme` as a sheet that loads back and gives
  /// the same answers under `theme`: `resolvedDump` without its `theme`
  /// and `designTokens` entries (no sheet keys), every `$` in a string written `$$` so that
  /// no resolved value reads as a variable reference.
  package func resolvedSheet(themes: [String]) -> PropertyValue {
    var dump = resolvedEntries(themes: themes)
    dump.removeValue(forKey: "theme")
    dump.removeValue(forKey: "designTokens")
    return Self.escapingReferences(.map(dump))
  }

  private static func doublingDollars(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count + 2)
    for character in text {
      if character == "$" { escaped += "$$" } else { escaped.append(character) }
    }
    return escaped
  }

  private static func escapingReferences(_ value: PropertyValue) -> PropertyValue {
    switch value {
    case .string(let text) where text.contains("$"): .string(doublingDollars(text))
    case .list(let items): .list(items.map(escapingReferences))
    case .map(let map): .map(map.mapValues(escapingReferences))
    default: value
    }
  }
}

extension StyleIndex {
  /// Every rule's properties, and the default style's, as the dump and
  /// `diff` show them under the current `themes`: a rule's values under
  /// the current themes a query naming its own themes has, worked out as
  /// every query's are.
  func resolvedStyles(themes: [String]) -> (
    rules: [StyleRule], properties: [Properties], defaultProperties: Properties?
  ) {
    let options = options(themes: themes, mode: nil)
    let properties = rules.map { rule in
      rule.style.properties(under: currentThemes(options, node: rule.selector.themes).valuesKey)
    }
    return (rules, properties, defaultStyle?.properties(under: options.current!.valuesKey))
  }
}
