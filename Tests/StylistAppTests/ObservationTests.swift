import Foundation
import Observation
import Stylist
import Testing

/// Observation as SwiftUI uses it: what a view's body read inside
/// `withObservationTracking` is invalidated by a change that can alter it.
@Suite struct ObservationTests {
  static let sheet = """
    themes: { dark: {} }
    styles:
      title: { color: "#000000", size: 17 }
      "@dark/title": { extends: [title], color: "#FFFFFF" }
      a/b/title: { size: 20 }
    """

  /// Whether `change` tells a tracker of what `read` reads.
  static func tells(_ engine: StyleEngine, reading read: @escaping () -> Void, when change: () throws -> Void)
    rethrows -> Bool
  {
    let told = Flag()
    withObservationTracking(read, onChange: { told.set() })
    try change()
    return told.isSet
  }

  @Test func anAnswerIsToldOfThemeModeAndReload() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.sheet)])
    let readAnswer = { _ = engine.bestMatch(for: "a/b/title") }
    #expect(Self.tells(engine, reading: readAnswer) { engine.theme = "dark" })
    #expect(Self.tells(engine, reading: readAnswer) { engine.mode = .classic })
    #expect(try Self.tells(engine, reading: readAnswer) { try engine.replace(with: [StyleSheet(yaml: Self.sheet)]) })
    // Every kind of query takes part, `parsing:` and cascades included.
    #expect(Self.tells(engine, reading: { _ = try? engine.cascade(parsing: "title") }) { engine.theme = nil })
    #expect(Self.tells(engine, reading: { _ = engine.rankedCandidates(for: "title") }) { engine.theme = "dark" })
  }

  @Test func noChangeTellsNothing() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.sheet)], theme: "dark")
    #expect(!Self.tells(engine, reading: { _ = engine.bestMatch(for: "title") }) { engine.theme = "dark" })
    // The theme alone is not altered by a reload.
    #expect(!(try Self.tells(engine, reading: { _ = engine.theme }) { try engine.reload(contentsOf: [String]()) }))
    #expect(!Self.tells(engine, reading: { _ = engine.theme }) { engine.mode = .classic })
  }

  @Test func settingsAndThemeListsAreToldOfTheirChanges() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.sheet)])
    #expect(Self.tells(engine, reading: { _ = engine.theme }) { engine.theme = "dark" })
    #expect(Self.tells(engine, reading: { _ = engine.mode }) { engine.mode = .themed })
    let reload = { engine.replace(with: [try! StyleSheet(yaml: "styles: { \"@drak/x\": { a: 1 } }")]) }
    #expect(Self.tells(engine, reading: { _ = engine.knownThemes }, when: reload))
    #expect(engine.knownThemes == ["drak"])
  }

  /// Each read is told only of the changes that can alter it: what the
  /// sheets declare, of reloads; the warning about the current themes, of
  /// reloads and theme changes; the mode queries use, of reloads and mode changes.
  @Test func eachReadIsToldOnlyOfWhatItDependsOn() throws {
    let axes = "axes: { tone: [light, dark], size: [compact, roomy] }\nstyles:\n  \"@dark/title\": { a: 1 }\n"
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: axes)])
    let reload = { engine.replace(with: [try! StyleSheet(yaml: axes)]) }
    let readsOfSheets: [(String, () -> Void)] = [
      ("knownThemes", { _ = engine.knownThemes }),
      ("axes", { _ = engine.axes }),
      ("themeConflict", { _ = engine.themeConflict(in: ["light", "dark"]) }),
      ("unknownThemeWarning", { _ = engine.unknownThemeWarning("drak", at: .init(file: "f", line: 1, column: 1)) }),
    ]
    for (name, read) in readsOfSheets {
      #expect(Self.tells(engine, reading: read, when: reload), "\(name)")
      #expect(!Self.tells(engine, reading: read) { engine.theme = UUID().uuidString }, "\(name)")
      #expect(
        !Self.tells(engine, reading: read) { engine.mode = engine.mode == .classic ? .themed : .classic }, "\(name)")
    }
    let readWarning = { _ = engine.themeWarning }
    #expect(Self.tells(engine, reading: readWarning, when: reload))
    #expect(Self.tells(engine, reading: readWarning) { engine.themes = ["light", "dark"] })
    #expect(!Self.tells(engine, reading: readWarning) { engine.mode = .classic })
    let readMode = { _ = engine.effectiveMode }
    #expect(Self.tells(engine, reading: readMode, when: reload))
    #expect(Self.tells(engine, reading: readMode) { engine.mode = .themed })
    #expect(!Self.tells(engine, reading: readMode) { engine.theme = "dark" })
    // Image names depend on all three.
    let readImages = { _ = engine.imageNames(for: "title") }
    #expect(Self.tells(engine, reading: readImages, when: reload))
    #expect(Self.tells(engine, reading: readImages) { engine.theme = "light" })
    #expect(Self.tells(engine, reading: readImages) { engine.mode = .classic })
  }

  /// An answer is told of a theme change only on the axes that can change
  /// it: those its values follow, and those a themed selector for its node
  /// names.
  @Test func anAnswerIsToldOnlyOfTheAxesThatCanChangeIt() throws {
    let yaml = """
      axes:
        appearance: { themes: [light, dark], default: light }
        density: { themes: [regular, compact], default: regular }
      variables: { ink: black, gap: 8 }
      themes:
        dark: { variables: { ink: white } }
        compact: { variables: { gap: 4 } }
      styles:
        plain: { size: 12 }
        inked: { color: $ink }
        spaced: { color: $ink, margin: $gap }
        chip: { size: 12 }
        "@compact/chip": { size: 10 }
        "*-button/label": { size: 12 }
        "@compact/label": { size: 11 }
      """
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: yaml)])
    let density = { engine.setTheme(engine.theme(onAxis: "density") == "compact" ? nil : "compact", onAxis: "density") }
    let appearance = {
      engine.setTheme(engine.theme(onAxis: "appearance") == "dark" ? nil : "dark", onAxis: "appearance")
    }
    func tells(_ node: NodeIdentifier, _ change: () -> Void) -> Bool {
      Self.tells(engine, reading: { _ = engine.bestMatch(for: node) }, when: change)
    }
    #expect(!tells("plain", density) && !tells("plain", appearance))
    #expect(!tells("inked", density) && tells("inked", appearance))
    #expect(tells("spaced", density) && tells("spaced", appearance))
    // A themed selector on density can win for `chip`.
    #expect(tells("chip", density) && !tells("chip", appearance))
    #expect(tells("ok-button/label", density))
    // A node's own theme on an axis wins there.
    #expect(!tells("@regular/chip", density))
    // A cascade follows every rule it merges.
    #expect(Self.tells(engine, reading: { _ = engine.cascade(for: "spaced") }, when: density))
    #expect(!Self.tells(engine, reading: { _ = try? engine.cascade(parsing: "plain") }, when: appearance))
    // The mode and a reload reach every answer.
    #expect(Self.tells(engine, reading: { _ = engine.bestMatch(for: "plain") }) { engine.mode = .classic })
    #expect(
      try Self.tells(engine, reading: { _ = engine.bestMatch(for: "plain") }) {
        engine.replace(with: [try StyleSheet(yaml: yaml)])
      })
  }

  /// A theme no sheet mentions is accepted, and the engine says so.
  @Test func anUnknownThemeIsReportedToTheApp() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.sheet)])
    #expect(engine.themeWarning == nil)
    engine.theme = "drak"
    #expect(engine.theme == "drak")
    #expect(
      engine.themeWarning?.description
        == "StyleEngine.themes: warning: no loaded sheet mentions theme 'drak'; did you mean 'dark'? [unknown-theme]"
    )
    #expect(engine.themeWarning?.suggestion == "dark")
    // A reload that declares it clears the warning, and tells whoever read it.
    let told = try Self.tells(engine, reading: { _ = engine.themeWarning }) {
      try engine.replace(with: [StyleSheet(yaml: "themes: { drak: {} }")])
    }
    #expect(told && engine.themeWarning == nil)
  }
}

/// Set once from any thread.
final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  func set() { lock.withLock { value = true } }
  var isSet: Bool { lock.withLock { value } }
}
