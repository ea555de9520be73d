import Testing

@testable import Stylist

/// An export's errors about `--theme` sit where each theme was given.
@Suite struct ExportThemeOptionTests {
  @Test func exportErrorsAreLocatedInTheOption() throws {
    let sheet = try StyleSheet(
      yaml: """
        axes:
          appearance: [light, dark]
        variables: { ink: black }
        """)
    let error = #expect(throws: SheetLoadError.self) {
      try TokenExport(sheet: sheet, themes: ThemeOption(["light, drak", "dark"], named: "--theme"))
    }
    #expect(
      error?.errors.map(\.description) == [
        "--theme:1:8: error: no loaded sheet mentions theme 'drak'; did you mean 'dark'?",
        "--theme:2:1: error: 'light' and 'dark' are both on axis 'appearance'",
      ])
  }
}
