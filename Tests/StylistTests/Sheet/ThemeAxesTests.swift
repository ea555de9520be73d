import Testing

@testable import Stylist

/// Theme axes (docs/SHEETS.md: Theme axes): several current themes, at most one per
/// axis, with defaults, precedence by the number of themes a selector
/// names, and variables shadowed in axis order.
@Suite struct ThemeAxesTests {
  static let engine = try! StyleEngine(contentsOf: [FixturePaths.path("sheets/axes.yaml")])

  func answer(_ node: NodeIdentifier, themes: Set<String> = [], mode: PrecedenceMode? = nil) -> Resolution {
    let engine = StyleEngine(sheets: [], themes: themes, mode: mode)
    engine.replace(with: [try! StyleSheet(contentsOf: FixturePaths.path("sheets/axes.yaml"))])
    return engine.bestMatch(for: node)
  }

  @Test func axesAreListedWithTheirDefaults() {
    #expect(
      Self.engine.axes == [
        ThemeAxis(name: "appearance", themes: ["light", "dark"]),
        ThemeAxis(name: "density", themes: ["regular", "compact"], defaultTheme: "regular"),
      ])
    #expect(Self.engine.knownThemes == ["light", "dark", "regular", "compact"])
  }

  /// The axis default is current when a query names no theme of its axis.
  @Test func defaultsFillTheAxesLeftEmpty() {
    let card = answer("card/title")
    #expect(card.match?.rule.name == "@regular/card/title")
    #expect(card.themes == ["regular"])
    #expect(answer("@compact/card/title").match?.rule.name == "@compact/title")
  }

  /// More themes named beat fewer in `themed` mode; in `classic` the vector comes first.
  @Test func precedenceCountsTheThemesASelectorNames() {
    #expect(answer("@dark/@compact/title").match?.rule.name == "@dark/@compact/title")
    #expect(answer("title", themes: ["dark", "compact"]).match?.rule.name == "@dark/@compact/title")
    // `@regular/card/title` [3, 12] against `@dark/@compact/title`-less sets:
    #expect(answer("card/title", themes: ["dark"]).match?.rule.name == "@regular/card/title")
    #expect(answer("@compact/card/title", themes: ["dark"]).match?.rule.name == "@dark/@compact/title")
    #expect(
      answer("@compact/card/title", themes: ["dark"], mode: .classic).match?.rule.name == "@dark/@compact/title")
    let classic = StyleEngine(
      sheets: [
        try! StyleSheet(yaml: "axes: { a: [x], b: [y] }\nstyles:\n  \"@x/@y/t\": { n: 2 }\n  \"@x/p/t\": { n: 1 }\n")
      ],
      themes: ["x", "y"], mode: .classic)
    #expect(classic.bestMatch(for: "p/t").match?.rule.name == "@x/p/t")
    classic.mode = .themed
    #expect(classic.bestMatch(for: "p/t").match?.rule.name == "@x/@y/t")
  }

  /// A node's themes replace the engine's on their axes and keep the others.
  @Test func aNodesThemesReplaceTheEnginesOnTheirAxes() {
    #expect(answer("@compact/title", themes: ["dark"]).themes == ["dark", "compact"])
    #expect(answer("@light/title", themes: ["dark", "compact"]).themes == ["light", "compact"])
  }

  /// Each current theme's variables shadow the global ones, the later axis winning a leaf.
  @Test func variablesAreShadowedInAxisOrder() {
    #expect(answer("label").properties == ["color": "#111111", "gap": 8])
    #expect(answer("label", themes: ["dark"]).properties == ["color": "#EEEEEE", "gap": 10])
    #expect(answer("label", themes: ["compact"]).properties == ["color": "#111111", "gap": 4])
    // Both set `gap`: density comes after appearance.
    #expect(answer("label", themes: ["dark", "compact"]).properties == ["color": "#EEEEEE", "gap": 4])
    #expect(answer("@compact/title", themes: ["dark"]).properties == ["size": 14, "color": "#EEEEEE", "gap": 4])
    // A themed style is evaluated under the other axes' themes too.
    #expect(answer("@compact/title", themes: ["light"]).properties == ["size": 15, "color": "#111111", "gap": 4])
  }

  @Test func themesInAnyOrderAreOneSelector() throws {
    let first = try StyleSelector(parsing: "@dark/@compact/title")
    let second = try StyleSelector(parsing: "@compact/@dark/@dark/title")
    #expect(first == second && first.themes == ["compact", "dark"])
    #expect(first.description == "@compact/@dark/title")
    // The last part is always the token; `@` after another part is a character.
    #expect(try StyleSelector(parsing: "@dark/@x").token.name == .exact("@x"))
    #expect(try StyleSelector(parsing: "a/@x/t").components.map(\.description) == ["a", "@x"])
    #expect(try NodeIdentifier(parsing: "@dark/@compact/home/title").themes == ["dark", "compact"])
  }

  @Test func aThemesBlockPutsItsThemeInFront() throws {
    let sheet = try StyleSheet(contentsOf: FixturePaths.path("sheets/axes.yaml"))
    #expect(sheet.rules.map(\.name).contains("@dark/@compact/title"))
  }

  /// Axes merge across sheets: the union of an axis's themes, a later default wins.
  @Test func axesMergeAcrossSheets() throws {
    let base = try StyleSheet(yaml: "axes: { appearance: [light, dark] }\n")
    let overlay = try StyleSheet(yaml: "axes: { appearance: { themes: [dark, dim], default: dim } }\n")
    let engine = StyleEngine(sheets: [base, overlay])
    #expect(engine.axes == [ThemeAxis(name: "appearance", themes: ["light", "dark", "dim"], defaultTheme: "dim")])
  }

  @Test func twoThemesOfOneAxisAreReported() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(contentsOf: FixturePaths.path("sheets/axes.yaml"))])
    #expect(
      engine.themeConflict(in: ["dark", "light"])?.description == "'dark' and 'light' are both on axis 'appearance'")
    #expect(engine.themeConflict(in: ["dark", "compact"]) == nil)
    #expect(throws: SyntaxError("'dark' and 'light' are both on axis 'appearance'", column: 7)) {
      try engine.bestMatch(parsing: "@dark/@light/title")
    }
    engine.themes = ["dark", "light"]
    #expect(engine.themeWarning?.kind == .themeConflict)
    #expect(engine.themeWarning?.message == "'dark' and 'light' are both on axis 'appearance'")
  }

  /// Without `axes:`, every theme is on one axis: the sheet behaves as with one theme.
  @Test func withoutAxesOneThemeIsCurrent() throws {
    let engine = StyleEngine(
      sheets: [try StyleSheet(yaml: "styles:\n  \"@a/t\": { n: 1 }\n  \"@b/t\": { n: 2 }\n")], theme: "a")
    #expect(engine.bestMatch(for: "@b/t").match?.rule.name == "@b/t")
    #expect(engine.bestMatch(for: "t").match?.rule.name == "@a/t")
    #expect(throws: SyntaxError("'a' and 'b' are both on the axis of unlisted themes", column: 4)) {
      try engine.bestMatch(parsing: "@a/@b/t")
    }
  }
}

