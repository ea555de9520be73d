import Testing

@testable import Stylist

/// An error found under several sets of themes is one diagnostic.
@Suite struct DiagnosticSinkTests {
  let here = SourceLocation(file: "s.yaml", line: 3, column: 9)

  func unknown(_ sink: DiagnosticSink, under themes: ThemeSet) {
    sink.error(
      "unknown variable 'x'", under: themes, then: "; did you mean 'y'?", .unknownVariable, at: here, suggestion: "y")
  }

  @Test func oneSetIsNamedAsBefore() {
    let sink = DiagnosticSink()
    unknown(sink, under: ["compact"])
    unknown(sink, under: ["compact"])
    #expect(
      sink.diagnostics.map(\.description) == [
        "s.yaml:3:9: error: unknown variable 'x' under theme 'compact'; did you mean 'y'?"
      ])
    let two = DiagnosticSink()
    unknown(two, under: ["dark", "compact"])
    #expect(
      two.diagnostics.first?.message == "unknown variable 'x' under themes 'dark' and 'compact'; did you mean 'y'?")
  }

  @Test func anErrorUnderNoThemeAndUnderAThemeIsSaidOnceWithoutThemes() {
    let sink = DiagnosticSink()
    sink.warning("first", .unusedVariable, at: here)
    unknown(sink, under: ["compact"])
    unknown(sink, under: .none)
    #expect(sink.diagnostics.count == 2)
    #expect(sink.diagnostics[1].message == "unknown variable 'x'; did you mean 'y'?")
    #expect(sink.diagnostics[1].suggestion == "y")
  }

  @Test func severalSetsAreNamedInTheOrderFoundAndCountedPastFour() {
    let sink = DiagnosticSink()
    unknown(sink, under: ["compact"])
    unknown(sink, under: ["dark", "compact"])
    #expect(
      sink.diagnostics.map(\.message) == [
        "unknown variable 'x' under the sets of themes 'compact' and 'dark/compact'; did you mean 'y'?"
      ])
    for theme in ["a", "b", "c", "d"] { unknown(sink, under: [theme]) }
    #expect(
      sink.diagnostics.map(\.message) == [
        "unknown variable 'x' under the sets of themes 'compact', 'dark/compact', 'a', 'b' and 2 more; did you mean 'y'?"
      ])
  }

  @Test func heldErrorsJoinOnlyWhenKept() {
    let sink = DiagnosticSink()
    unknown(sink, under: ["compact"])
    sink.hold()
    unknown(sink, under: .none)
    sink.release(keeping: false)
    #expect(sink.diagnostics.map(\.message) == ["unknown variable 'x' under theme 'compact'; did you mean 'y'?"])
    sink.hold()
    unknown(sink, under: ["dark"])
    sink.release(keeping: true)
    #expect(
      sink.diagnostics.map(\.message) == [
        "unknown variable 'x' under the sets of themes 'compact' and 'dark'; did you mean 'y'?"
      ])
  }

  @Test func differentWordsOrPlacesStayApart() {
    let sink = DiagnosticSink()
    unknown(sink, under: ["compact"])
    sink.error("unknown variable 'z'", under: .none, .unknownVariable, at: here)
    sink.error(
      "unknown variable 'x'", under: .none, .unknownVariable, at: SourceLocation(file: "s.yaml", line: 4, column: 1))
    #expect(sink.diagnostics.count == 3)
  }
}
