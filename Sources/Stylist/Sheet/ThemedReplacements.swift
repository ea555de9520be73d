/// Finds themed styles that drop properties of the style they replace, for
/// `lint` (`themed-drops-properties`).
///
/// The best match replaces: under `dark`, `@dark/header/title { color }`
/// wins over `header/title { color, size, bold }`, and `size` and `bold`
/// are gone. A themed selector is checked against its unthemed twin (the
/// same components and token without the theme), which it outranks wherever
/// both apply in either mode; a themed style that keeps every property of
/// its twin (written out, or through `extends`) is not reported. Looser
/// pairs (a themed `title` against `header/title`) are left alone: whether
/// one replaces the other depends on the node.
enum ThemedReplacements {
  /// A warning at each themed rule of `rules` that lacks properties its
  /// unthemed twin has under the same theme.
  static func warnings(rules: [StyleRule]) -> [SheetDiagnostic] {
    var unthemed: [StyleSelector: Int] = [:]
    for (position, rule) in rules.enumerated() where rule.selector.theme == nil {
      unthemed[rule.selector] = position
    }
    var warnings: [SheetDiagnostic] = []
    for rule in rules {
      guard let theme = rule.selector.theme, let source = rule.style.source else { continue }
      let twinSelector = StyleSelector(components: rule.selector.components, token: rule.selector.token)
      guard let twin = unthemed[twinSelector].map({ rules[$0] }) else { continue }
      let kept = rule.style.properties(underTheme: theme)
      let dropped = twin.style.properties(underTheme: theme).keys.filter { kept[$0] == nil }
      guard !dropped.isEmpty else { continue }
      let names = dropped.map { "'\($0)'" }.joined(separator: ", ")
      let (noun, pronoun) = dropped.count == 1 ? ("property", "it") : ("properties", "them")
      warnings.append(
        SheetDiagnostic(
          .warning,
          "'\(rule.name)' replaces '\(twin.name)' under theme '\(theme)' and drops its \(noun) \(names); "
            + "add 'extends: [\(twin.name)]' to keep \(pronoun), or write \(pronoun) out",
          kind: .themedDropsProperties, at: source))
    }
    return warnings
  }
}
