import Testing

@testable import Stylist

/// Every example of SPEC §4, verbatim.
@Suite struct SpecificityTests {
  /// Order, equality, hashing and the vector are those of the plain
  /// vector the entries spell, however many entries and however deep.
  @Test func comparisonsAgreeWithPlainVectors() {
    var generator = SeededGenerator(seed: 11)
    /// A specificity and its vector built from the same entries, without
    /// trailing zeros (they do not count).
    func random() -> (Specificity, [Int]) {
      let count = Int.random(in: 0...11, using: &generator)
      let depth = Int.random(in: count...(count + (Bool.random(using: &generator) ? 8 : 5_000)), using: &generator)
      let positions = (0..<depth).shuffled(using: &generator).prefix(count).sorted()
      let entries = positions.map { Specificity.Entry(position: $0, weight: Int.random(in: 4...14, using: &generator)) }
      let tokenWeight = Int.random(in: 1...3, using: &generator)
      var vector = [tokenWeight] + [Int](repeating: 0, count: depth)
      for entry in entries { vector[entry.position + 1] = entry.weight }
      let specificity = Specificity(tokenWeight: tokenWeight, placed: entries, depth: depth)
      #expect(specificity.vector == vector)
      while vector.last == 0 { vector.removeLast() }
      return (specificity, vector)
    }
    for _ in 0..<2_000 {
      let (left, a) = random()
      let (right, b) =
        Bool.random(using: &generator)
        ? random()
        : (
          Specificity(tokenWeight: left.tokenWeight, depth: left.depth + 3, count: left.placedCount) {
            left.placed($0)
          }, a
        )
      #expect((left == right) == (a == b))
      #expect((left < right) == a.lexicographicallyPrecedes(b), "\(a) \(b)")
      if left == right { #expect(left.hashValue == right.hashValue) }
    }
  }

  @Test func descendantOrdering() throws {
    let bestFirst = [
      "home/header/searchBar/label", "header/searchBar/label", "home/searchBar/label",
      "searchBar/label", "home/header/label", "header/label", "home/label", "label",
    ]
    #expect(try ranking(bestFirst.shuffled(), node: "home/header/searchBar/label") == bestFirst)
    #expect(try ranking(bestFirst.reversed(), node: "home/header/searchBar/label") == bestFirst)
  }

  @Test func variantOrdering() throws {
    let bestFirst = [
      "header[selected]/searchBar[deselected]/label", "header/searchBar[deselected]/label",
      "header[selected]/searchBar/label", "header/searchBar/label", "header[selected]/label",
    ]
    let ranked = try ranking(
      bestFirst.reversed() + ["home[selected]/label", "header[normal]/label"],
      node: "home/header[selected]/searchBar[deselected]/label")
    #expect(ranked == bestFirst)
  }

  @Test(arguments: [
    ("title", "title"), ("element/title", "element/title"),
    ("section/element/title", "section/element/title"), ("othersection/title", "title"),
  ])
  func seedReadmeTable(node: String, expected: String) throws {
    #expect(try winner(["title", "element/title", "section/element/title"], node: node) == expected)
  }

  @Test func themesPerMode() throws {
    let styles = ["a/b/c/d/token", "@dark/token"]
    #expect(try winner(styles, node: "a/b/c/d/token", theme: "dark", mode: .themed) == "@dark/token")
    #expect(try winner(styles, node: "a/b/c/d/token", theme: "dark", mode: .classic) == "a/b/c/d/token")
    #expect(try winner(["@light/token"], node: "token", theme: "dark") == nil)
    #expect(try winner(["@light/token"], node: "token") == nil)
  }

  @Test func classicModeThemedBreaksTies() throws {
    #expect(try winner(["@dark/a/t", "a/t"], node: "a/t", theme: "dark", mode: .classic) == "@dark/a/t")
    #expect(try winner(["a/t", "@dark/a/t"], node: "a/t", theme: "dark", mode: .classic) == "@dark/a/t")
  }

  @Test func laterDefinitionWinsTies() throws {
    #expect(try winner(["b/t", "a/t"], node: "a/b/x/t") == "b/t")  // nearer beats later
    #expect(try winner(["x*/t", "*x/t"], node: "xx/t") == "*x/t")
    #expect(try winner(["*x/t", "x*/t"], node: "xx/t") == "x*/t")
  }

  @Test func vectorValues() throws {
    let node = try NodeIdentifier(parsing: "home/header[selected]/searchBar/label")
    #expect(try StyleSelector(parsing: "header[selected]/label").specificity(on: node)?.vector == [3, 0, 14, 0])
    #expect(try StyleSelector(parsing: "home/*/l*").specificity(on: node)?.vector == [2, 4, 0, 12])
    #expect(try StyleSelector(parsing: "*").specificity(on: node)?.vector == [1, 0, 0, 0])
    #expect(
      try StyleSelector(parsing: "header[sel*]/>searchBar/label").specificity(on: node)?.vector == [3, 12, 13, 0])
  }

  @Test func tokenWeightDominates() throws {
    #expect(try winner(["a/b/c/*", "lab*", "label"], node: "a/b/c/label") == "label")
    #expect(try winner(["a/b/c/*", "lab*"], node: "a/b/c/label") == "lab*")
  }

  @Test(arguments: [40, 10_000])
  func deepNodes(depth: Int) throws {
    let names = (0..<depth).map { "c\($0)" }
    let node = NodeIdentifier(path: names.map { Component(name: $0) }, token: "t")
    let outer = names[0]
    let inner = names[depth - 1]
    let middle = names[depth / 2]
    let bestFirst = [
      "\(middle)/\(inner)/t", "\(outer)/\(inner)/t", "\(inner)/t", "\(outer)/\(middle)/t",
      "\(middle)/t", "\(outer)/t", "t",
    ]
    let ranked = try index(bestFirst.reversed()).applicableMatches(for: node).map(\.rule.name)
    #expect(ranked == bestFirst)
    #expect(try StyleSelector(parsing: ">\(outer)/t").specificity(on: node)?.vector.last == 12)
  }

  @Test func deepSelector() throws {
    let names = (0..<10_000).map { "c\($0)" }
    let selector = try StyleSelector(parsing: (names + ["t"]).joined(separator: "/"))
    let node = NodeIdentifier(path: (names + ["extra"]).map { Component(name: $0) }, token: "t")
    let vector = try #require(selector.specificity(on: node)).vector
    #expect(vector.count == 10_002)
    #expect(vector[1] == 0 && vector[2] == 12 && vector.last == 12)
  }
}
