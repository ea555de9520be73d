import Foundation

@testable import Stylist

/// Files written into a fresh temporary folder for a test, removed with it.
final class TokenFiles {
  let folder: String

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-tokens-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  /// Writes `text` at `name` (folders made) and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let path = folder + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Diagnostics of loading `name`, paths relative to the folder.
  func diagnostics(_ name: String) -> [String] {
    StyleSheet.diagnose([folder + "/" + name]).map {
      $0.description.replacingOccurrences(of: folder + "/", with: "")
    }
  }

  /// The properties `node` resolves to under `themes`, from the sheet `name`.
  func properties(_ name: String, _ node: String, themes: Set<String> = []) throws -> Properties? {
    let sheet = try StyleSheet(contentsOf: folder + "/" + name)
    let engine = StyleEngine(sheets: [sheet], themes: themes)
    return engine.bestMatch(for: try NodeIdentifier(parsing: node)).properties
  }

  /// The sheet `name` with one style `t` holding `properties` and naming `tokens`.
  func sheet(tokens: [String], _ properties: String, name: String = "sheet.yaml") throws {
    try write(name, "tokens: [\(tokens.joined(separator: ", "))]\nstyles:\n  t: { \(properties) }\n")
  }
}
