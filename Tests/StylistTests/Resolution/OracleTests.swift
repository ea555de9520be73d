import Testing

@testable import Stylist

/// The index must agree with two oracles that share nothing with it but the
/// rule values — the naive resolver (every placement tried) and the
/// `String` placement the library used before — on the whole answer: the
/// ranking of `applicableMatches` and `matches`, the winner, the merge order
/// of `cascade`, and the reason for each rule that does not apply.
/// Thousands of random sheets and nodes: variants, themes, globs, `*`, `>`,
/// both modes.
@Suite struct OracleTests {
  /// Sets of themes over two or three axes (docs/SHEETS.md: Theme axes): the whole
  /// ranking, the winner from text and the cascade's order against the
  /// naive resolver, given the current themes it computes on its own.
  @Test(arguments: PrecedenceMode.allCases)
  func indexAgreesAcrossAxes(mode: PrecedenceMode) throws {
    var generator = SeededGenerator(seed: mode == .themed ? 3 : 4)
    let allAxes = [
      ThemeAxis(name: "appearance", themes: ["light", "dark"]),
      ThemeAxis(name: "density", themes: ["regular", "compact"], defaultTheme: "regular"),
      ThemeAxis(name: "contrast", themes: ["normal", "high"]),
    ]
    for round in 0..<300 {
      let axes = Array(allAxes.prefix(round % 2 == 0 ? 2 : 3))
      var seen = Set<StyleSelector>()
      let rules = (0..<Int.random(in: 1...40, using: &generator)).compactMap { order -> StyleRule? in
        var selector = RandomSheets.selector(using: &generator, themes: [])
        for theme in RandomSheets.themes(of: axes, share: 0.3, using: &generator) { selector = selector.themed(theme) }
        guard seen.insert(selector).inserted else { return nil }
        return StyleRule(selector, ["order": .int(order), "p\(order % 3)": .int(order)])
      }
      let index = StyleIndex(sheets: [StyleSheet(rules: rules, axes: axes)])
      for _ in 0..<20 {
        var node = RandomSheets.node(using: &generator)
        node.themes = RandomSheets.themes(of: axes, share: 0.3, using: &generator)
        let engineThemes = RandomSheets.themes(of: axes, share: 0.5, using: &generator)
        let options = QueryOptions(themes: engineThemes, mode: mode)
        // By axis: the node's theme, else the engine's, else the default.
        let current = axes.compactMap { axis in
          node.themes.first(where: axis.themes.contains) ?? engineThemes.first(where: axis.themes.contains)
            ?? axis.defaultTheme
        }
        let context = "\(node) themes \(engineThemes) in \(rules.map(\.name))"
        let expected = NaiveResolver.ranking(
          rules, node: node, current: current, mode: mode, placement: BruteForcePlacement.best)
        let ranked = index.applicableMatches(for: node, options: options)
        #expect(ranked.map(\.order) == expected.map(\.order), "ranking: \(context)")
        let fromText = try index.bestMatch(text: node.description, options: options)
        #expect(fromText.match?.order == expected.first?.order, "winner: \(context)")
        #expect(fromText.themes == current, "themes: \(context)")
        let cascade = index.cascade(for: node, options: options)
        var merged = Properties()
        for found in expected.reversed() {
          for (key, value) in rules[found.order].style.properties { merged[key] = value }
        }
        #expect(cascade.properties == (expected.isEmpty ? nil : merged), "cascade: \(context)")
      }
    }
  }

