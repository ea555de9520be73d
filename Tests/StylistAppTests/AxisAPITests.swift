import Observation
import Stylist
import Testing

/// `setTheme(_:onAxis:)` with a mistake changes nothing and says so.
@Suite struct AxisAPITests {
  static let yaml = """
    axes:
      appearance: { themes: [light, dark], default: light }
      density: { themes: [regular, compact], default: regular }
    styles:
      "@dark/title": { color: white }
    """

  @Test func aThemeOfAnotherAxisChangesNothing() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.yaml)])
    engine.setTheme("compact", onAxis: "appearance")
    #expect(engine.themes.isEmpty && engine.theme(onAxis: "density") == "regular")
    #expect(
      engine.themeWarning?.description
        == "StyleEngine.themes: warning: setTheme(_:onAxis:) changed nothing: theme 'compact' is not on axis "
        + "'appearance' (light, dark) [unknown-theme]")
    engine.setTheme("drak", onAxis: "appearance")
    #expect(engine.themeWarning?.suggestion == "dark" && engine.themes.isEmpty)
    // The next change of the themes clears it.
    engine.setTheme("dark", onAxis: "appearance")
    #expect(engine.themes == ["dark"] && engine.themeWarning == nil)
  }

  @Test func anAxisNoSheetDeclaresChangesNothing() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.yaml)])
    engine.setTheme("dark", onAxis: "apperance")
    #expect(engine.themes.isEmpty)
    #expect(
      engine.themeWarning?.description
        == "StyleEngine.themes: warning: setTheme(_:onAxis:) changed nothing: no loaded sheet declares axis "
        + "'apperance'; did you mean 'appearance'? [unknown-axis]")
    #expect(engine.themeWarning?.suggestion == "appearance")
    // Clearing the mistyped axis does not clear the real one either, and says so.
    engine.setTheme("dark", onAxis: "appearance")
    engine.setTheme(nil, onAxis: "apperance")
    #expect(engine.themes == ["dark"] && engine.themeWarning?.kind == .unknownAxis)
    engine.setTheme(nil, onAxis: "appearance")
    #expect(engine.themes.isEmpty && engine.themeWarning == nil)
  }

  /// A reader of the warning is told when a request is refused.
  @Test func aRefusedRequestTellsTheWarningsReaders() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.yaml)])
    let told = Flag()
    withObservationTracking {
      _ = engine.themeWarning
    } onChange: {
      told.set()
    }
    engine.setTheme("dark", onAxis: "apperance")
    #expect(told.isSet)
  }
}
