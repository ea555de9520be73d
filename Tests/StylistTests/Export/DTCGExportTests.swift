import Foundation
import Testing

@testable import Stylist

@Suite struct DTCGExportTests {
  /// Exports `sheetPaths` as DTCG, imports the export into a sheet, and
  /// compares every variable's value through a probe style under every
  /// combination of themes.
  private func roundTrip(_ sheetPaths: [String], files: TokenFiles) throws {
    let original = try StyleSheet(contentsOf: sheetPaths)
    let export = try TokenExport(sheet: original)
    try export.write(.dtcg, to: files.folder + "/out")
    let paths = ExportSheets.variablePaths(export)
    #expect(paths.count > 10)
    let probe = try files.write("probe.yaml", ExportSheets.probe(paths))
    let importer = try files.write("import.yaml", "tokens: [out/\(DTCGRenderer.resolverName)]\n")
    let before = try StyleSheet(contentsOf: sheetPaths + [probe])
    let after = try StyleSheet(contentsOf: [importer, probe])
    let combinations = ExportSheets.themeCombinations(export)
    #expect(combinations.count > 3)
    for themes in combinations {
      let expected = StyleEngine(sheets: [before], themes: Set(themes)).bestMatch(for: "probe").properties
      let actual = StyleEngine(sheets: [after], themes: Set(themes)).bestMatch(for: "probe").properties
      #expect(expected?.count == paths.count)
      for (key, value) in expected ?? [:] {
        #expect(actual?[key] == value, "\(paths[Int(key.dropFirst())!]) under \(themes)")
      }
    }
  }

  @Test func theTokenFixturesComeBackUnderEveryThemeCombination() throws {
    try roundTrip([FixturePaths.path("tokens/app.yaml")], files: TokenFiles())
  }

  @Test func aGeneratedSheetWithTwoAxesComesBackUnderEveryThemeCombination() throws {
    let files = try TokenFiles()
    let sheet = try files.write("generated.yaml", ExportSheets.generated())
    try roundTrip([sheet], files: files)
  }
}
