import Testing

@testable import Stylist

/// The trie's node and chunk records are what a query reads most, at
/// random: their sizes are decisions (`RuleTrie.Node`, `RuleTrie.Chunk`),
/// kept here so that a new field is a choice, not an accident.
@Suite struct RuleTrieLayoutTests {
  @Test func aNodeRecordIsThirtyTwoBytes() {
    #expect(MemoryLayout<RuleTrie.Node>.stride == 32)
  }

  /// Its innermost component in place, read when a child is tried.
  @Test func aChunkRecordIsTwentyFourBytes() {
    #expect(MemoryLayout<RuleTrie.Chunk>.stride == 24)
  }

  /// One per chunk component, read when a child is tried (twice while built).
  @Test func aCompiledComponentIsTwelveBytes() {
    #expect(MemoryLayout<CompiledComponent>.stride == 12)
  }

  @Test func wideAndNarrowNodesFindTheirChildren() throws {
    // The root of `t` has 20 literal children (found through its slots); `a/t`'s node 3 (scanned).
    let names = (0..<20).map { "n\($0)/t" } + ["x/a/t", "y/a/t", "z/a/t"]
    let rules = try names.map { StyleRule(try StyleSelector(parsing: $0), ["s": .string($0)]) }
    let index = StyleIndex(rules: rules)
    for name in names {
      #expect(index.bestMatch(for: try NodeIdentifier(parsing: name)).match?.rule.name == name)
    }
    let trie = index.trie
    #expect(trie.tables.nodes[trie.roots[0].node.index].slotCount >= 32)
  }
}
