import Testing

@testable import Stylist

/// The plan of the axes (`ThemeAxes`): merged once, it says a set's axis
/// order, its values key, the defaults, and the sets of themes a query can have.
@Suite struct ThemeAxesPlanTests {
  /// appearance (no default), density (default regular), and the
  /// implicit axis; dark, compact, regular and brand have variables.
  static let plan = ThemeAxes(
    [
      ThemeAxis(name: "appearance", themes: ["light", "dark"]),
      ThemeAxis(name: "density", themes: ["regular", "compact"], defaultTheme: "regular"),
    ], variableThemes: ["brand", "compact", "dark", "regular"])

  @Test func setsAreInAxisOrderWithUnlistedThemesLast() {
    #expect(Self.plan.themeSet(["brand", "compact", "dark"]).themes == ["dark", "compact", "brand"])
    #expect(Self.plan.slot(of: "compact") == 1)
    #expect(Self.plan.slot(of: "unheard-of") == 2)
  }

  @Test func theValuesKeyKeepsTheThemesWithVariables() {
    #expect(Self.plan.valuesKey(ThemeSet(["light", "compact"])).themes == ["compact"])
    #expect(Self.plan.valuesKey(ThemeSet(["brand", "light", "regular"])).themes == ["regular", "brand"])
    // One theme is its own key, variables or not.
    #expect(Self.plan.valuesKey(ThemeSet("light")) == ThemeSet("light"))
    #expect(Self.plan.valuesKey(.none).isEmpty)
  }

  /// A query naming some themes has every other axis's default.
  @Test func defaultsFillTheOtherAxes() {
    #expect(Self.plan.atDefaults(ThemeSet("dark")).themes == ["dark", "regular"])
    #expect(Self.plan.atDefaults(ThemeSet("compact")).themes == ["compact"])
    #expect(Self.plan.atDefaults(.none).themes == ["regular"])
  }

  /// Per axis with variables: one of its themes or none; among the
  /// themes reached when given.
  @Test func setsAQueryCanHave() {
    let bySlot = Self.plan.variableThemesBySlot
    #expect(bySlot.map(\.slot) == [0, 1, 2])
    let all = Self.plan.sets(with: .none, among: nil, bySlot: bySlot)
    #expect(all.count == 2 * 3 * 2)
    #expect(all.first == ThemeSet.none)
    #expect(all.contains(ThemeSet(["dark", "compact", "brand"])))
    #expect(Set(all).count == all.count)
    let reached = Self.plan.sets(with: ThemeSet("light"), among: ["compact", "brand"], bySlot: bySlot)
    #expect(
      reached == [
        ThemeSet("light"), ThemeSet(["light", "compact"]), ThemeSet(["light", "brand"]),
        ThemeSet(["light", "compact", "brand"]),
      ])
    #expect(reached[3].description == "light/compact/brand")
  }

  /// An axis with a default whose themes are all reached always has one
  /// of them current: a set without one is no query's.
  @Test func aSetLeavingOutAnAxisThatAlwaysMattersIsNoQuerys() {
    #expect(!Self.plan.isQuerySet(ThemeSet("dark"), reached: ["regular", "compact"]))
    #expect(Self.plan.isQuerySet(ThemeSet(["dark", "compact"]), reached: ["regular", "compact"]))
    // A theme outside the reach (regular) leaves the values as with none.
    #expect(Self.plan.isQuerySet(ThemeSet("dark"), reached: ["compact"]))
    // No default: a query can have no theme of the axis.
    #expect(Self.plan.isQuerySet(.none, reached: ["light", "dark"]))
  }

  /// Past the limit there is no count.
  @Test func theCountOfSetsStopsAtTheLimit() {
    #expect(Self.plan.variableSetCount(limit: 1_000) == 12)
    #expect(Self.plan.variableSetCount(limit: 11) == nil)
  }

  /// A later sheet's plan merges in order: the union of an axis's themes,
  /// a later default, the themes with variables of both.
  @Test func plansMergeInLoadOrder() {
    var merged = Self.plan
    merged.merge(
      ThemeAxes(
        [ThemeAxis(name: "density", themes: ["spacious"], defaultTheme: "compact")], variableThemes: ["spacious"]))
    #expect(
      merged.axes[1] == ThemeAxis(name: "density", themes: ["regular", "compact", "spacious"], defaultTheme: "compact"))
    #expect(merged.hasVariables("spacious") && merged.hasVariables("dark") && !merged.hasVariables("light"))
  }

  /// A loaded sheet keeps its plan, and the index uses it as it is.
  @Test func aLoadedSheetKeepsItsPlan() throws {
    let sheet = try StyleSheet(
      yaml: """
        axes:
          density: { themes: [regular, compact], default: regular }
        themes:
          compact: { variables: { gap: 4 } }
        variables: { gap: 8 }
        styles:
          card: { padding: $gap }
        """, name: "plan.yaml")
    #expect(sheet.plan.variableThemes == ["compact"])
    #expect(StyleIndex(sheets: [sheet]).axes == sheet.plan)
  }

  /// A query's values key, worked out in theme ids (`ThemeTable`), is the
  /// plan's key of its current themes, or none when no style stores values
  /// under that key (the query then makes no lookup): for every set of
  /// themes a query can name, unknown themes among them.
  @Test func theQueryKeyIsThePlansKey() throws {
    let sheet = try StyleSheet(
      yaml: """
        axes:
          appearance: [light, dark]
          density: { themes: [regular, compact], default: regular }
        variables: { ink: black, gap: 4 }
        themes:
          dark: { variables: { ink: white } }
          compact: { variables: { gap: 2 } }
          regular: { variables: { gap: 6 } }
          brand: { variables: { ink: red } }
          light: { styles: { title: { x: 1 } } }
        styles:
          title: { color: $ink, pad: $gap }
          label: { color: $ink }
          plain: { size: 3 }
        """)
    let index = StyleIndex(sheets: [sheet])
    let plan = index.axes
    let stored = Set(sheet.rules.flatMap { $0.style.themed.keys })
    let names = ["light", "dark", "regular", "compact", "brand", "unheard"]
    var checked = 0
    for mask in 0..<(1 << names.count) {
      let given = names.indices.filter { mask & (1 << $0) != 0 }.map { names[$0] }
      guard plan.conflict(in: given) == nil else { continue }
      let current = index.currentThemes(QueryOptions(themes: given), node: [])
      let planKey = plan.valuesKey(plan.themeSet(current.themes))
      #expect(current.valuesKey == (stored.contains(planKey) ? planKey : .none), "\(given)")
      for rule in sheet.rules {
        #expect(rule.style.properties(under: current.valuesKey) == rule.style.properties(under: planKey), "\(given)")
      }
      checked += 1
    }
    // Per axis none or one theme; brand and unheard share the axis of unlisted themes.
    #expect(checked == 3 * 3 * 3)
  }
}
