import Testing

@testable import Stylist

@Suite struct SelectorTests {
  @Test func parsesParts() throws {
    let selector = try StyleSelector(parsing: "@dark/>home/*[v]/form-*[state-*]/btn[*]/>label")
    #expect(selector.theme == "dark")
    #expect(selector.components.count == 4)
    #expect(selector.components[0] == SelectorComponent(name: .exact("home"), isDirectChild: true))
    #expect(selector.components[1] == SelectorComponent(name: .any, variant: .exact("v")))
    #expect(selector.components[2].name == .glob(Glob("form-*")))
    #expect(selector.components[2].variant == .glob(Glob("state-*")))
    #expect(selector.components[3].variant == .any)
    #expect(selector.token == TokenPattern(name: .exact("label"), isDirectChild: true))
  }

  @Test func dropsLeadingBareWildcards() throws {
    #expect(try StyleSelector(parsing: "*/*/title") == StyleSelector(parsing: "title"))
    #expect(try StyleSelector(parsing: "*/clientlistitem/body") == StyleSelector(parsing: "clientlistitem/body"))
    #expect(try StyleSelector(parsing: "*/title").description == "title")
    #expect(try StyleSelector(parsing: "*/*").description == "*")
  }

  @Test func keepsWildcardJustOutsideDirectChild() throws {
    #expect(try StyleSelector(parsing: "*/*/>b/t").description == "*/>b/t")
    #expect(try StyleSelector(parsing: "*/>t").description == "*/>t")
    #expect(try StyleSelector(parsing: "*[v]/t").description == "*[v]/t")
  }

  @Test func equalityIsStructural() throws {
    #expect(try StyleSelector(parsing: " a / b[x] /c") == StyleSelector(parsing: "a/b[x]/c"))
    #expect(try StyleSelector(parsing: "a/c") != StyleSelector(parsing: "@t/a/c"))
    #expect(try StyleSelector(parsing: "a/c") != StyleSelector(parsing: ">a/c"))
  }

  /// Equal selectors hash alike however they were written or built; the
  /// hash reads only some parts, so selectors differing elsewhere collide
  /// and must still be told apart.
  @Test func hashAgreesWithEquality() throws {
    let pairs: [(StyleSelector, StyleSelector)] = [
      (try StyleSelector(parsing: " a / b[x] /c"), try StyleSelector(parsing: "a/b[x]/c")),
      (try StyleSelector(parsing: "*/*/t"), try StyleSelector(parsing: "t")),
      (try StyleSelector(parsing: "@d/a*/b[v*]/>t"), try StyleSelector(parsing: "@d/a*/b[v*]/>t")),
      // Built by hand from decomposed text: `==` is canonical equivalence.
      (
        StyleSelector(
          components: [SelectorComponent(name: .exact("cafe\u{301}"))], token: TokenPattern(name: .exact("e\u{301}"))),
        try StyleSelector(parsing: "caf\u{E9}/\u{E9}")
      ),
    ]
    for (left, right) in pairs {
      #expect(left == right)
      #expect(left.hashValue == right.hashValue, "\(left)")
    }
    // Every part counts: selectors a design system has by the thousand with
    // the same token, length and innermost component must not collide.
    let nearTwins = try ["a/x/t", "b/x/t", "a[on]/x/t", "a/>x/t", "@dark/a/x/t", "a/x/>t", "a*/x/t"].map {
      try StyleSelector(parsing: $0)
    }
    #expect(Set(nearTwins.map(\.contentHash)).count == nearTwins.count)
    #expect(Set(nearTwins).count == nearTwins.count)
  }

  @Test func printsBackLosslessly() throws {
    for text in ["title", "@dark/a[b]/*/c-*[*]/>d/*", ">x", "a/>*", "x/@y/z", "*/@y/z", "*/@z", "@d/@y/z"] {
      let selector = try StyleSelector(parsing: text)
      #expect(selector.description == text)
      #expect(StyleSelector(selector.description) == selector)
    }
  }

  @Test func nestsWithinGroupsKeepingTheme() throws {
    let selector = try StyleSelector(parsing: "@dark/title")
    #expect(selector.within("client").description == "@dark/client/title")
    #expect(try StyleSelector(parsing: "heading").within("*").description == "heading")
    #expect(try StyleSelector(parsing: "title").themed("dark").description == "@dark/title")
  }

  @Test func weights() throws {
    let weights = try StyleSelector(parsing: "a[v]/a[v*]/a[*]/a/a*[v]/a*[*]/a*/*[v]/*[*]/*/t").components.map(\.weight)
    #expect(weights == [14, 13, 13, 12, 10, 9, 8, 6, 5, 4])
    #expect(try StyleSelector(parsing: "t").token.weight == 3)
    #expect(try StyleSelector(parsing: "t*").token.weight == 2)
    #expect(try StyleSelector(parsing: "*").token.weight == 1)
  }

  @Test(arguments: [
    ("", "empty selector", 1),
    ("a/label[x]", "variants apply to components, not to the token", 3),
    ("a/*[x]", "variants apply to components, not to the token", 3),
    ("@dark", "'@dark' needs a selector after it", 1),
    ("@/x", "empty theme name after '@'", 1),
    ("@*/x", "a theme is a plain name (no variant, no wildcard)", 2),
    ("@d[v]/x", "a theme is a plain name (no variant, no wildcard)", 3),
    ("a/>/x", "'>' needs a component after it", 3),
    ("a/>>b/x", "'>' written twice", 4),
    ("a/[v]/x", "missing name before '['", 3),
    ("a/b[v/x", "missing ']' to close the variant", 4),
    ("a/b[]/x", "empty variant '[]'", 4),
    ("a/b[v]c/x", "unexpected text after the variant", 7),
    ("a]/x", "unexpected ']' without '['", 2),
    ("a\u{1B}b/x", "control character in a name", 2),
  ])
  func rejects(text: String, message: String, column: Int) {
    #expect(throws: SyntaxError(message, column: column)) { try StyleSelector(parsing: text) }
  }

  /// The one-pass parser agrees with the general one wherever it answers,
  /// and answers for the ordinary selectors it exists for; when it dropped
  /// no leading `*`, the text is the selector's description (a rule loaded
  /// from it keeps no name of its own).
  @Test func plainParserAgreesWithGeneralParser() throws {
    for text in ["t", "a/b/t", "@dark/a[v]/>b*/*[x*]/t", ">a/t", "*/*/t", "*/>t", "a>b/t", "@d/*[*]/t*"] {
      let plain = try #require(PlainSelectorParser.parse(text), "\(text)")
      #expect(plain.selector == (try StyleSelector.parseInGeneral(text).selector), "\(text)")
      #expect(plain.droppedWildcards == (text == "*/*/t"), "\(text)")
      #expect(plain.droppedWildcards || plain.selector.description == text, "\(text)")
    }
    let alphabet = Array("ab*/[]>@ \t-é\u{1B}")
    var generator = SeededGenerator(seed: 7)
    var answered = 0
    for _ in 0..<20_000 {
      let length = Int.random(in: 1...12, using: &generator)
      let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
      guard let plain = PlainSelectorParser.parse(text) else { continue }
      answered += 1
      let general = try? StyleSelector.parseInGeneral(text)
      #expect(general?.selector == plain.selector, "\(text)")
      #expect(general?.droppedEmpty == 0, "\(text)")
      #expect(plain.droppedWildcards || plain.selector.description == text, "\(text)")
    }
    #expect(answered > 1_000)
  }
}
