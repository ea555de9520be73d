extension StyleSheet {
  /// The fully resolved sheet under `theme`: imports merged, variables
  /// substituted, `extends` flattened, groups and themes expanded.
  ///
  /// `styles` lists every rule by its registered selector, in load order;
  /// a themed rule shows its values under its own theme.
  public func resolvedDump(theme: String? = nil) -> PropertyValue { .map(resolvedEntries(theme: theme)) }

  /// The entries of `resolvedDump(theme:)`, in order.
  private func resolvedEntries(theme: String?) -> Properties {
    var dump = Properties()
    if let mode { dump["mode"] = .string(mode.rawValue) }
    if let theme { dump["theme"] = .string(theme) }
    if let defaultStyle { dump["default"] = .map(defaultStyle.properties(underTheme: theme)) }
    var styles = Properties()
    for rule in StyleIndex.latestRules(of: [self]) {
      styles[rule.name] = .map(rule.style.properties(underTheme: rule.selector.theme ?? theme))
    }
    dump["styles"] = .map(styles)
    return dump
  }

  /// The resolved sheet under `theme` as a sheet that loads back and gives
  /// the same answers under `theme`: `resolvedDump` without its `theme`
  /// entry (not a sheet key), every `$` in a string written `$$` so that
  /// no resolved value reads as a variable reference.
  package func resolvedSheet(theme: String?) -> PropertyValue {
    var dump = resolvedEntries(theme: theme)
    dump.removeValue(forKey: "theme")
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
