import Foundation
import Testing

@testable import Stylist

/// `StyleSheet.outline`: every definition and use of the loaded files, as
/// written, with its location.
@Suite struct SheetOutlineTests {
  /// A base sheet and a sheet importing it, written to a fresh folder.
  static func loadImporting() throws -> (sheet: StyleSheet, base: String, main: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("outline-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let base = folder + "/base.yaml"
    let main = folder + "/main.yaml"
    try """
    variables:
      colors:
        ink: black
        paper: white
    styles:
      label:
        color: $colors.ink
    """.write(toFile: base, atomically: true, encoding: .utf8)
    try """
    imports: [base.yaml]
    axes:
      contrast: { themes: [normal, high], default: normal }
    variables:
      gap: 4
    themes:
      high:
        variables:
          colors:
            ink: "#000"
        styles:
          button:
            border: "${gap}px solid $colors.ink"
    groups:
      toolbar:
        title:
          extends: label
          margin: $gap
    default:
      extends: [label]
    """.write(toFile: main, atomically: true, encoding: .utf8)
    return (try StyleSheet(contentsOf: main), base, main)
  }

  func at(_ file: String, _ line: Int, _ column: Int) -> Stylist.SourceLocation {
    Stylist.SourceLocation(file: file, line: line, column: column)
  }

  @Test func listsEveryDefinitionWhereItIsWritten() throws {
    let (sheet, base, main) = try Self.loadImporting()
    let outline = sheet.outline
    #expect(outline.styles.map(\.name) == ["label", "@high/button", "toolbar/title", "default"])
    #expect(outline.styles.map(\.location) == [at(base, 6, 3), at(main, 12, 7), at(main, 16, 5), at(main, 19, 1)])
    #expect(outline.groups.map(\.path) == ["toolbar"])
    #expect(outline.groups.map(\.location) == [at(main, 15, 3)])
    #expect(outline.themes.map(\.name) == ["high"])
    #expect(outline.themes.map(\.location) == [at(main, 7, 3)])
    let axis = try #require(outline.axes.first)
    #expect(outline.axes.count == 1)
    #expect(axis.name == "contrast")
    #expect(axis.location == at(main, 3, 3))
    #expect(axis.themes.map(\.name) == ["normal", "high"])
    #expect(axis.themes.map(\.location) == [at(main, 3, 24), at(main, 3, 32)])
    #expect(axis.defaultTheme?.name == "normal")
    #expect(axis.defaultTheme?.location == at(main, 3, 48))
    #expect(outline.variables.map(\.path) == ["colors.ink", "colors.paper", "gap", "colors.ink"])
    #expect(outline.variables.map(\.theme) == [nil, nil, nil, "high"])
    #expect(
      outline.variables.map(\.location) == [at(base, 3, 5), at(base, 4, 5), at(main, 5, 3), at(main, 10, 9)])
  }

  @Test func listsEveryUseWhereItsReferenceIsWritten() throws {
    let (sheet, base, main) = try Self.loadImporting()
    let uses = sheet.outline.variableUses
    #expect(uses.map(\.path) == ["colors.ink", "gap", "colors.ink", "gap"])
    // A quoted scalar's text starts one column after its quote.
    #expect(uses.map(\.location) == [at(base, 7, 12), at(main, 13, 18), at(main, 13, 33), at(main, 18, 15)])
    let extensions = sheet.outline.extensions
    #expect(extensions.map(\.target) == ["label", "label"])
    #expect(extensions.map(\.style) == ["toolbar/title", "default"])
    #expect(extensions.map(\.location) == [at(main, 17, 16), at(main, 20, 13)])
  }

  @Test func anAliasedValueIsOneUse() throws {
    let sheet = try StyleSheet(
      yaml: """
        variables:
          size: 2
          pair: &pair [$size, $size]
          twice: [*pair, *pair]
        styles:
          a: { p: $twice }
        """, name: "alias.yaml")
    // `twice` uses `pair` twice; its two `$size` are written once.
    #expect(
      sheet.outline.variableUses.map(\.location.description) == [
        "alias.yaml:3:16", "alias.yaml:3:23", "alias.yaml:6:11",
      ])
    #expect(sheet.outline.variableUses.map(\.path) == ["size", "size", "twice"])
  }

  /// The unused-variable warning reads the outline: a variable is used
  /// when any value refers to it or to a map holding it, a variable's value
  /// included; one written twice is reported once, at its last definition.
  @Test func unreferencedVariablesAreThoseNothingRefersTo() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refs-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let (base, overlay) = (folder + "/base.yaml", folder + "/overlay.yaml")
    try """
    variables:
      colors: { ink: black, paper: white }
      base: 4
      gap: $base
      spare: 1
    themes:
      dark:
        variables: { colors: { ink: white }, lonely: 0 }
    styles:
      a: { c: $colors, m: "${gap}px" }
    """.write(toFile: base, atomically: true, encoding: .utf8)
    try "variables:\n  spare: 2\n".write(toFile: overlay, atomically: true, encoding: .utf8)
    let sheet = try StyleSheet(contentsOf: [base, overlay])
    let unreferenced = sheet.outline.unreferencedVariables()
    #expect(unreferenced.map(\.path) == ["lonely", "spare"])
    #expect(unreferenced.map(\.location) == [at(base, 8, 42), at(overlay, 2, 3)])
    #expect(
      sheet.warnings.filter { $0.kind == .unusedVariable }.map(\.location) == [at(base, 8, 42), at(overlay, 2, 3)])
  }

  @Test func aSheetBuiltInCodeHasAnEmptyOutline() {
    #expect(StyleSheet(rules: []).outline == SheetOutline())
  }
}
