import Foundation
import Observation
import Stylist
import Testing

/// The SwiftUI article's code that compiles here (`SwiftUIArticleModel.swift`):
/// shown in the article unchanged, and doing what the article says.
@Suite struct SwiftUIArticleTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func theArticleShowsTheModelUnchanged() throws {
    let model = try String(
      contentsOf: Self.root.appendingPathComponent("Tests/StylistAppTests/SwiftUIArticleModel.swift"), encoding: .utf8)
    let article = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/Stylist/Stylist.docc/SwiftUI.md"), encoding: .utf8)
    let begin = try #require(model.range(of: "// article: begin\n"))
    let end = try #require(model.range(of: "// article: end\n"))
    let block = String(model[begin.upperBound..<end.lowerBound])
    #expect(article.contains("```swift\n" + block + "```\n"))
  }

  static func px(_ value: Double) -> StyleDimension { StyleDimension(value: value, unit: .px) }
  static func hex(_ text: String) -> StyleColor { StyleColor(hex: text)! }

  @Test func groupsNestAndTheAnswerDecodes() throws {
    // Themed through variables, as the article advises: every style keeps its properties.
    let yaml = """
      variables: { ink: "#111111" }
      themes: { dark: { variables: { ink: "#EEEEEE" } } }
      styles:
        label: { color: $ink, size: { value: 14, unit: px } }
        header[selected]/searchBar/label: { color: $ink, size: { value: 1, unit: rem }, bold: true }
      """
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: yaml)])
    let path: [Component] = ["header[selected]", "searchBar"]
    let rem = StyleDimension(value: 1, unit: .rem)
    #expect(
      textStyle(engine, path: path, token: "label") == TextStyle(color: Self.hex("#111111"), size: rem, bold: true))
    #expect(
      textStyle(engine, path: ["footer"], token: "label") == TextStyle(color: Self.hex("#111111"), size: Self.px(14)))
    engine.theme = "dark"
    #expect(
      textStyle(engine, path: path, token: "label") == TextStyle(color: Self.hex("#EEEEEE"), size: rem, bold: true))
    #expect(textStyle(engine, path: [], token: "label")?.size?.points() == 14)
    #expect(textStyle(engine, path: path, token: "label")?.size?.points() == 16)
    #expect(textStyle(engine, path: [], token: "nothing") == nil)
    let ink = rgba(Self.hex("#DB3B3B"))
    #expect(ink.red == 219.0 / 255 && ink.green == 59.0 / 255 && ink.blue == 59.0 / 255 && ink.opacity == 1)
    #expect(rgba(Self.hex("#00000080")).opacity == 128.0 / 255)
  }

  /// Colours and sizes from design tokens are objects: the view gets them,
  /// in sRGB whatever space the token is in.
  @Test func tokenColoursAndSizesStyleTheView() throws {
    let scratch = try Scratch("swiftui-tokens")
    try scratch.write(
      "brand.tokens.json",
      """
      {
        "color": { "$type": "color", "ink": { "$value": { "colorSpace": "srgb", "components": [0, 0.4, 0.8] } },
          "wide": { "$value": { "colorSpace": "display-p3", "components": [1, 0, 0] } } },
        "font": { "$type": "dimension", "title": { "$value": { "value": 20, "unit": "px" } } }
      }
      """)
    try scratch.write(
      "app.yaml",
      "tokens: [brand.tokens.json]\nstyles:\n  title: { color: $color.ink, size: $font.title }\n"
        + "  badge: { color: $color.wide }\n")
    let engine = try StyleEngine(contentsOf: [scratch.path("app.yaml")])
    var reported: [StyleDecodingError] = []
    let title = textStyle(engine, path: [], token: "title") { reported.append($0) }
    #expect(title?.size?.points() == 20 && reported.isEmpty)
    let ink = try #require(title?.color.map(rgba))
    #expect(ink.red == 0 && abs(ink.green - 0.4) < 1e-9 && abs(ink.blue - 0.8) < 1e-9 && ink.opacity == 1)
    // Display P3's red is outside sRGB: mapped into it.
    let wide = try #require(textStyle(engine, path: [], token: "badge")?.color.map(rgba))
    #expect([wide.red, wide.green, wide.blue].allSatisfy { (0...1).contains($0) } && wide.red > 0.9)
  }

  /// A style that does not fit is reported with its location, not hidden.
  @Test func aStyleThatDoesNotFitIsReported() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: "styles:\n  title: { color: \"#111111\", size: 17 }\n")])
    var reported: [StyleDecodingError] = []
    #expect(textStyle(engine, path: [], token: "title") { reported.append($0) } == nil)
    #expect(
      reported.map(\.description) == [
        "<string>:2:3: error: cannot decode 'size': expected a dimension: { value, unit: px or rem }, found the integer 17"
      ])
  }

  /// Each axis follows its own environment value: setting one keeps the other's theme,
  /// and a view that read one axis's theme is told when it changes.
  @Test func eachAxisIsSetAloneAndTheOtherKeepsItsTheme() throws {
    let yaml = """
      axes:
        appearance: { themes: [light, dark], default: light }
        density: { themes: [comfortable, compact], default: comfortable }
      variables: { ink: "#111111", title: 28 }
      themes:
        dark: { variables: { ink: "#EEEEEE" } }
        compact: { variables: { title: 22 } }
      styles:
        header/title: { color: $ink, size: { value: $title, unit: px } }
      """
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: yaml)])
    func title() -> TextStyle? { textStyle(engine, path: ["header"], token: "title") }
    #expect(engine.theme(onAxis: "density") == "comfortable")
    followSizeClass(engine, isCompact: true)
    followColorScheme(engine, isDark: true)
    #expect(title() == TextStyle(color: Self.hex("#EEEEEE"), size: Self.px(22)))
    #expect(engine.themes == ["compact", "dark"])
    followColorScheme(engine, isDark: false)
    #expect(title() == TextStyle(color: Self.hex("#111111"), size: Self.px(22)))
    #expect(engine.theme(onAxis: "appearance") == "light" && engine.theme(onAxis: "density") == "compact")
    #expect(engine.theme(onAxis: "size") == nil)

    let told = Gathered<Int>()
    withObservationTracking {
      _ = engine.theme(onAxis: "density")
    } onChange: {
      told.append(1)
    }
    followSizeClass(engine, isCompact: false)
    #expect(told.wait(forCount: 1).count == 1)
    #expect(title() == TextStyle(color: Self.hex("#111111"), size: Self.px(28)) && engine.themes.isEmpty)
  }

  /// Live reload: a save the watcher loads redraws a view that read the answer.
  @Test func aWatchedSaveTellsTheViewThatReadTheAnswer() throws {
    let scratch = try Scratch("swiftui")
    try scratch.write("app.yaml", "styles:\n  label: { size: { value: 14, unit: px } }\n")
    let engine = StyleEngine()
    let reloads = Gathered<Int>()
    let watcher = try SheetWatcher(engine: engine, paths: [scratch.path("app.yaml")]) { event in
      if case .reloaded = event { reloads.append(1) }
    }
    let redrawn = Gathered<Int>()
    withObservationTracking {
      #expect(textStyle(engine, path: [], token: "label")?.size == Self.px(14))
    } onChange: {
      redrawn.append(1)
    }
    try scratch.saveByRename("app.yaml", "styles:\n  label: { size: { value: 20, unit: px } }\n")
    #expect(redrawn.wait(forCount: 1).count == 1)
    #expect(reloads.wait(forCount: 1).count == 1)
    #expect(textStyle(engine, path: [], token: "label")?.size == Self.px(20))
    watcher.stop()
  }
}
