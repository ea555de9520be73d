import Foundation
import Testing

@testable import Stylist

/// `lint`'s `low-contrast` check: its warnings on a fixture, and its
/// findings against a brute-force evaluation under every set of current
/// themes on random sheets.
@Suite struct ContrastCheckTests {
  static func lowContrast(_ sheet: StyleSheet) -> [SheetDiagnostic] {
    ContrastCheck(sheet).warnings(rules: sheet.rules, defaultStyle: sheet.defaultStyle)
  }

  @Test func fixtureWarnings() throws {
    let path = FixturePaths.path("sheets/contrast.yaml")
    let warnings = StyleSheet.diagnose([path]).filter { $0.kind == .lowContrast }
    let expected = try String(contentsOfFile: FixturePaths.path("sheets/contrast.yaml.expected"), encoding: .utf8)
    #expect(warnings.map { FixturePaths.relative($0.description) + "\n" }.joined() == expected)
  }

  /// A sheet's `contrast:` replaces the lists, the minimum and the canvas;
  /// a later file replaces only the parts it names.
  @Test func settingsReplaceTheDefaults() throws {
    let sheet = try StyleSheet(
      yaml: """
        contrast: { foreground: [ink], background: [paper], minimum: 7, canvas: "#000000" }
        styles:
          a: { ink: "#595959", paper: "#ffffff", color: "#ffffff", backgroundColor: "#ffffff" }
          b: { ink: "#5a5a5a", paper: "#ffffff" }
          c: { ink: "#ffffff", paper: "#ffffff00" }
        """, name: "t.yaml")
    #expect(
      sheet.contrast
        == ContrastSettings(foreground: ["ink"], background: ["paper"], minimum: 7, canvas: .init(hex: "#000000")!))
    let messages = Self.lowContrast(sheet).map(\.description)
    #expect(
      messages == [
        "t.yaml:4:3: warning: 'b': 'ink' #5a5a5a on 'paper' #ffffff has contrast 6.90:1, below the minimum 7:1 [low-contrast]"
      ])
  }

  /// Brute force: for every set of current themes a query can have, each
  /// style's own answer (every style has a token of its own, so the
  /// engine's answer is the style's values there) measured pair by pair.
  @Test(arguments: 0..<40)
  func findingsMatchEveryQuerySet(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &+ 6_800)
    let yaml = Self.randomSheet(using: &generator)
    let sheet = try StyleSheet(yaml: yaml, name: "r.yaml")
    let check = ContrastCheck(sheet)
    let choices = sheet.plan.queryChoices(unlisted: ["brand"], fixed: [])
    let querySets = ThemeAxes.querySets(of: choices)
    let minimum = sheet.contrast.minimum
    for rule in sheet.rules {
      let pairs = check.pairs(of: rule)
      for (foreground, background) in [
        ("color", "backgroundColor"), ("color", "background"), ("tint", "backgroundColor"),
      ] {
        // Brute force: every query set the style applies in.
        var worst: Double?
        var failing: Set<ThemeSet> = []
        for set in querySets where rule.selector.themes.allSatisfy(set.contains) {
          let engine = StyleEngine(sheets: [sheet], themes: Set(set.themes))
          let properties = engine.bestMatch(for: NodeIdentifier(path: [], token: rule.selector.token.description))
            .properties
          guard let front = properties?[foreground]?.colorValue, let back = properties?[background]?.colorValue
          else { continue }
          let ratio = front.contrastRatio(with: back)
          if ratio < minimum {
            failing.insert(set)
            worst = min(worst ?? ratio, ratio)
          }
        }
        let pair = pairs.first { $0.foreground == foreground && $0.background == background }
        let short = pair?.measures.filter { $0.ratio < minimum } ?? []
        #expect(short.map(\.ratio).min() == worst, "\(rule.name) \(foreground)/\(background)\n\(yaml)")
        // The sets the check says it falls short under are the failing query sets.
        let covered = Set(
          querySets.filter { set in
            rule.selector.themes.allSatisfy(set.contains)
              && short.contains { $0.region.contains(set) }
          })
        #expect(covered == failing, "\(rule.name) \(foreground)/\(background)\n\(yaml)")
        let warning = pair.flatMap { check.warning($0, style: rule.name, at: rule.source!) }
        #expect((warning != nil) == (worst != nil))
      }
    }
  }

  /// Two axes (`appearance` with a default, `density` without) and the
  /// axis of unlisted themes (`brand`), variables
  /// in colours set globally and under themes, some through another
  /// variable, some translucent; styles unthemed and themed, each with a
  /// token of its own.
  static func randomSheet(using generator: inout SeededGenerator) -> String {
    let palette = [
      "#000000", "#ffffff", "#777777", "#595959", "#1a1a1a", "#e0e0e0", "#0066cc", "#00000080", "#ffffff40",
    ]
    func color() -> String { palette.randomElement(using: &generator)! }
    func value() -> String {
      Bool.random(using: &generator) ? "\"\(color())\"" : "$c\(Int.random(in: 0..<4, using: &generator))"
    }
    var lines = [
      "axes:", "  appearance: { themes: [light, dark], default: light }", "  density: [regular, compact]",
      "variables:",
    ]
    lines += (0..<3).map { "  c\($0): \"\(color())\"" }
    lines.append("  c3: $c\(Int.random(in: 0..<3, using: &generator))")
    lines.append("themes:")
    for theme in ["light", "dark", "compact", "brand"] {
      lines += ["  \(theme):", "    variables:"]
      for index in 0..<3 where Bool.random(using: &generator) { lines.append("      c\(index): \"\(color())\"") }
      if lines.last == "    variables:" { lines.append("      c0: \"\(color())\"") }
    }
    lines.append("styles:")
    for index in 0..<8 {
      let theme = ["", "", "@dark/", "@compact/", "@light/", "@brand/"].randomElement(using: &generator)!
      var body = ["color: \(value())", "backgroundColor: \(value())"]
      if Bool.random(using: &generator) { body.append("tint: \(value())") }
      if Bool.random(using: &generator) { body.append("background: \(value())") }
      lines.append("  \"\(theme)s\(index)\": { \(body.joined(separator: ", ")) }")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
