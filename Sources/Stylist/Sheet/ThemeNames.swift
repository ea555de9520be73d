/// Checks on theme names: a theme asked for that no sheet mentions, and two
/// themes one typo apart (`@drak/button` beside a declared `dark`).
enum ThemeNames {
  /// Every theme mentioned: declared in `themes:` blocks, then named by
  /// selectors, each once, in that order.
  static func mentioned(declared: some Sequence<String>, rules: [StyleRule]) -> [String] {
    var seen: Set<String> = []
    var names: [String] = []
    for theme in declared where seen.insert(theme).inserted { names.append(theme) }
    for rule in rules {
      for theme in rule.selector.themes where seen.insert(theme).inserted { names.append(theme) }
    }
    return names
  }

  /// What to say about `theme` when no sheet mentions it (`known` are the
  /// themes mentioned), with the closest one as a suggestion; nil for a
  /// mentioned theme (`StyleEngine.unknownThemeWarning(_:at:)` words the warning).
  static func unknownTheme(_ theme: String, known: [String]) -> (message: String, suggestion: String?)? {
    guard !known.contains(theme) else { return nil }
    let hint = Suggestion.hint(for: theme, among: known)
    return ("no loaded sheet mentions theme '\(theme)'\(hint.text)", hint.name)
  }

  /// For each pair of themes one typo apart, a warning at the first
  /// selector of the one that looks mistyped: the undeclared one, else the
  /// one fewer selectors use, else the one mentioned later.
  static func similarThemeWarnings(declared: [String], rules: [StyleRule]) -> [SheetDiagnostic] {
    var uses: [String: (count: Int, first: SourceLocation?)] = [:]
    for rule in rules {
      for theme in rule.selector.themes { uses[theme, default: (0, rule.style.source)].count += 1 }
    }
    let names = mentioned(declared: declared, rules: rules)
    let isDeclared = Set(declared)
    var warnings: [SheetDiagnostic] = []
    for (position, theme) in names.enumerated() {
      guard let location = uses[theme]?.first else { continue }
      let others = names.filter { $0 != theme }
      guard let other = Suggestion.closest(to: theme, among: others) else { continue }
      let rank = { (name: String) in
        (isDeclared.contains(name) ? 1 : 0, uses[name]?.count ?? 0, -(names.firstIndex(of: name) ?? position))
      }
      guard rank(theme) < rank(other) else { continue }
      warnings.append(
        SheetDiagnostic(
          .warning, "theme '\(theme)' is one typo away from theme '\(other)'; did you mean '\(other)'?",
          kind: .similarTheme, at: location, suggestion: other))
    }
    return warnings
  }
}

extension StyleSheet {
  /// The themes this sheet mentions: listed by `axes:`, declared in
  /// `themes:` blocks, then named by selectors, each once (as
  /// `StyleEngine.knownThemes` lists them).
  public var mentionedThemes: [String] {
    ThemeNames.mentioned(declared: axes.flatMap(\.themes) + themes, rules: rules)
  }
}