  @Test(arguments: PrecedenceMode.allCases)
  func indexAgreesWithOracles(mode: PrecedenceMode) throws {
    var generator = SeededGenerator(seed: mode == .themed ? 1 : 2)
    let themes = ["dark", "light"]
    for _ in 0..<300 {
      var seen = Set<StyleSelector>()
      let rules = (0..<Int.random(in: 1...40, using: &generator)).compactMap { order -> StyleRule? in
        let selector = RandomSheets.selector(using: &generator, themes: themes)
        guard seen.insert(selector).inserted else { return nil }
        return StyleRule(selector, ["order": .int(order), "p\(order % 3)": .int(order)])
      }
      let index = StyleIndex(rules: rules)
      for _ in 0..<20 {
        let node = RandomSheets.node(using: &generator)
        let theme = [nil, "dark", "light"].randomElement(using: &generator)!
        let options = QueryOptions(theme: theme, mode: mode)
        let context = "\(node) theme \(theme ?? "-") in \(rules.map(\.name))"

        let expected = NaiveResolver.ranking(rules, node: node, options: options, placement: BruteForcePlacement.best)
        let byStrings = NaiveResolver.ranking(rules, node: node, options: options) { selector, path in
          selector.stringSpecificity(on: NodeIdentifier(path: path, token: node.token))
        }
        #expect(byStrings.map(\.order) == expected.map(\.order), "string oracle: \(context)")
        let ranked = index.applicableMatches(for: node, options: options)
        #expect(ranked.map(\.order) == expected.map(\.order), "ranking: \(context)")
        #expect(ranked.map(\.specificity) == expected.map(\.specificity), "vectors: \(context)")
        #expect(index.bestMatch(for: node, options: options).match == ranked.first, "winner: \(context)")
        // What `batch` asks, from the node's text.
        let fromText = try index.bestMatch(text: node.description, options: options)
        #expect(fromText.match?.order == expected.first?.order, "order: \(context)")
        #expect(fromText.theme == node.theme ?? theme, "theme: \(context)")
        let cascadedFromText = try index.cascade(text: node.description, options: options)
        #expect(cascadedFromText.theme == node.theme ?? theme, "cascade theme: \(context)")

        var merged = Properties()
        for found in expected.reversed() {
          for (key, value) in rules[found.order].style.properties(underTheme: theme) { merged[key] = value }
        }
        let cascade = index.cascade(for: node, options: options)
        // `Properties` equality is order-sensitive: this checks the merge order too.
        #expect(cascade.properties == (expected.isEmpty ? nil : merged), "cascade: \(context)")
        #expect(cascadedFromText.properties == cascade.properties, "cascade from text: \(context)")

        let candidates = index.rankedCandidates(for: node, options: options)
        let applicable = candidates.prefix { if case .applies = $0.outcome { true } else { false } }
        #expect(applicable.map(\.order) == expected.map(\.order), "matches: \(context)")
        for candidate in candidates.dropFirst(applicable.count) {
          guard case .doesNotApply(let reason) = candidate.outcome else { continue }
          let oracle = StringMismatch.reason(candidate.rule.selector, on: node, theme: node.theme ?? theme)
          #expect(reason == oracle, "reason for \(candidate.rule.name): \(context)")
        }
        let listed = Set(candidates.map(\.order))
        for (order, rule) in rules.enumerated() where !listed.contains(order) {
          #expect(rule.selector.token.name == .exact(rule.selector.token.name.description), "unlisted \(rule.name)")
          #expect(rule.selector.token.name != .exact(node.token), "unlisted \(rule.name): \(context)")
        }
      }
    }
  }
}

/// Walks the packed prefixes do not cover: hundreds of rules applying to one
/// node (wide trie nodes), and rules longer than the eight entries a packed
/// vector holds (the bound on a node's children is skipped there).
@Suite struct WideWalkTests {
  @Test func rulesLongerThanThePackedVector() throws {
    var generator = SeededGenerator(seed: 5)
    let names = (0..<12).map { "a\($0)" }
    var seen = Set<String>()
    var rules: [StyleRule] = []
    while rules.count < 60 {
      let kept = names.filter { _ in Bool.random(using: &generator) || Bool.random(using: &generator) }
      let path = kept.map { $0 + (Int.random(in: 0..<4, using: &generator) == 0 ? "[v]" : "") }
      let text = (path + ["t"]).joined(separator: "/")
      guard kept.count >= 6, seen.insert(text).inserted else { continue }
      rules.append(StyleRule(try StyleSelector(parsing: text), ["s": .string(text)]))
    }
    let index = StyleIndex(rules: rules)
    for variant in 0..<3 {
      let node = NodeIdentifier(
        path: names.enumerated().map { Component(name: $1, variant: $0 % 3 == variant ? "v" : nil) }, token: "t")
      let expected = NaiveResolver.ranking(
        rules, node: node, options: QueryOptions(), placement: BruteForcePlacement.best)
      #expect(!expected.isEmpty)
      #expect(index.applicableMatches(for: node).map(\.order) == expected.map(\.order), "\(node)")
      // The vectors too: those past eight components are kept apart from their keys.
      #expect(
        index.applicableMatches(for: node).map(\.specificity.vector) == expected.map(\.specificity.vector), "\(node)")
      #expect(index.bestMatch(for: node).match?.order == expected.first?.order, "\(node)")
      #expect(index.bestMatch(for: node).match?.specificity == expected.first?.specificity, "\(node)")
    }
  }

  @Test func walkBeyondTheStackScratch() throws {
    // 600 rules `nI/t` and `nI/nJ/t` all apply to one node with 300 names.
    let names = (0..<300).map { "n\($0)" }
    var selectors = names.map { "\($0)/t" }
    selectors += (1..<300).map { "n\($0 - 1)/n\($0)/t" }
    let rules = try selectors.map { StyleRule(try StyleSelector(parsing: $0), ["s": .string($0)]) }
    let index = StyleIndex(rules: rules)
    let node = NodeIdentifier(path: names.map { Component(name: $0) }, token: "t")
    let options = QueryOptions()
    let expected = NaiveResolver.ranking(rules, node: node, options: options, placement: BruteForcePlacement.best)
    #expect(expected.count == selectors.count)
    let ranked = index.applicableMatches(for: node, options: options)
    #expect(ranked.map(\.order) == expected.map(\.order))
    #expect(index.bestMatch(for: node).match?.rule.name == "n298/n299/t")
    #expect(index.cascade(for: node).properties == ["s": "n298/n299/t"])
  }
}