extension ThemeAxesTests {
  /// Image names with several themes: a prefix of the themes a name uses,
  /// in axis order; more themes first in `themed` mode, after the vector in `classic`.
  @Test func imageNamesUseSetsOfThemes() {
    let node: NodeIdentifier = "a/t"
    let themed = Array(ImageNames(node: node, themes: ["dark", "compact"], mode: .themed, options: .init()))
    #expect(
      themed == [
        "dark_compact_a_t", "dark_compact_*_t", "dark_a_t", "dark_*_t", "compact_a_t", "compact_*_t", "a_t", "*_t",
      ])
    let classic = Array(ImageNames(node: node, themes: ["dark", "compact"], mode: .classic, options: .init()))
    #expect(
      classic == [
        "dark_compact_a_t", "dark_a_t", "compact_a_t", "a_t", "dark_compact_*_t", "dark_*_t", "compact_*_t", "*_t",
      ])
    // The engine's names follow its current themes in axis order, defaults included.
    let names = Self.engine.imageNames(for: "@dark/t")
    #expect(Array(names) == ["dark_regular_t", "dark_t", "regular_t", "t"])
  }
}

extension ThemeAxesTests {
  /// A dump writes `axes:` back: under a set of themes it loads again and
  /// answers as the original does under that set.
  @Test(arguments: [["dark", "compact"], ["light"], []])
  func theResolvedSheetKeepsItsAxes(themes: [String]) throws {
    let original = try StyleSheet(contentsOf: FixturePaths.path("sheets/axes.yaml"))
    let reloaded = try StyleSheet(yaml: original.resolvedSheet(themes: themes).yamlText(), name: "dump.yaml")
    #expect(reloaded.axes == original.axes)
    let options = QueryOptions(themes: themes)
    let (before, after) = (StyleIndex(sheets: [original]), StyleIndex(sheets: [reloaded]))
    for node: NodeIdentifier in ["title", "card/title", "label", "@compact/title", "@dark/card/title"] {
      let (a, b) = (before.bestMatch(for: node, options: options), after.bestMatch(for: node, options: options))
      #expect(a.match?.rule.name == b.match?.rule.name, "\(node)")
      #expect(a.properties == b.properties, "\(node)")
    }
  }
}

