import Testing

@testable import Stylist

@Suite struct MatchingTests {
  func applies(_ selector: String, _ node: String, theme: String? = nil) throws -> Bool {
    try StyleSelector(parsing: selector).mismatch(on: NodeIdentifier(parsing: node), theme: theme) == nil
  }

  @Test func descendantSemantics() throws {
    #expect(try applies("home/label", "home/header/searchBar/label"))
    #expect(try applies("label", "home/header/searchBar/label"))
    #expect(try !applies("searchBar/home/label", "home/header/searchBar/label"))
    #expect(try !applies("footer/label", "home/header/searchBar/label"))
  }

  @Test func anyComponentMayServe() throws {
    // The seed's matcher wrongly rejects this: the outer `header` serves.
    #expect(try applies("header[selected]/label", "header[selected]/header/label"))
  }

  @Test func variants() throws {
    #expect(try applies("button[disabled]/t", "button[disabled]/t"))
    #expect(try !applies("button[disabled]/t", "button/t"))
    #expect(try applies("button/t", "button[disabled]/t"))
    #expect(try applies("button[*]/t", "button[x]/t"))
    #expect(try !applies("button[*]/t", "button/t"))
    #expect(try applies("button[dis*]/t", "button[disabled]/t"))
    #expect(try !applies("button[dis*]/t", "button[enabled]/t"))
    #expect(try applies("*[paged]/t", "carousel[paged]/t"))
  }

  @Test func globsAndWildcardTokens() throws {
    #expect(try applies("form-*/label", "form-login/label"))
    #expect(try applies("form/*", "form/anything"))
    #expect(try applies("form/lab*", "form/label"))
    #expect(try !applies("form/lab*", "form/title"))
  }

  @Test func directChild() throws {
    #expect(try applies("card/>background", "card/background"))
    #expect(try !applies("card/>background", "card/inner/background"))
    #expect(try applies("card/>inner/background", "card/inner/x/background"))
    #expect(try !applies("card/>inner/background", "card/x/inner/background"))
    #expect(try applies("card/>inner/background", "card/x/card/inner/background"))
    #expect(try applies(">home/label", "home/header/label"))
    #expect(try !applies(">home/label", "app/home/header/label"))
    #expect(try applies(">label", "label"))
    #expect(try !applies(">label", "home/label"))
    #expect(try applies("*/>b/t", "a/b/t"))
    #expect(try !applies("*/>b/t", "b/t"))
    #expect(try applies("a/>b/>c/t", "a/b/c/x/t"))
    #expect(try !applies("a/>b/>c/t", "a/b/x/c/t"))
  }

  @Test func themes() throws {
    #expect(try applies("@dark/title", "title", theme: "dark"))
    #expect(try !applies("@dark/title", "title"))
    #expect(try !applies("@dark/title", "title", theme: "light"))
    #expect(try applies("title", "title", theme: "dark"))
  }

  @Test func mismatchReasons() throws {
    func reason(_ selector: String, _ node: String, theme: String? = nil) throws -> String? {
      try StyleSelector(parsing: selector).mismatch(on: NodeIdentifier(parsing: node), theme: theme)?.kind
    }
    #expect(try reason("@dark/t", "t") == "theme")
    #expect(try reason("x*/t*", "x/u") == "token")
    #expect(try reason("home[selected]/label", "home/header/label") == "variant")
    #expect(try reason("footer/label", "home/label") == "component")
    #expect(try reason("b/a/label", "a/b/label") == "order")
    #expect(try reason("card/>background", "card/x/background") == "direct-child")
  }

  /// Greedy placement gives the greatest vector: compare with all placements.
  @Test func greedyPlacementIsOptimal() throws {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<3000 {
      let node = RandomSheets.node(using: &generator)
      let selector = RandomSheets.selector(using: &generator, themes: [])
      let indexed = selector.specificity(on: node)
      let tokenMatches = selector.token.name.matches(node.token)
      let slow = tokenMatches ? BruteForcePlacement.best(selector, on: node.path) : nil
      #expect(indexed == slow, "\(selector) on \(node)")
      #expect(selector.stringSpecificity(on: node) == slow, "string placement: \(selector) on \(node)")
    }
  }
}
