extension StyleSheet {
  /// The fully resolved sheet under `theme`: imports merged, variables
  /// substituted, `extends` flattened, groups and themes expanded.
  ///
  /// `styles` lists every rule by its registered selector, in load order;
  /// a themed rule shows its values under its own theme.
  public func resolvedDump(theme: String? = nil) -> PropertyValue {
    var dump = Properties()
    if let mode { dump["mode"] = .string(mode.rawValue) }
    if let theme { dump["theme"] = .string(theme) }
    if let defaultStyle { dump["default"] = .map(defaultStyle.properties(underTheme: theme)) }
    var styles = Properties()
    for rule in StyleIndex(sheets: [self]).rules {
      styles[rule.name] = .map(rule.style.properties(underTheme: rule.selector.theme ?? theme))
    }
    dump["styles"] = .map(styles)
    return .map(dump)
  }
}
