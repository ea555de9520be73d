import Testing

@testable import Stylist

@Suite struct CoverageTests {
  private func outranking(_ winner: StyleSelector, _ shadowed: StyleSelector) -> Outranking? {
    winner.outranks(shadowed)
  }

  @Test func globCoverage() {
    #expect(Glob.pattern("*", covers: "a*b"))
    #expect(Glob.pattern("a*", covers: "ab*"))
    #expect(Glob.pattern("a*", covers: "a"))
    #expect(Glob.pattern("*-button", covers: "big-*-button"))
    #expect(Glob.pattern("a*c", covers: "ab*bc"))
    #expect(Glob.pattern("**", covers: "*"))
    #expect(!Glob.pattern("ab*", covers: "a*"))
    #expect(!Glob.pattern("a*b", covers: "a*"))
    #expect(!Glob.pattern("a", covers: "a*"))
    #expect(!Glob.pattern("a*", covers: "*"))
  }

  @Test func droppingDirectChildConstraintsOutranksWhenLater() {
    #expect(outranking("card/background", "card/>background") == .whenDefinedLater)
    #expect(outranking("label", ">label") == .whenDefinedLater)
    #expect(outranking("a/b/label", ">a/>b/label") == .whenDefinedLater)
    #expect(outranking("card/>background", "card/background") == nil)
  }

  @Test func coveringPatternsOfTheSameWeight() {
    #expect(outranking("header[*]/label", "header[sel*]/label") == .whenDefinedLater)
    #expect(outranking("btn-*/label", "btn-large-*/label") == .whenDefinedLater)
    #expect(outranking("*/la*", "*/lab*") == .whenDefinedLater)
    #expect(outranking("header[sel*]/label", "header[*]/label") == nil)
  }

  @Test func heavierCoveringPatternsAlwaysOutrank() {
    // `**` matches what `*` does and weighs 8 against 4.
    #expect(outranking("**[x]/label", "*[x]/label") == .always)
    #expect(outranking("**", "*") == .always)
    #expect(outranking("*[x]/label", "**[x]/label") == nil)
  }

  @Test func narrowerOrLighterPatternsDoNotOutrank() {
    // Exact names and variants weigh more than patterns that cover them.
    #expect(outranking("label", "label") == .whenDefinedLater)
    #expect(outranking("lab*", "label") == nil)
    #expect(outranking("header/label", "header[x]/label") == nil)
    #expect(outranking("header[x]/label", "header/label") == nil)
    #expect(outranking("*/label", "home/label") == nil)
    // Different shapes and themes are not compared.
    #expect(outranking("home/label", "label") == nil)
    #expect(outranking("@dark/label", "label") == nil)
    #expect(outranking("label", "@dark/label") == nil)
    #expect(outranking("@dark/label", "@dark/>label") == .whenDefinedLater)
  }

  /// Whenever `outranks` answers, check it on every node of a small universe:
  /// the winner applies wherever the other does, with a vector at least as
  /// great (strictly greater for `.always`).
  @Test func outrankingIsSound() {
    var generator = SeededGenerator(seed: 11)
    let nodes = allNodes(maxDepth: 3)
    var checked = 0
    for _ in 0..<4_000 {
      let shadowed = RandomSheets.selector(using: &generator, themes: [])
      let winner = loosened(shadowed, using: &generator)
      guard winner != shadowed, let outranking = winner.outranks(shadowed) else { continue }
      checked += 1
      for node in nodes {
        guard let lower = shadowed.specificity(on: node) else { continue }
        let upper = winner.specificity(on: node)
        #expect(upper != nil, "\(winner) does not apply to \(node) where \(shadowed) does")
        guard let upper else { break }
        #expect(outranking == .always ? upper > lower : upper >= lower, "\(winner) vs \(shadowed) on \(node)")
      }
    }
    #expect(checked > 200, "only \(checked) covering pairs")
  }

  /// `selector` with random changes that often, not always, keep it covering:
  /// `>` dropped or added, names and variants swapped for patterns.
  private func loosened(_ selector: StyleSelector, using generator: inout SeededGenerator) -> StyleSelector {
    func maybe(_ odds: Int) -> Bool { Int.random(in: 0..<odds, using: &generator) == 0 }
    let components = selector.components.map { component in
      var changed = component
      if maybe(3) { changed.isDirectChild.toggle() }
      if maybe(4) {
        changed.name = maybe(2) ? .glob(Glob("*")) : .glob(Glob(component.name.description.prefix(1) + "*"))
      }
      if maybe(4) {
        changed.variant = [.any, .glob(Glob("*")), .unspecified, .exact("x")].randomElement(using: &generator)!
      }
      return changed
    }
    var token = selector.token
    if maybe(4) { token.isDirectChild.toggle() }
    if maybe(6) { token.name = .glob(Glob("*")) }
    return StyleSelector(theme: selector.theme, components: components, token: token)
  }

  private func allNodes(maxDepth: Int) -> [NodeIdentifier] {
    let components = RandomSheets.names.flatMap { name in
      [Component(name: name, variant: nil)] + RandomSheets.variants.map { Component(name: name, variant: $0) }
    }
    var paths: [[Component]] = [[]]
    var frontier: [[Component]] = [[]]
    for _ in 0..<maxDepth {
      frontier = frontier.flatMap { path in components.map { path + [$0] } }
      paths += frontier
    }
    return paths.flatMap { path in RandomSheets.tokens.map { NodeIdentifier(path: path, token: $0) } }
  }
}
