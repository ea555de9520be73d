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
    let dark = Dictionary(uniqueKeysWithValues: sheet.rules.map { ($0.name, $0.style.themed["dark"]) })
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
}
