import Testing

@testable import Stylist

/// `ThemeSet`: a set of themes, spelled in the order given, equal whatever
/// that order.
@Suite struct ThemeSetTests {
  @Test func spellsItsThemesJoinedBySlash() {
    #expect(ThemeSet(["dark", "compact"]).description == "dark/compact")
    #expect(ThemeSet("dark").description == "dark")
    #expect(ThemeSet.none.description == "")
    #expect("\(["light"] as ThemeSet)" == "light")
  }

  @Test func keepsEachThemeOnceInTheOrderGiven() {
    let set = ThemeSet(["dark", "compact", "dark"])
    #expect(set.themes == ["dark", "compact"])
    #expect(set.contains("compact"))
    #expect(!set.contains("light"))
    #expect(!set.isEmpty && ThemeSet([String]()).isEmpty)
  }

  @Test func equalityAndHashIgnoreTheOrderGiven() {
    let given = ThemeSet(["compact", "dark", "large"])
    let reordered = ThemeSet(["large", "dark", "compact"])
    #expect(given == reordered)
    #expect(given.hashValue == reordered.hashValue)
    #expect(Set([given, reordered]).count == 1)
    #expect(ThemeSet(["dark", "compact"]) != ThemeSet(["dark"]))
    #expect(ThemeSet(["dark", "compact"]) != ThemeSet(["dark", "regular"]))
    #expect(ThemeSet("dark") != .none)
  }

  /// A style's values are found under a set given in any order.
  @Test func stylesLookValuesUpByTheirSet() {
    let style = Style(
      properties: ["color": "black"],
      themed: [ThemeSet("dark"): ["color": "white"], ThemeSet(["dark", "compact"]): ["color": "gray"]])
    #expect(style.properties(under: ThemeSet(["compact", "dark"])) == ["color": "gray"])
    #expect(style.properties(under: ThemeSet("dark")) == ["color": "white"])
    #expect(style.properties(underTheme: "dark") == ["color": "white"])
    #expect(style.properties(under: .none) == ["color": "black"])
    #expect(style.properties(under: ThemeSet("light")) == ["color": "black"])
  }

  /// A loaded style's values are keyed by the themes with variables it
  /// reaches: a query's other themes are left out of the lookup.
  @Test func loadedStylesIgnoreThemesTheirValuesDoNotDependOn() throws {
    let sheet = try StyleSheet(
      yaml: """
        axes:
          appearance: [light, dark]
          density: { themes: [regular, compact], default: regular }
        variables: { ink: black, gap: 8 }
        themes:
          dark: { variables: { ink: white } }
          compact: { variables: { gap: 4 } }
        styles:
          title: { color: $ink }
          card: { color: $ink, padding: $gap }
        """, name: "sets.yaml")
    let title = sheet.rules[0].style
    #expect(title.themed.keys.sorted { $0.description < $1.description } == [ThemeSet("dark")])
    #expect(title.properties(under: ThemeSet(["dark", "compact"])) == ["color": "white"])
    let card = sheet.rules[1].style
    #expect(card.properties(under: ThemeSet(["compact", "dark"])) == ["color": "white", "padding": 4])
    #expect(card.properties(under: ThemeSet(["dark", "regular"])) == ["color": "white", "padding": 8])
  }

  /// The engine spells a set in axis order, whatever order it was given in.
  @Test func theEngineOrdersASetByAxis() throws {
    let engine = StyleEngine(
      sheets: [
        StyleSheet(
          rules: [],
          axes: [
            ThemeAxis(name: "appearance", themes: ["light", "dark"]),
            ThemeAxis(name: "density", themes: ["regular", "compact"]),
          ])
      ])
    #expect(engine.themeSet(["compact", "brand", "dark"]).description == "dark/compact/brand")
    #expect(engine.themeSet(["compact", "dark"]) == ThemeSet(["dark", "compact"]))
  }
}
