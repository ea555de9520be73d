/// Finds themed styles that drop properties of a style they replace, for
/// `lint` (`themed-drops-properties`).
///
/// The best match replaces: under `dark`, `@dark/header/title { color }`
/// wins over `header/title { color, size, bold }`, and `size` and `bold`
/// are gone. A themed selector replaces an unthemed one wherever both apply
/// when it outranks it there:
/// - its twin (the same components and token without the theme), in either
///   mode: the fix is `extends` of the twin;
/// - in `themed` mode, every unthemed selector it applies wherever that one
///   does (a themed selector beats every unthemed one): `@dark/title`
///   replaces `header/title` on every `header/…/title`, where `extends`
///   cannot help; the fix is a themed `header/title` of its own, or the
///   cascade.
/// The second test is sound, not complete (`StyleSelector.appliesWherever`):
/// a reported pair is a real replacement. Properties are compared under the
/// theme, after `extends` is flattened, so a themed style that keeps every
/// property (written out or inherited) is quiet.
enum ThemedReplacements {
  /// Most selector pairs compared per sheet, so that a hostile sheet
  /// cannot make `lint` quadratic.
  static let comparisonBudget = 1_000_000

  /// A warning at each themed rule of `rules` for each unthemed rule it
  /// replaces and drops properties of, under `mode`.
  static func warnings(rules: [StyleRule], mode: PrecedenceMode) -> [SheetDiagnostic] {
    var unthemedByToken: [String: [Int]] = [:]
    var unthemedByShape: [Shape: [Int]] = [:]
    var unthemedPatterns: [Int] = []
    var twins: [StyleSelector: Int] = [:]
    for (position, rule) in rules.enumerated() where rule.selector.themes.isEmpty {
      twins[rule.selector] = position
      if case .exact(let token) = rule.selector.token.name {
        unthemedByToken[token, default: []].append(position)
        for shape in Shape.all(of: rule.selector, token: token) { unthemedByShape[shape, default: []].append(position) }
      } else {
        unthemedPatterns.append(position)
      }
    }
    var warnings: [SheetDiagnostic] = []
    var budget = comparisonBudget
    for rule in rules {
      // One theme: a selector of several themes replaces under their set,
      // whose values are not one theme's.
      guard rule.selector.themes.count == 1, let theme = rule.selector.theme, let source = rule.style.source else {
        continue
      }
      let twinSelector = StyleSelector(components: rule.selector.components, token: rule.selector.token)
      if let twin = twins[twinSelector], let dropped = dropped(by: rule, from: rules[twin], theme) {
        let (noun, pronoun) = dropped.count == 1 ? ("property", "it") : ("properties", "them")
        warnings.append(
          SheetDiagnostic(
            .warning,
            "'\(rule.name)' replaces '\(rules[twin].name)' under theme '\(theme)' and drops its \(noun) "
              + "\(quoted(dropped)); add 'extends: [\(rules[twin].name)]' to keep \(pronoun), or write \(pronoun) out",
            kind: .themedDropsProperties, at: source))
      }
      guard mode == .themed else { continue }
      let candidates: [Int] =
        if case .exact(let token) = rule.selector.token.name {
          rule.selector.components.isEmpty
            ? unthemedByToken[token] ?? [] : unthemedByShape[Shape(of: rule.selector, token: token)] ?? []
        } else {
          unthemedByToken.values.flatMap { $0 } + unthemedPatterns
        }
      budget -= candidates.count
      if budget < 0 { break }
      var losers: [String] = []
      for position in candidates.sorted() where rules[position].selector != twinSelector {
        guard rule.selector.appliesWherever(rules[position].selector),
          let dropped = dropped(by: rule, from: rules[position], theme)
        else { continue }
        losers.append("'\(rules[position].name)' (\(quoted(dropped)))")
      }
      guard !losers.isEmpty else { continue }
      let shown =
        losers.count > 3
        ? losers[..<3].joined(separator: ", ") + " and \(losers.count - 3) more" : losers.joined(separator: ", ")
      let noun = losers.count == 1 ? "an unthemed style" : "\(losers.count) unthemed styles"
      warnings.append(
        SheetDiagnostic(
          .warning,
          "'\(rule.name)' replaces \(noun) wherever it applies under theme '\(theme)' and drops properties: "
            + "\(shown); in themed mode a themed selector beats every unthemed one: theme those styles too, "
            + "set their values with the theme's variables, or ask for the cascade",
          kind: .themedDropsProperties, at: source))
    }
    return warnings
  }

  /// What a selector with components and an exact token must share with
  /// one it applies wherever (`StyleSelector.appliesWherever`): the token,
  /// the number of components, and the first one's name when that is exact
  /// (an exact name covers itself alone). Unthemed rules are filed under
  /// their shape with and without that name, so that a themed rule meets
  /// only the ones it may replace, not every rule of its token.
  struct Shape: Hashable {
    var token: String
    var components: Int
    /// The first component's exact name; nil to stand for any.
    var firstName: String?

    /// A themed selector's shape, to look its candidates up by.
    init(of selector: StyleSelector, token: String) {
      self.token = token
      components = selector.components.count
      if case .exact(let name)? = selector.components.first?.name { firstName = name }
    }

    private init(token: String, components: Int, firstName: String?) {
      self.token = token
      self.components = components
      self.firstName = firstName
    }

    /// The shapes an unthemed selector is filed under.
    static func all(of selector: StyleSelector, token: String) -> [Shape] {
      let named = Shape(of: selector, token: token)
      guard named.firstName != nil else { return [named] }
      return [named, Shape(token: token, components: named.components, firstName: nil)]
    }
  }

  /// The properties `replaced` has under `theme` that `themed` lacks; nil for none.
  private static func dropped(by themed: StyleRule, from replaced: StyleRule, _ theme: String) -> [String]? {
    let kept = themed.style.properties(under: ThemeSet(theme))
    let dropped = replaced.style.properties(under: ThemeSet(theme)).keys.filter { kept[$0] == nil }
    return dropped.isEmpty ? nil : Array(dropped)
  }

  private static func quoted(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }
}
