import Foundation
import Testing

@testable import Stylist

@Suite struct ExportDeterminismTests {
  /// Two loads and exports of the same sheets give the same bytes, file by
  /// file, in every format, with and without themes.
  @Test(arguments: ExportFormat.allCases, [[String](), ["dark", "compact"]])
  func theSameInputGivesTheSameBytes(format: ExportFormat, themes: [String]) throws {
    let files = try TokenFiles()
    let sheet = try ExportSheets.tokenSet(groups: 5, files: files)
    let first = try TokenExport(sheet: try StyleSheet(contentsOf: sheet), themes: themes).files(format)
    let second = try TokenExport(sheet: try StyleSheet(contentsOf: sheet), themes: themes).files(format)
    #expect(!first.isEmpty && first.allSatisfy { !$0.text.isEmpty })
    #expect(first.map(\.path) == second.map(\.path))
    for (a, b) in zip(first, second) { #expect(Array(a.text.utf8) == Array(b.text.utf8), "\(a.path)") }
  }
}
