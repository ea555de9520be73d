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
///   replaces `header/title` on every `header/…/title`, and `@dark/card/title`
///   replaces `home/card/title`, where `extends` cannot help; the fix is a
///   themed style of their own, or the cascade.
/// The second test is sound, not complete (`StyleSelector.appliesWherever`):
/// a reported pair is a real replacement. Properties are compared under the
/// theme, after `extends` is flattened, so a themed style that keeps every
/// property (written out or inherited) is quiet.
enum ThemedReplacements {
  /// Most component pairs compared per sheet, so that a hostile sheet
  /// cannot make `lint` quadratic.
  static let comparisonBudget = 4_000_000

  /// A warning at each themed rule of `rules` for each unthemed rule it
  /// replaces and drops properties of, under `mode`.
  static func warnings(rules: [StyleRule], mode: PrecedenceMode) -> [SheetDiagnostic] {
    let unthemed = UnthemedIndex(rules: rules)
    var warnings: [SheetDiagnostic] = []
    var budget = comparisonBudget
    for rule in rules {
      // One theme: a selector of several themes replaces under their set,
      // whose values are not one theme's.
      guard rule.selector.themes.count == 1, let theme = rule.selector.theme, let source = rule.style.source else {
        continue
      }
      let themes = ThemeSet(theme)
      let kept = rule.style.properties(under: themes)
      let twinSelector = StyleSelector(components: rule.selector.components, token: rule.selector.token)
      if let twin = unthemed.twins[twinSelector], let dropped = dropped(from: rules[twin], keeping: kept, themes) {
        let (noun, pronoun) = dropped.count == 1 ? ("property", "it") : ("properties", "them")
        warnings.append(
          SheetDiagnostic(
            .warning,
            "'\(rule.name)' replaces '\(rules[twin].name)' under theme '\(theme)' and drops its \(noun) "
              + "\(quoted(dropped)); add 'extends: [\(rules[twin].name)]' to keep \(pronoun), or write \(pronoun) out",
            kind: .themedDropsProperties, at: source))
      }
      guard mode == .themed else { continue }
      let candidates = unthemed.candidates(for: rule.selector)
      budget -= candidates.count
      if budget < 0 { break }
      // The first three are named; the rest are only counted.
      var (named, losers) = ([String](), 0)
      for position in candidates where rules[position].selector != twinSelector {
        guard rule.selector.appliesWherever(rules[position].selector, budget: &budget) else { continue }
        let replaced = rules[position].style.properties(under: themes)
        guard replaced.keys.contains(where: { kept[$0] == nil }) else { continue }
        losers += 1
        if named.count < 3, let dropped = dropped(from: rules[position], keeping: kept, themes) {
          named.append("'\(rules[position].name)' (\(quoted(dropped)))")
        }
      }
      if budget < 0 { break }
      guard losers > 0 else { continue }
      let shown = named.joined(separator: ", ") + (losers > 3 ? " and \(losers - 3) more" : "")
      let noun = losers == 1 ? "an unthemed style" : "\(losers) unthemed styles"
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

  /// The unthemed rules, filed so that a themed selector meets every one it
  /// may apply wherever (`StyleSelector.appliesWherever`) and few others.
  /// An exact name covers itself alone, so each exact name of the themed
  /// selector must be the name of some component of the unthemed one, and
  /// an exact token its token: a rule is filed under each exact name of its
  /// components, per exact token and across tokens, and the themed selector
  /// looks up its rarest name. Positions stay in load order.
  struct UnthemedIndex {
    var twins: [StyleSelector: Int] = [:]
    private var byToken: [String: [Int]] = [:]
    private var byTokenAndName: [TokenAndName: [Int]] = [:]
    private var byName: [String: [Int]] = [:]
    private var all: [Int] = []

    private struct TokenAndName: Hashable {
      var token: String
      var name: String
    }

    init(rules: [StyleRule]) {
      for (position, rule) in rules.enumerated() where rule.selector.themes.isEmpty {
        twins[rule.selector] = position
        all.append(position)
        let names = Self.exactNames(of: rule.selector)
        for name in names { byName[name, default: []].append(position) }
        guard case .exact(let token) = rule.selector.token.name else { continue }
        byToken[token, default: []].append(position)
        for name in names { byTokenAndName[TokenAndName(token: token, name: name), default: []].append(position) }
      }
    }

    /// Every unthemed rule `selector` may apply wherever, in load order:
    /// those filed under all of its exact names (the lists intersected,
    /// rarest first), or under its token when it has none.
    func candidates(for selector: StyleSelector) -> [Int] {
      let names = Self.exactNames(of: selector)
      let lists: [[Int]]
      if case .exact(let token) = selector.token.name {
        guard !names.isEmpty else { return byToken[token] ?? [] }
        lists = names.map { byTokenAndName[TokenAndName(token: token, name: $0)] ?? [] }
      } else {
        guard !names.isEmpty else { return all }
        lists = names.map { byName[$0] ?? [] }
      }
      let sorted = lists.sorted { $0.count < $1.count }
      return sorted.dropFirst().reduce(sorted[0]) { kept, list in kept.filter { list.containsSorted($0) } }
    }

    /// The distinct exact names of a selector's components.
    private static func exactNames(of selector: StyleSelector) -> Set<String> {
      Set(
        selector.components.compactMap {
          if case .exact(let name) = $0.name { name } else { nil }
        })
    }
  }

  /// The properties `replaced` has under `themes` that are not `kept`; nil for none.
  private static func dropped(from replaced: StyleRule, keeping kept: Properties, _ themes: ThemeSet) -> [String]? {
    let dropped = replaced.style.properties(under: themes).keys.filter { kept[$0] == nil }
    return dropped.isEmpty ? nil : Array(dropped)
  }

  private static func quoted(_ names: [String]) -> String { names.map { "'\($0)'" }.joined(separator: ", ") }
}

extension Array where Element == Int {
  /// Whether this ascending array holds `value` (a binary search).
  fileprivate func containsSorted(_ value: Int) -> Bool {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if self[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low < count && self[low] == value
  }
}
