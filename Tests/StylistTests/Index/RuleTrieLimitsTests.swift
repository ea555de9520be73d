import Testing

@testable import Stylist

/// The trie's compact forms stop where their packed fields do (a slot
/// table past 2^27 slots, a leaf's rule or a link's child past 2^25, a
/// branch's lookup past 2^20), and the build falls back to forms that
/// read more: a node scans its children in place, a leaf or a link is
/// visited from its record, a branch finds its lookup in its record. No
/// test sheet reaches those sizes, so these tests lower the limits
/// (`RuleTrie.Limits`) and ask for the same ranking and best match.
@Suite struct RuleTrieLimitsTests {
  /// Random rules over a tiny alphabet, plus wide nodes (a root and a
  /// branch with more than `scannedEdges` names below them) and chains of
  /// simple links and leaves.
  static func rules() throws -> [StyleRule] {
    var generator = SeededGenerator(seed: 29)
    var rules = (0..<500).map { position in
      StyleRule(RandomSheets.selector(using: &generator, themes: ["dark"]), ["n": .int(position)])
    }
    let wide = (0..<12).map { "n\($0)" }
    var texts = wide.map { "\($0)/t" } + wide.map { "\($0)/a/t" } + wide.map { "\($0)[x]/b/u" }
    texts += ["a/t", "b/u", "c/n3/a/t", "a/n4/b/u", "n1/c/b/a/t", "@dark/n2/a/t", "n5/>a/t"]
    for text in texts {
      rules.append(StyleRule(try StyleSelector(parsing: text), ["s": .string(text)]))
    }
    return rules
  }

  static func nodes() -> [NodeIdentifier] {
    var generator = SeededGenerator(seed: 31)
    var nodes = (0..<400).map { _ in RandomSheets.node(using: &generator) }
    let names = RandomSheets.names + (0..<12).map { "n\($0)" }
    for _ in 0..<400 {
      let depth = Int.random(in: 0...6, using: &generator)
      let path = (0..<depth).map { _ in
        Component(
          name: names.randomElement(using: &generator)!,
          variant: Bool.random(using: &generator) ? RandomSheets.variants.randomElement(using: &generator) : nil)
      }
      let theme = Int.random(in: 0..<4, using: &generator) == 0 ? "dark" : nil
      nodes.append(NodeIdentifier(theme: theme, path: path, token: ["t", "u"].randomElement(using: &generator)!))
    }
    return nodes
  }

  /// What the limits leave compact in a trie: slot tables, leaves and
  /// links summarised, branches that keep their lookup in the summary.
  struct Forms: Equatable {
    var slotTables = 0
    var leaves = 0
    var links = 0
    var lookupsInSummary = 0

    init(_ trie: RuleTrie) {
      for id in 0..<trie.tables.records.count - 1 {
        if trie.tables.records[id].node.slotCount > 0 { slotTables += 1 }
        let summary = trie.tables.childSummaries[id]
        if summary.isSimpleLeaf { leaves += 1 }
        if summary.isSimpleLink { links += 1 }
        if summary.isBranch && summary.branchChildren != .inRecord { lookupsInSummary += 1 }
      }
    }
  }

  @Test func everyFallbackAnswersAsTheCompactForm() throws {
    let rules = try Self.rules()
    let compact = StyleIndex(rules: rules)
    let full = Forms(compact.trie)
    #expect(full.slotTables >= 2 && full.leaves >= 20 && full.links >= 10 && full.lookupsInSummary >= 10)

    let nodeCount = compact.trie.tables.records.count - 1
    let cases: [(name: String, limits: RuleTrie.Limits)] = [
      ("none compact", RuleTrie.Limits(slots: 0, summarisedIDs: 0, lookups: 0)),
      ("no slot tables", RuleTrie.Limits(slots: 0)),
      ("the first slot table only", RuleTrie.Limits(slots: firstTableEnd(compact.trie))),
      ("leaves and links of the first half", RuleTrie.Limits(summarisedIDs: nodeCount / 2)),
      ("lookups of the first half", RuleTrie.Limits(lookups: nodeCount / 2)),
    ]
    let nodes = Self.nodes()
    for (name, limits) in cases {
      let limited = StyleIndex(rules: rules, trieLimits: limits)
      let forms = Forms(limited.trie)
      // The limits took effect, and only where asked.
      #expect(forms != full, "\(name)")
      #expect(forms.slotTables <= full.slotTables && forms.leaves <= full.leaves, "\(name)")
      #expect(forms.links <= full.links, "\(name)")
      if limits.slots == 0 { #expect(forms.slotTables == 0, "\(name)") }
      if limits.summarisedIDs == 0 { #expect(forms.leaves == 0 && forms.links == 0, "\(name)") }
      if limits.lookups == 0 { #expect(forms.lookupsInSummary == 0, "\(name)") }
      for node in nodes {
        for options in [QueryOptions(theme: nil, mode: .themed), QueryOptions(theme: "dark", mode: .classic)] {
          #expect(
            limited.applicableMatches(for: node, options: options)
              == compact.applicableMatches(for: node, options: options),
            "\(name): \(node)")
          #expect(
            limited.bestMatch(for: node, options: options) == compact.bestMatch(for: node, options: options),
            "\(name): \(node)")
        }
      }
    }
  }

  /// One past the last slot of the first slot table laid out.
  private func firstTableEnd(_ trie: RuleTrie) -> Int {
    for id in 0..<trie.tables.records.count - 1 where trie.tables.records[id].node.slotCount > 0 {
      let node = trie.tables.records[id].node
      return Int(node.firstSlot) + Int(node.slotCount)
    }
    return 0
  }
}