extension ThemeAxesTests {
  /// A first component starting with `@` after themes keeps the dropped
  /// `*` in front when printed, or it would read as one more theme.
  @Test func aComponentStartingWithAtPrintsBack() throws {
    for text in ["@dark/*/@x/t", "*/@x/t", "@dark/@x", "@a/@b/*/@c/d/t"] {
      let selector = try StyleSelector(parsing: text)
      #expect(try StyleSelector(parsing: selector.description) == selector, "\(text) → \(selector)")
    }
    #expect(try StyleSelector(parsing: "@dark/*/@x/t").description == "@dark/*/@x/t")
    #expect(try StyleSelector(parsing: "@dark/@x").description == "@dark/@x")
  }
}

extension ThemeAxesTests {
  /// Values under several current themes (`sheets/axes-values.yaml`): a
  /// theme's value naming a variable another axis changes, a theme of an
  /// axis a style does not reach, a variable only the themes of an axis
  /// with a default define, and a themed `extends` target under the
  /// style's themes on the other axes.
  @Test(
    arguments: [
      (
        [],
        ["title": ["color": "black", "size": "1"], "label": ["color": "black"], "card": ["margin": "4", "gap": "10"]]
      ),
      (["dark"], ["title": ["color": "white", "size": "4"], "label": ["color": "white"], "card": ["margin": "4"]]),
      (["compact"], ["title": ["color": "black", "size": "1"], "label": ["color": "black"], "card": ["margin": "2"]]),
      (
        ["dark", "compact"],
        ["title": ["color": "white", "size": "2"], "label": ["color": "white"], "card": ["margin": "2"]]
      ),
    ] as [([String], [String: [String: String]])])
  func valuesFollowEveryCurrentTheme(themes: [String], expected: [String: [String: String]]) throws {
    let engine = StyleEngine(
      sheets: [try StyleSheet(contentsOf: FixturePaths.path("sheets/axes-values.yaml"))], themes: Set(themes))
    for (node, properties) in expected {
      let answer = try engine.bestMatch(parsing: node).properties ?? [:]
      for (name, value) in properties {
        #expect(answer[name]?.description == value, "\(node).\(name) under \(themes)")
      }
    }
  }
}

