import Foundation
import Testing

@testable import Stylist

/// Every input the fuzzers (`Fuzz/`, `make fuzz`) ever crashed on, kept under
/// `Fixtures/fuzz/`, rerun with the fuzz targets' own checks.
@Suite struct FuzzRegressionTests {
  static func inputs(_ folder: String) -> [String] {
    let directory = FixturePaths.path("fuzz/" + folder)
    let names: [String]
    do { names = try FileManager.default.contentsOfDirectory(atPath: directory) } catch {
      preconditionFailure("cannot list \(directory): \(error)")
    }
    return names.filter { !$0.hasPrefix(".") }.sorted().map { directory + "/" + $0 }
  }

  @Test(arguments: inputs("selector"))
  func selectorInput(path: String) throws {
    let data = try #require(FileManager.default.contents(atPath: path))
    let text = String(decoding: data, as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let selector = try? StyleSelector(parsing: String(parts[0]))
    let node = parts.count > 1 ? try? NodeIdentifier(parsing: String(parts[1])) : nil
    if let selector { #expect(StyleSelector(selector.description) == selector) }
    if let node {
      #expect(NodeIdentifier(node.description) == node)
      _ = Array(StyleEngine().imageNames(for: node).prefix(64))
    }
    if let selector, let node {
      let stylist = StyleEngine(sheets: [StyleSheet(rules: [StyleRule(selector, ["fuzz": true])])], theme: node.theme)
      #expect(stylist.rankedCandidates(for: node).count <= 1)
      let applies = (selector.theme == nil || selector.theme == node.theme) && selector.specificity(on: node) != nil
      #expect((stylist.bestMatch(for: node).match != nil) == applies)
    }
  }

  @Test(arguments: inputs("sheet"))
  func sheetInput(path: String) throws {
    let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
    let options = LoadOptions(maxFileSize: 1 << 20, maxExpandedValues: 100_000)
    guard let sheet = try? StyleSheet(bytes: bytes, name: "fuzz.yaml", options: options) else { return }
    let stylist = StyleEngine(sheets: [sheet])
    for rule in sheet.rules.prefix(16) {
      let node = NodeIdentifier(path: [], token: rule.selector.token.name.description)
      _ = stylist.bestMatch(for: node)
      _ = stylist.cascade(for: node)
    }
  }

  /// `Fuzz/Sources/FuzzRender`'s steps: every renderer over a sheet that loads.
  @Test(arguments: inputs("render"))
  func renderInput(path: String) throws {
    let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
    let options = LoadOptions(maxFileSize: 1 << 20, maxExpandedValues: 100_000)
    guard let sheet = try? StyleSheet(bytes: bytes, name: "fuzz.yaml", options: options) else { return }
    #expect(renderThroughEveryRenderer(sheet, options: options))
  }

  @Test(arguments: inputs("tokens"))
  func tokensInput(path: String) throws {
    let bytes = [UInt8](try #require(FileManager.default.contents(atPath: path)))
    let options = LoadOptions(maxFileSize: 1 << 20, maxExpandedValues: 100_000)
    guard let sheet = try? StyleSheet(tokenBytes: bytes, name: "fuzz.tokens.json", options: options) else { return }
    #expect(sheet.outline.tokens.allSatisfy { !$0.path.isEmpty })
  }
}
