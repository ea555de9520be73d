import Testing

@testable import Stylist

/// The indexed resolver must agree with the naive one on thousands of random
/// sheets and nodes (variants, themes, globs, `*`, `>`, both modes).
@Suite struct OracleTests {
  @Test(arguments: PrecedenceMode.allCases)
  func indexedEqualsNaive(mode: PrecedenceMode) {
    var generator = SeededGenerator(seed: mode == .themed ? 1 : 2)
    let themes = ["dark", "light"]
    for _ in 0..<300 {
      var seen = Set<StyleSelector>()
      let rules = (0..<Int.random(in: 1...40, using: &generator)).compactMap { order -> StyleRule? in
        let selector = RandomSheets.selector(using: &generator, themes: themes)
        guard seen.insert(selector).inserted else { return nil }
        return StyleRule(selector, ["order": .int(order)])
      }
      let index = StyleIndex(rules: rules)
      for _ in 0..<20 {
        let node = RandomSheets.node(using: &generator)
        let theme = [nil, "dark", "light"].randomElement(using: &generator)!
        let options = QueryOptions(theme: theme, mode: mode)
        let expected = NaiveResolver.best(rules, node: node, options: options)
        let resolution = index.bestMatch(for: node, options: options)
        #expect(resolution.match?.order == expected, "\(node) theme \(theme ?? "-") in \(rules.map(\.name))")
        let ranked = index.applicableMatches(for: node, options: options)
        #expect(ranked.first?.order == expected)
        #expect(resolution.match == ranked.first, "specificity of the compiled winner")
      }
    }
  }
}
