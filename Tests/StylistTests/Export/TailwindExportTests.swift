import Foundation
import Testing

@testable import Stylist

@Suite struct TailwindExportTests {
  /// Each block of `css` (its selector, or `@theme`) with its declarations, in order.
  private func blocks(_ css: String) -> [(selector: String, declarations: [(name: String, value: String)])] {
    var result: [(selector: String, declarations: [(name: String, value: String)])] = []
    for line in css.split(separator: "\n").map(String.init) {
      if line.hasSuffix(" {") {
        result.append((String(line.dropLast(2)), []))
      } else if line.hasPrefix("  --"), let colon = line.range(of: ": "), line.hasSuffix(";") {
        result[result.count - 1].declarations.append(
          (String(line[..<colon.lowerBound].dropFirst(4)), String(line[colon.upperBound...].dropLast())))
      }
    }
    return result
  }

  /// The Fixtures' token set (its resolver with two modifiers) exports to
  /// Tailwind's `@theme` with the values `css` writes in `:root`, each in
  /// its namespace by type, and the same rule per theme (and combination)
  /// with the same values under the same names.
  @Test func theTokenFixturesAreThemeVariablesInTheirNamespaces() throws {
    let export = try TokenExport(sheet: try StyleSheet(contentsOf: FixturePaths.path("tokens/app.yaml")))
    let file = export.files(.tailwind)[0]
    #expect(file.path == "theme.css")
    #expect(file.text.hasPrefix(ExportFormat.tailwind.header))
    let tailwind = blocks(file.text)
    let css = blocks(export.files(.css)[0].text)
    #expect(tailwind.map(\.selector) == ["@theme"] + css.dropFirst().map(\.selector))
    #expect(tailwind.count >= 3)
    // One name per CSS name, the same in every block.
    var names: [String: String] = [:]
    for (ours, theirs) in zip(tailwind, css) {
      #expect(ours.declarations.map(\.value) == theirs.declarations.map(\.value), "\(ours.selector)")
      for (name, cssName) in zip(ours.declarations.map(\.name), theirs.declarations.map(\.name)) {
        #expect(names[cssName, default: name] == name, "\(cssName)")
        names[cssName] = name
      }
    }
    #expect(Set(names.values).count == names.count)
    #expect(names["color-brand"] == "color-brand")
    #expect(names["space-100"] == "spacing-100")
    #expect(names["font-family-sans"] == "font-sans")
    #expect(names["button-compact-radius"] == "radius-button-compact")
    #expect(names["motion-quick"] == "motion-quick")
    #expect(names["border-focus-color"] == "color-border-focus-color")
  }

  /// Names that clash after the namespaces (`color.a` and `a`, both
  /// colours) get `\.2`, which no real name holds, the same in every rule.
  @Test func clashingNamesGetASuffixNoRealNameHas() throws {
    let files = try TokenFiles()
    let sheet = try StyleSheet(
      contentsOf: try files.write(
        "s.yaml",
        """
        variables:
          color: { a: "#ff0000" }
          a: "#00ff00"
        themes:
          dark: { variables: { a: "#0000ff" } }
        """))
    #expect(
      try TokenExport(sheet: sheet).files(.tailwind)[0].text == ExportFormat.tailwind.header + """
        @theme {
          --color-a: #ff0000;
          --color-a\\.2: #00ff00;
        }

        [data-theme~="dark"] {
          --color-a\\.2: #0000ff;
        }

        """)
  }
}
