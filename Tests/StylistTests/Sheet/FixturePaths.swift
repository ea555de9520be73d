import Foundation

/// Paths into `Fixtures/`, and diagnostics made relative to it so expected
/// files do not depend on where the checkout lives.
enum FixturePaths {
  static let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures").path

  static func path(_ relative: String) -> String { fixtures + "/" + relative }

  static func relative(_ text: String) -> String {
    text.replacingOccurrences(of: fixtures + "/", with: "")
  }
}
