import Foundation
import Testing

@testable import Stylist

/// The export's exact round trips (docs/CLI.md: Exporting tokens), each on
/// a fixture of `Fixtures/export/`: what comes back from DTCG, what a
/// browser reads from the CSS, what Swift names.
@Suite struct ExportValueTests {
  private func sheet(_ name: String) throws -> StyleSheet {
    try StyleSheet(contentsOf: FixturePaths.path("export/" + name))
  }

  /// The variables of `sheet`'s DTCG export, imported, under `themes`.
  private func imported(_ sheet: StyleSheet, themes: [String], files: TokenFiles) throws -> [String: PropertyValue] {
    try TokenExport(sheet: sheet).write(.dtcg, to: files.folder + "/out")
    let importer = try files.write("import.yaml", "tokens: [out/\(DTCGRenderer.resolverName)]\n")
    return try ExportRoundTripTests.values(try StyleSheet(contentsOf: importer), themes)
  }

  /// The custom properties a browser gives an element whose `data-theme`
  /// lists `themes`.
  private func css(_ sheet: StyleSheet, themes: [String]) throws -> [String: String] {
    let rules = ExportRoundTripTests.parse(try TokenExport(sheet: sheet).files(.css)[0].text)
    return ExportRoundTripTests.cascade(rules, dataTheme: themes.map(ExportRoundTripTests.word))
  }

  @Test func anInterpolationFollowsItsVariablesUnderACombination() throws {
    let sheet = try sheet("interpolation.yaml")
    let files = try TokenFiles()
    let expected = try ExportRoundTripTests.values(sheet, ["dark", "compact"])
    #expect(expected["border"] == "4px solid #FF6B6B")
    let back = try imported(sheet, themes: ["dark", "compact"], files: files)
    #expect(back["border"] == "4px solid #FF6B6B")
    #expect(back["mixed"] == ["{brand}", "#FF6B6B", "4px"])
    let browser = try css(sheet, themes: ["dark", "compact"])
    #expect(browser["--border"] == "4px solid #FF6B6B")
    #expect(browser["--mixed"] == "\"{brand}\", #ff6b6b, 4px")
    // The theme files hold what each theme sets, the template only in the base file.
    let dark = try String(contentsOfFile: files.folder + "/out/themes/dark.tokens.json", encoding: .utf8)
    #expect(!dark.contains("border"))
  }