extension ThemeAxesTests {
  /// A variable only the themes of an axis with a default define is
  /// evaluated under those themes alone, however many other axes there
  /// are: 400 styles over three axes of nine themes stay within the budget.
  @Test func aDefaultAxisVariableCostsItsOwnThemes() throws {
    let axes = ["a", "b", "c"].map { axis in (axis, (1...9).map { "\(axis)\($0)" }) }
    var yaml = "axes:\n"
    for (axis, themes) in axes {
      yaml += "  \(axis): { themes: [\(themes.joined(separator: ", "))], default: \(themes[0]) }\n"
    }
    yaml += "variables: { pad: 1, gap: 1 }\nthemes:\n"
    for (axis, themes) in axes {
      let name = ["a": "fg", "b": "pad", "c": "gap"][axis]!
      for theme in themes { yaml += "  \(theme): { variables: { \(name): \(theme) } }\n" }
    }
    yaml += "styles:\n" + (0..<400).map { "  s\($0): { color: $fg }\n" }.joined()
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: yaml, name: "wide.yaml")], themes: ["a5", "b3", "c7"])
    #expect(engine.bestMatch(for: "s42").properties?["color"] == .string("a5"))
  }

  /// Errors under a set no query resolves to are dropped, a nesting limit
  /// among them; the shared budget running out is not.
  @Test func limitsOfOneEvaluationGoWithIt() throws {
    let chain = (1...100).map { "r\($0): $r\($0 + 1)" }.joined(separator: ", ")
    let yaml = """
      axes: { appearance: { themes: [light, dark], default: light } }
      variables: { a: $r1, \(chain), r101: end }
      themes:
        light: { variables: { a: x } }
        dark: { variables: { a: y } }
      styles: { title: { v: $a } }
      """
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: yaml, name: "deep.yaml")], themes: [])
    #expect(engine.bestMatch(for: "title").properties?["v"] == .string("x"))
  }

  /// Sheets built apart and queried together: each style reads the values
  /// of the themes it reaches, whatever else the query's key names.
  @Test func sheetsBuiltApartKeepTheirValues() throws {
    let appearance = try StyleSheet(
      yaml: "axes: { appearance: [light, dark] }\nvariables: { fg: black }\n"
        + "themes: { dark: { variables: { fg: white } } }\nstyles: { title: { color: $fg } }\n")
    let density = try StyleSheet(
      yaml: "axes: { density: [regular, compact] }\nvariables: { pad: 4 }\n"
        + "themes: { compact: { variables: { pad: 2 } } }\nstyles: { card: { margin: $pad } }\n")
    let engine = StyleEngine(sheets: [appearance, density], themes: ["dark", "compact"])
    #expect(engine.bestMatch(for: "title").properties?["color"] == .string("white"))
    #expect(engine.bestMatch(for: "card").properties?["margin"] == .int(2))
  }
}

extension ThemeAxesTests {
  /// Token-style sheets alias thousands of palette entries from each theme:
  /// what each alias reaches is worked out once for all of them.
  @Test func thousandsOfThemedAliases() throws {
    let count = 3_000
    var yaml = "axes: { appearance: { themes: [light, dark], default: light } }\nvariables:\n  palette:\n"
    yaml += (0..<count).map { "    c\($0): \"#\($0)\"\n" }.joined()
    yaml += "themes:\n"
    for (theme, shift) in [("light", 0), ("dark", 1)] {
      yaml += "  \(theme):\n    variables:\n      color:\n"
      yaml += (0..<count).map { "        t\($0): $palette.c\(($0 + shift) % count)\n" }.joined()
    }
    yaml += "styles:\n  title: { color: $color.t7 }\n"
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: yaml, name: "tokens.yaml")], themes: ["dark"])
    #expect(engine.bestMatch(for: "title").properties?["color"] == .string("#8"))
    engine.themes = ["light"]
    #expect(engine.bestMatch(for: "title").properties?["color"] == .string("#7"))
  }
}
