import Testing

@testable import Stylist

/// An error found under several sets of themes is one diagnostic.
@Suite struct DiagnosticSinkTests {
  let here = SourceLocation(file: "s.yaml", line: 3, column: 9)

  /// Two axes without defaults; other themes are unlisted.
  let axes = ThemeAxes([
    ThemeAxis(name: "appearance", themes: ["light", "dark"]),
    ThemeAxis(name: "density", themes: ["regular", "compact"]),
  ])

  func unknown(_ sink: DiagnosticSink, under themes: ThemeSet, reaching reached: Set<String> = []) {
    sink.error(
      "unknown variable 'x'", under: themes, region: axes.region(of: themes, reaching: reached),
      then: "; did you mean 'y'?", .unknownVariable, at: here, suggestion: "y")
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

  /// Sets whose queries join into one region are named by what they have
  /// in common; the others by the sets, in the order found.
  @Test func severalSetsAreNamedInTheOrderFoundAndCountedPastFour() {
    let sink = DiagnosticSink()
    unknown(sink, under: ["compact"])
    unknown(sink, under: ["dark", "compact"])
    #expect(sink.diagnostics.map(\.message) == ["unknown variable 'x' under theme 'compact'; did you mean 'y'?"])
    for theme in ["a", "b", "c", "d"] { unknown(sink, under: [theme]) }
    #expect(
      sink.diagnostics.map(\.message) == [
        "unknown variable 'x' under the sets of themes 'compact', 'dark/compact', 'a', 'b' and 2 more; did you mean 'y'?"
      ])
  }

  /// The sets an error is found under are named by the theme they have in
  /// common, and not at all when they are every query.
  @Test func theThemeCommonToTheFailingSetsIsNamed() {
    let withDefaults = ThemeAxes([
      ThemeAxis(name: "appearance", themes: ["light", "dark"], defaultTheme: "light"),
      ThemeAxis(name: "density", themes: ["regular", "compact"], defaultTheme: "regular"),
    ])
    func message(_ sets: [ThemeSet], reaching reached: Set<String>) -> [String] {
      let sink = DiagnosticSink()
      for set in sets {
        sink.error(
          "unknown variable 'x'", under: set, region: withDefaults.region(of: set, reaching: reached),
          .unknownVariable, at: here)
      }
      return sink.diagnostics.map(\.message)
    }
    // Only `light` defines `x`: with no theme named, a query has `dark`.
    #expect(message([.none], reaching: ["light"]) == ["unknown variable 'x' under theme 'dark'"])
    #expect(
      message([["regular"], ["compact"]], reaching: ["light", "regular", "compact"]) == [
        "unknown variable 'x' under theme 'dark'"
      ])
    #expect(
      message([["dark", "regular"], ["dark", "compact"]], reaching: ["light", "dark", "regular", "compact"]) == [
        "unknown variable 'x' under theme 'dark'"
      ])
    // Every query has `light` or `dark`.
    #expect(message([["light"], ["dark"]], reaching: ["light", "dark"]) == ["unknown variable 'x'"])
    #expect(
      message([["dark", "compact"]], reaching: ["dark", "compact"]) == [
        "unknown variable 'x' under themes 'dark' and 'compact'"
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
    let none = axes.region(of: .none, reaching: [])
    sink.error("unknown variable 'z'", under: .none, region: none, .unknownVariable, at: here)
    sink.error(
      "unknown variable 'x'", under: .none, region: none, .unknownVariable,
      at: SourceLocation(file: "s.yaml", line: 4, column: 1))
    #expect(sink.diagnostics.count == 3)
  }
}
