import Foundation
import Testing

@testable import Stylist

/// `Fixtures/tokens/`: a palette with aliases, a type scale and a resolver
/// with an appearance and a density modifier, under a sheet.
@Suite struct TokenFixtureTests {
  static let sheet = FixturePaths.path("tokens/app.yaml")

  func properties(_ node: String, _ themes: Set<String> = []) throws -> Properties {
    let engine = StyleEngine(sheets: [try StyleSheet(contentsOf: Self.sheet)], themes: themes)
    return try #require(engine.bestMatch(for: try NodeIdentifier(parsing: node)).properties)
  }

  static func color(_ hex: String, _ components: [PropertyValue]) -> PropertyValue {
    ["colorSpace": "srgb", "components": .list(components), "hex": .string(hex)]
  }

  static let white = color("#ffffff", [1, 1, 1])
  static let ink = color("#111111", [0.07, 0.07, 0.07])

  @Test func everyCombinationOfContextsAnswers() throws {
    let cases: [(themes: Set<String>, text: PropertyValue, surface: PropertyValue, padding: PropertyValue)] = [
      ([], Self.ink, Self.white, ["value": 1, "unit": "rem"]),
      (["light", "comfortable"], Self.ink, Self.white, ["value": 1, "unit": "rem"]),
      (["light", "compact"], Self.ink, Self.white, ["value": 8, "unit": "px"]),
      (["dark", "comfortable"], Self.white, Self.ink, ["value": 1, "unit": "rem"]),
      (["dark", "compact"], Self.white, Self.ink, ["value": 8, "unit": "px"]),
    ]
    for (themes, text, surface, padding) in cases {
      let body = try properties("body", themes)
      #expect(body["color"] == text, "\(themes)")
      #expect(body["background"] == surface, "\(themes)")
      #expect(body["padding"] == padding, "\(themes)")
    }
  }

  @Test func aliasesRootTokensAndPointersResolve() throws {
    let link = try properties("link")
    let blue = Self.color("#0066cc", [0, 0.4, 0.8])
    #expect(link["accent"] == blue)
    #expect(link["old"] == blue)
    #expect(link["focus"] == ["color": blue, "width": ["value": 2, "unit": "px"], "style": "solid"])
    let title = try properties("title")
    #expect(title["size"] == ["value": 1.75, "unit": "rem"])
    #expect(
      title["font"]
        == [
          "fontFamily": ["Inter", "Helvetica Neue", "sans-serif"], "fontSize": ["value": 1.75, "unit": "rem"],
          "fontWeight": "bold", "letterSpacing": ["value": -0.5, "unit": "px"], "lineHeight": 1.2,
        ])
    #expect((try properties("body"))["font"]?.mapValue?["fontSize"] == ["value": 18, "unit": "px"])
  }

  @Test func groupExtensionInheritsAndOverrides() throws {
    let chip = try properties("chip")
    #expect(chip["padding"] == ["value": 4, "unit": "px"])
    #expect(chip["radius"] == ["value": 6, "unit": "px"])
    #expect(chip["inner"] == ["value": 4, "unit": "px"])
  }

  @Test func modifiersAreAxesAndContextsThemes() throws {
    let sheet = try StyleSheet(contentsOf: Self.sheet)
    let axes = sheet.outline.axes.map { ($0.name, $0.themes.map(\.name), $0.defaultTheme?.name) }
    #expect(axes.count == 2)
    #expect(axes[0] == ("appearance", ["light", "dark"], "light"))
    #expect(axes[1] == ("density", ["comfortable", "compact"], "comfortable"))
  }

  @Test func tokensAreInTheOutline() throws {
    let outline = try StyleSheet(contentsOf: Self.sheet).outline
    func token(_ path: String, theme: String? = nil) throws -> SheetOutline.Token {
      try #require(outline.tokens.first { $0.path == path && $0.theme == theme })
    }
    let brand = try token("color.brand")
    #expect(brand.type == "color")
    #expect(brand.description == "The brand colour: links, primary buttons.")
    #expect(brand.location.file.hasSuffix("tokens/palette.tokens.json"))
    #expect(brand.location.line == 27 && brand.location.column == 5)
    #expect(try token("color.primary").deprecation?.reason == "Use color.brand.")
    #expect(try token("color.accent.$root").type == "color")
    #expect(try token("font.Body Large").type == "typography")
    #expect(try token("button-compact.padding").type == "dimension")
    #expect(try token("gap", theme: "compact").type == "dimension")
    #expect(try token("color.text", theme: "dark").location.file.hasSuffix("theme/dark.tokens.json"))
    #expect(
      try token("border.focus").extensions == ["com.example.figma": ["variableId": "VariableID:12:34"]])
  }

  @Test func dumpCarriesWhatTokensSayOfThemselves() throws {
    let sheet = try StyleSheet(contentsOf: Self.sheet)
    let plain = try #require(sheet.resolvedDump(themes: []).mapValue?["designTokens"]?.mapValue)
    #expect(
      plain["color.brand"]
        == ["$type": "color", "$description": "The brand colour: links, primary buttons."])
    #expect(plain["color.primary"] == ["$type": "color", "$deprecated": "Use color.brand."])
    #expect(
      plain["border.focus"]?.mapValue?["$extensions"]
        == ["com.example.figma": ["variableId": "VariableID:12:34"]])
    // The YAML dump loads back as a sheet: token properties are no sheet key.
    let loadsBack = try #require(sheet.resolvedSheet(themes: []).mapValue)
    #expect(loadsBack["designTokens"] == nil && loadsBack["styles"] != nil)
  }

  @Test func lintWarnsOfADeprecatedTokenInUseAndNothingElse() {
    let diagnostics = StyleSheet.diagnose([Self.sheet]).map { FixturePaths.relative($0.description) }
    #expect(
      diagnostics == [
        "tokens/app.yaml:7:91: warning: design token 'color.primary' is deprecated: Use color.brand. [deprecated-token]"
      ])
  }

  @Test func lintChecksATokenFileAlone() {
    #expect(StyleSheet.diagnose([FixturePaths.path("tokens/palette.tokens.json")]).isEmpty)
    #expect(StyleSheet.diagnose([FixturePaths.path("tokens/system.resolver.json")]).isEmpty)
  }

  /// Tabs are JSON whitespace, a line's first character included.
  @Test func aFileIndentedWithTabsIsJSON() throws {
    #expect(StyleSheet.diagnose([FixturePaths.path("tokens/tabs.tokens.json")]).isEmpty)
    let sheet = try StyleSheet(contentsOf: FixturePaths.path("tokens/tabs.tokens.json"))
    #expect(sheet.outline.tokens.map(\.path) == ["size"])
  }
}
