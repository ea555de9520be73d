import Testing

@testable import Stylist

/// A body is evaluated per theme only when it reaches a variable a theme
/// shadows, directly, through other variables, through a map holding one,
/// or through a style it extends; whatever the route, the values under
/// each theme are the ones a full evaluation gives.
@Suite struct ThemedEvaluationTests {
  static let sheet = """
    variables:
      colors: { text: black, muted: gray }
      accent: $colors.text
      size: 12
    themes:
      dark:
        variables: { colors: { text: white } }
    styles:
      plain: { size: $size, muted: $colors.muted }
      direct: { color: $colors.text }
      indirect: { color: $accent }
      whole: { palette: $colors }
      interpolated: { border: "1px solid $accent" }
      base: { color: $colors.text }
      child: { extends: base, size: $size }
      plainBase: { size: $size }
      plainChild: { extends: plainBase, muted: $colors.muted }
    """

  @Test func onlyBodiesReachingShadowedVariablesVaryByTheme() throws {
    let sheet = try StyleSheet(yaml: Self.sheet, name: "t.yaml")
    let dark = Dictionary(uniqueKeysWithValues: sheet.rules.map { ($0.name, $0.style.themed[ThemeSet("dark")]) })
    #expect(dark["plain"]! == nil)
    #expect(dark["plainBase"]! == nil)
    #expect(dark["plainChild"]! == nil)
    #expect(dark["direct"]??["color"] == "white")
    #expect(dark["indirect"]??["color"] == "white")
    #expect(dark["whole"]??["palette"] == ["text": "white", "muted": "gray"])
    #expect(dark["interpolated"]??["border"] == "1px solid white")
    #expect(dark["base"]??["color"] == "white")
    #expect(dark["child"]! == ["color": "white", "size": 12])
    let index = StyleIndex(sheets: [sheet])
    let answer = index.bestMatch(for: "child", options: QueryOptions(theme: "dark"))
    #expect(answer.properties == ["color": "white", "size": 12])
  }

  /// Compiling frees each template as its rule is built, except the ones
  /// `extends` names: a target compiled before the styles extending it,
  /// a chain through a literal body, and a replaced definition all give
  /// the values a full evaluation gives, under every theme.
  @Test func templatesNamedByExtendsOutliveTheirOwnRule() throws {
    let sheet = try StyleSheet(
      yaml: """
        variables: { colors: { text: black }, size: 12 }
        themes: { dark: { variables: { colors: { text: white } } } }
        styles:
          base: { color: $colors.text, size: 1 }
          middle: { extends: base, radius: 4 }
          top: { extends: middle, size: $size }
          base2: { color: red }
          "*/base2": { color: $colors.text, border: 1 }
          late: { extends: [base2, "@dark/base"], weight: 700 }
          "@dark/base": { tint: $colors.text }
        """, name: "t.yaml")
    let byName = Dictionary(uniqueKeysWithValues: sheet.rules.map { ($0.name, $0.style) })
    #expect(byName["top"]!.properties == ["color": "black", "size": 12, "radius": 4])
    #expect(byName["top"]!.themed[ThemeSet("dark")] == ["color": "white", "size": 12, "radius": 4])
    #expect(byName["middle"]!.themed[ThemeSet("dark")] == ["color": "white", "size": 1, "radius": 4])
    #expect(byName["late"]!.properties == ["color": "black", "border": 1, "tint": "white", "weight": 700])
    #expect(
      byName["late"]!.themed[ThemeSet("dark")] == ["color": "white", "border": 1, "tint": "white", "weight": 700])
    #expect(byName["base"]!.themed[ThemeSet("dark")] == ["color": "white", "size": 1])
  }

  /// Under a theme, a flat body evaluates again only the entries that
  /// reached a shadowed variable; the others keep their unthemed values,
  /// their places and their types.
  @Test func onlyShadowedEntriesOfAFlatBodyAreEvaluatedAgain() throws {
    let sheet = try StyleSheet(
      yaml: """
        variables: { colors: { text: black, muted: gray }, accent: $colors.text, size: 12 }
        themes: { dark: { variables: { colors: { text: white } } } }
        styles:
          mixed: { size: $size, color: $colors.text, fixed: 3, border: "1px solid $accent", muted: $colors.muted }
        """, name: "t.yaml")
    let style = sheet.rules[0].style
    #expect(
      style.properties == ["size": 12, "color": "black", "fixed": 3, "border": "1px solid black", "muted": "gray"])
    #expect(
      style.themed[ThemeSet("dark")] == [
        "size": 12, "color": "white", "fixed": 3, "border": "1px solid white", "muted": "gray",
      ])
    #expect(Array(style.themed[ThemeSet("dark")]!.keys) == ["size", "color", "fixed", "border", "muted"])
  }
}
