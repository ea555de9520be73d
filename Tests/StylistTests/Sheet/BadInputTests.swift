import Foundation
import Testing

@testable import Stylist

/// Every file in `Fixtures/bad/` (a sheet, garbage, or a token or resolver
/// file linted alone) loads or fails cleanly with exactly the diagnostics
/// in its `.expected` file (one per line, errors and warnings).
@Suite struct BadInputTests {
  /// The fixtures; a folder that cannot be listed stops the suite here
  /// rather than leaving it with no input to check.
  static let inputs: [String] = {
    let names: [String]
    do { names = try FileManager.default.contentsOfDirectory(atPath: FixturePaths.path("bad")) } catch {
      preconditionFailure("cannot list Fixtures/bad: \(error)")
    }
    return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".bin") || TokenLoader.isTokenFile($0) }.sorted()
  }()

  static func diagnostics(_ path: String, options: LoadOptions = .init()) -> String {
    StyleSheet.diagnose([path], options: options).map { FixturePaths.relative($0.description) + "\n" }.joined()
  }

  @Test func everyInputHasAnExpectation() {
    #expect(Self.inputs.count >= 20)
  }

  @Test(arguments: inputs)
  func failsCleanlyWithLocatedErrors(name: String) throws {
    let actual = Self.diagnostics(FixturePaths.path("bad/\(name)"))
    let expectedPath = FixturePaths.path("bad/\(name).expected")
    if ProcessInfo.processInfo.environment["STYLIST_UPDATE_GOLDEN"] == "1" {
      try Data(actual.utf8).write(to: URL(fileURLWithPath: expectedPath))
    }
    let expected = try String(contentsOfFile: expectedPath, encoding: .utf8)
    #expect(actual == expected)
  }

  @Test func errorsMakeTheLoadFailAsAWhole() {
    #expect(throws: SheetLoadError.self) { try StyleSheet(contentsOf: FixturePaths.path("bad/many-errors.yaml")) }
  }

  /// The inputs too big to commit, made by `Fixtures/bad/make-hostile.sh`.
  @Test func generatedHostileInputs() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-hostile-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = Process()
    script.executableURL = URL(fileURLWithPath: "/bin/bash")
    script.arguments = [FixturePaths.path("bad/make-hostile.sh"), directory.path]
    try script.run()
    script.waitUntilExit()
    #expect(script.terminationStatus == 0)
    let root = directory.path + "/"
    func check(_ name: String) -> String {
      Self.diagnostics(root + name).replacingOccurrences(of: root, with: "")
    }
    #if STYLIST_BUNDLED_LIBYAML
      #expect(
        check("deep-nesting.yaml")
          == "deep-nesting.yaml:2:19: error: nesting deeper than libyaml allows\n")
    #else
      #expect(check("deep-nesting.yaml") == "deep-nesting.yaml:2:79: error: nesting deeper than 64 levels\n")
    #endif
    #expect(
      check("huge-scalar.yaml")
        == "huge-scalar.yaml:1:1: error: file is 100000030 bytes, larger than the 67108864-byte limit\n")
    #if !STYLIST_BUNDLED_LIBYAML
      #expect(
        check("deep-groups.tokens.json") == "deep-groups.tokens.json:1:321: error: nesting deeper than 64 levels\n")
    #endif
    #expect(
      check("huge-string.tokens.json")
        == "huge-string.tokens.json:1:1: error: file is 100000020 bytes, larger than the 67108864-byte limit\n")
    let long = try StyleSheet(contentsOf: root + "long-selector.yaml")
    #expect(long.rules.first?.selector.components.count == 10_000)
  }
}
