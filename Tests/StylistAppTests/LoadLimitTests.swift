import Foundation
import Stylist
import Testing

/// `LoadOptions` limits at the ends of `Int`, through every way an app
/// loads sheets: `.max` is no limit and loads, a negative limit allows
/// nothing and fails with located errors; neither traps.
@Suite struct LoadLimitTests {
  static let unlimited = LoadOptions(
    maxFileSize: .max, maxNestingDepth: .max, maxExpandedValues: .max, backgroundParsingThreshold: .max)
  /// With a merge key, which the loader's own budget counts.
  static let sheet = "variables:\n  base: &base { color: red }\nstyles:\n  label: { <<: *base, size: 2 }\n"

  @Test func unlimitedOptionsLoadThroughEveryEntryPoint() throws {
    let scratch = try Scratch("limits")
    try scratch.write("app.yaml", Self.sheet)
    let path = scratch.path("app.yaml")
    let url = URL(fileURLWithPath: path)
    for options in [Self.unlimited, LoadOptions(maxFileSize: .max, backgroundParsingThreshold: 0)] {
      #expect(try StyleSheet(contentsOf: path, options: options).rules.count == 1)
      #expect(try StyleSheet(contentsOf: url, options: options).rules.count == 1)
      #expect(StyleSheet.diagnose([path], options: options).allSatisfy { $0.severity == .warning })
      let engine = try StyleEngine(contentsOf: [path], options: options)
      #expect(engine.bestMatch(for: "label").properties == ["color": "red", "size": 2])
      try engine.reload(contentsOf: [url], options: options)
      #expect(engine.bestMatch(for: "label").properties?["size"] == 2)
    }
    try scratch.write("tree.yaml", "tree:\n  - style: label\n")
    #expect(try StyleTree(contentsOf: scratch.path("tree.yaml"), options: Self.unlimited).identifiers == ["label"])
  }

  @Test func aWatcherWithUnlimitedOptionsLoadsAndReloads() throws {
    let scratch = try Scratch("limits-watch")
    try scratch.write("app.yaml", Self.sheet)
    let engine = StyleEngine()
    let events = Gathered<SheetWatcher.Event>()
    let watcher = try SheetWatcher(
      engine: engine, paths: [scratch.path("app.yaml")], options: Self.unlimited, debounce: .milliseconds(50)
    ) { events.append($0) }
    defer { watcher.stop() }
    #expect(engine.bestMatch(for: "label").properties?["size"] == 2)
    try scratch.saveByRename("app.yaml", Self.sheet.replacingOccurrences(of: "size: 2", with: "size: 3"))
    guard case .reloaded = events.wait(forCount: 1, seconds: 60).last else {
      Issue.record("no reload")
      return
    }
    #expect(engine.bestMatch(for: "label").properties?["size"] == 3)
  }

  @Test func negativeLimitsFailWithLocatedErrors() throws {
    let scratch = try Scratch("limits-negative")
    try scratch.write("app.yaml", Self.sheet)
    let path = scratch.path("app.yaml")
    let limits = [
      LoadOptions(maxFileSize: .min), LoadOptions(maxNestingDepth: .min), LoadOptions(maxExpandedValues: .min),
      LoadOptions(maxFileSize: -1, maxNestingDepth: -1, maxExpandedValues: -1, backgroundParsingThreshold: .min),
    ]
    for options in limits {
      let errors = StyleSheet.diagnose([path], options: options).filter { $0.severity == .error }
      #expect(!errors.isEmpty && errors.allSatisfy { $0.kind == .limitExceeded && $0.location.file == path })
    }
  }
}
