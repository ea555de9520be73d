import Testing

@testable import Stylist

/// The trie's layouts besides the small random sheets of `OracleTests`:
/// nodes with many literal children (found by binary search), long
/// selectors on deep nodes (long vectors), each answer checked against the
/// naive resolver.
@Suite struct RuleTrieTests {
  /// Rules over a vocabulary of 40 names, so that roots and inner nodes
  /// have dozens of children (every name, some with variants and `>`).
  @Test(arguments: PrecedenceMode.allCases)
  func wideNodesAnswerAsTheNaiveResolver(mode: PrecedenceMode) throws {
    var generator = SeededGenerator(seed: 41)
    let names = (0..<40).map { "n\($0)" }
    func component() -> String {
      let name = names.randomElement(using: &generator)!
      let variant = Int.random(in: 0..<4, using: &generator)
      return variant == 0 ? name + "[v\(Int.random(in: 0..<3, using: &generator))]" : name
    }
    var seen = Set<String>()
    for _ in 0..<2_000 {
      let components = (0..<Int.random(in: 0...4, using: &generator)).map { _ in component() }
      var text = ""
      for item in components { text += (Int.random(in: 0..<6, using: &generator) == 0 ? ">" : "") + item + "/" }
      seen.insert(text + ["t", "u"].randomElement(using: &generator)!)
    }
    let rules = try seen.sorted().enumerated().map { order, text in
      StyleRule(try StyleSelector(parsing: text), ["order": .int(order)])
    }
    let index = StyleIndex(rules: rules)
    #expect(index.trie.tables.nodes.contains { $0.literalChildCount > 16 }, "some node has many literal children")
    for _ in 0..<300 {
      let path = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        let name = Int.random(in: 0..<10, using: &generator) == 0 ? "other" : names.randomElement(using: &generator)!
        let variant = Int.random(in: 0..<3, using: &generator)
        return Component(name: name, variant: variant == 0 ? "v\(Int.random(in: 0..<3, using: &generator))" : nil)
      }
      let node = NodeIdentifier(path: path, token: ["t", "u"].randomElement(using: &generator)!)
      let options = QueryOptions(theme: nil, mode: mode)
      let expected = NaiveResolver.ranking(rules, node: node, options: options, placement: BruteForcePlacement.best)
      let ranked = index.applicableMatches(for: node, options: options)
      #expect(ranked.map(\.order) == expected.map(\.order), "\(node)")
      #expect(ranked.map(\.specificity) == expected.map(\.specificity), "\(node)")
      #expect(index.bestMatch(for: node, options: options).match?.order == expected.first?.order, "\(node)")
    }
  }

  /// A selector of twenty components on a node thousands deep: every
  /// entry of its vector is kept, nearest the token first.
  @Test func longSelectorsOnDeepNodesKeepEveryEntry() throws {
    let long = (0..<20).map { "c\($0)" }.joined(separator: "/") + "/t"
    let shorter = (1..<20).map { "c\($0)" }.joined(separator: "/") + "/t"
    let index = try index([long, shorter])
    let path = (0..<20).map { Component(name: "c\($0)") } + (0..<5_000).map { _ in Component(name: "x") }
    let node = NodeIdentifier(path: path + [Component(name: "c19")], token: "t")
    let ranked = index.applicableMatches(for: node)
    #expect(ranked.map(\.rule.name) == [long, shorter])
    let vector = try #require(ranked.first).specificity.vector
    #expect(vector.count == path.count + 2 && vector[0] == 3 && vector[1] == 12)
    #expect(vector.filter { $0 != 0 }.count == 21)
  }
}
