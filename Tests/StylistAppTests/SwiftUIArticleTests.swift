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

  @Test func groupsNestAndTheAnswerDecodes() throws {
    // Themed through variables, as the article advises: every style keeps its properties.
    let yaml = """
      variables: { ink: "#111111" }
      themes: { dark: { variables: { ink: "#EEEEEE" } } }
      styles:
        label: { color: $ink, size: 14 }
        header[selected]/searchBar/label: { color: $ink, size: 16, bold: true }
      """
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: yaml)])
    let path: [Component] = ["header[selected]", "searchBar"]
    #expect(textStyle(engine, path: path, token: "label") == TextStyle(color: "#111111", size: 16, bold: true))
    #expect(textStyle(engine, path: ["footer"], token: "label") == TextStyle(color: "#111111", size: 14, bold: nil))
    engine.theme = "dark"
    #expect(textStyle(engine, path: path, token: "label") == TextStyle(color: "#EEEEEE", size: 16, bold: true))
    #expect(textStyle(engine, path: [], token: "label") == TextStyle(color: "#EEEEEE", size: 14, bold: nil))
    #expect(textStyle(engine, path: [], token: "nothing") == nil)
    let ink = try #require(rgba("#DB3B3B"))
    #expect(ink.red == 219.0 / 255 && ink.green == 59.0 / 255 && ink.blue == 59.0 / 255 && ink.opacity == 1)
    #expect(rgba("#00000080")?.opacity == 128.0 / 255)
    #expect(rgba("red") == nil && rgba("#12345") == nil && rgba("#GGGGGG") == nil)
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
        header/title: { color: $ink, size: $title }
      """
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: yaml)])
    func title() -> TextStyle? { textStyle(engine, path: ["header"], token: "title") }
    #expect(engine.theme(onAxis: "density") == "comfortable")
    followSizeClass(engine, isCompact: true)
    followColorScheme(engine, isDark: true)
    #expect(title() == TextStyle(color: "#EEEEEE", size: 22))
    #expect(engine.themes == ["compact", "dark"])
    followColorScheme(engine, isDark: false)
    #expect(title() == TextStyle(color: "#111111", size: 22))
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
    #expect(title() == TextStyle(color: "#111111", size: 28) && engine.themes.isEmpty)
  }

  /// Live reload: a save the watcher loads redraws a view that read the answer.
  @Test func aWatchedSaveTellsTheViewThatReadTheAnswer() throws {
    let scratch = try Scratch("swiftui")
    try scratch.write("app.yaml", "styles:\n  label: { size: 14 }\n")
    let engine = StyleEngine()
    let reloads = Gathered<Int>()
    let watcher = try SheetWatcher(engine: engine, paths: [scratch.path("app.yaml")]) { event in
      if case .reloaded = event { reloads.append(1) }
    }
    let redrawn = Gathered<Int>()
    withObservationTracking {
      #expect(textStyle(engine, path: [], token: "label")?.size == 14)
    } onChange: {
      redrawn.append(1)
    }
    try scratch.saveByRename("app.yaml", "styles:\n  label: { size: 20 }\n")
    #expect(redrawn.wait(forCount: 1).count == 1)
    #expect(reloads.wait(forCount: 1).count == 1)
    #expect(textStyle(engine, path: [], token: "label")?.size == 20)
    watcher.stop()
  }
}