  /// A reference into an object that is one token (`$gap.unit`) reads
  /// into the token's value on import, under every theme.
  @Test func referencesIntoAnObjectComeBack() throws {
    let sheet = try sheet("object-parts.yaml")
    let files = try TokenFiles()
    for themes in [[], ["dark"]] {
      let expected = try ExportRoundTripTests.values(sheet, themes)
      let back = try imported(sheet, themes: themes, files: files)
      for (path, value) in expected { #expect(back[path].map(value.isSame) == true, "\(path) under \(themes)") }
    }
    let dark = try imported(sheet, themes: ["dark"], files: files)
    #expect(dark["wide"] == "12px wide" && dark["unit"] == "px" && dark["space"] == "display-p3")
  }

  @Test func oddValuesComeBackAsTheyAre() throws {
    let sheet = try sheet("odd-values.yaml")
    let files = try TokenFiles()
    for themes in [[], ["dark"]] {
      let expected = try ExportRoundTripTests.values(sheet, themes)
      let back = try imported(sheet, themes: themes, files: files)
      #expect(Set(back.keys) == Set(expected.keys))
      for (path, value) in expected { #expect(back[path].map(value.isSame) == true, "\(path) under \(themes)") }
    }
    let back = try imported(sheet, themes: [], files: files)
    #expect(back["looks"] == "{brand}")
    #expect(back["money"] == "$5 {brand}")
    #expect(back["big"] == .double(.infinity) && back["small"] == .double(-.infinity))
    #expect(back["ratio"]?.doubleValue?.isNaN == true)
    #expect(back["extra"] == .map([:]))
    #expect(back["steps"] == [1, 2, 3])
    #expect(back["gap"] == ["value": 8, "unit": "px"])
    let base = try String(contentsOfFile: files.folder + "/out/base.tokens.json", encoding: .utf8)
    let tokens = try #require(try JSONSerialization.jsonObject(with: Data(base.utf8)) as? [String: [String: Any]])
    #expect(tokens["accent"]?["$type"] as? String == "color")
    #expect(tokens["gap"]?["$type"] as? String == "dimension")
    #expect(tokens["looks"]?["$value"] as? String == "\\{brand}")
    #expect(tokens["ratio"]?["$type"] == nil)
  }

  @Test func aThemeOfAnotherAxisDoesNotUndoWhatAThemeSets() throws {
    let sheet = try sheet("two-axes-link.yaml")
    #expect(try ExportRoundTripTests.values(sheet, ["dark", "compact"])["link"] == "#00AA00")
    #expect(try css(sheet, themes: ["dark", "compact"])["--link"] == "#00aa00")
    #expect(try css(sheet, themes: ["compact"])["--link"] == "#000000")
    #expect(try css(sheet, themes: ["dark"])["--link"] == "#00aa00")
  }

  @Test func notANumberIsNoChangeOfATheme() throws {
    let sheet = try sheet("nan.yaml")
    let export = try TokenExport(sheet: sheet)
    let css = export.files(.css)[0].text
    #expect(css.components(separatedBy: "--ratio").count == 2, "\(css)")
    let swift = export.files(.swift)[0].text
    #expect(swift.components(separatedBy: "let ratio").count == 2)
    #expect(export.changes.allSatisfy { $0.variables.map(\.dottedPath) == ["size"] })
  }

  @Test func clashSuffixesAreNoRealNameAndTheSameInEveryTheme() throws {
    let export = try TokenExport(sheet: try sheet("clashes.yaml"))
    let css = export.files(.css)[0].text
    #expect(css.contains("  --a-b: 1;\n  --a-b\\.2: 2;\n  --a-b-2: 3;\n"))
    #expect(css.contains("[data-theme~=\"dark\"] {\n  --a-b\\.2: 20;\n  --c-d: 50;\n}"))
    let swift = export.files(.swift)[0].text
    #expect(swift.contains("  public static let cD = 4\n  public static let cD_2 = 5\n"))
    #expect(swift.contains("    public static let cD_2 = 50\n"))
    #expect(swift.contains("  public static let u00FCber = 6\n"))
  }

  @Test func aThemeNameWithASpaceIsWrittenPercentEncoded() throws {
    let sheet = try sheet("spaced/app.yaml")
    let css = try TokenExport(sheet: sheet).files(.css)[0].text
    #expect(css.contains("[data-theme~=\"dark%20mode\"] {\n  --ink: #eeeeee;\n}"))
    #expect(try self.css(sheet, themes: ["dark mode"])["--ink"] == "#eeeeee")
    #expect(CSSRenderer.word("50% off") == "50%25%20off")
  }

  /// An alias states the type of what it resolves to, so a sheet using
  /// the export lints clean.
  @Test func anAliasStatesItsType() throws {
    let files = try TokenFiles()
    try TokenExport(sheet: try StyleSheet(contentsOf: FixturePaths.path("tokens/app.yaml")))
      .write(.dtcg, to: files.folder + "/out")
    let base = try String(contentsOfFile: files.folder + "/out/base.tokens.json", encoding: .utf8)
    #expect(base.contains("\"inset\": {\n    \"$value\": \"{gap}\",\n    \"$type\": \"dimension\"\n  }"))
    let importer = try files.write("import.yaml", "tokens: [out/\(DTCGRenderer.resolverName)]\n")
    #expect(StyleSheet.diagnose([importer]).map(\.description) == [])
  }
}
