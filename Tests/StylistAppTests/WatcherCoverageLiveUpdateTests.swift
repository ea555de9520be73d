import Foundation
import Stylist
import Testing

/// The watcher keeps hearing every file a sheet depends on: saves made
/// during its first load, imports that do not exist yet, a folder deleted
/// and made again, a sheet reached through a symbolic link.
@Suite struct WatcherCoverageLiveUpdateTests {
  /// The watcher's events, and a wait for the first `.reloaded` after `count` events.
  static func reloaded(_ events: Gathered<SheetWatcher.Event>, after count: Int) -> StyleSheet? {
    guard events.wait(forCount: count + 1, seconds: 20).count > count else { return nil }
    guard case .reloaded(let sheet) = events.values[count] else { return nil }
    return sheet
  }

  /// The first load publishes its sheet before `init` returns; a save made
  /// then (here by an observer of that publication) is after the load has
  /// read the files, and the watcher hears it.
  @Test(arguments: ["app.yaml", "tokens.yaml"])
  func aSaveDuringTheFirstLoadIsHeard(file: String) throws {
    let scratch = try Scratch("first-load")
    try scratch.write("tokens.yaml", "variables:\n  n: 0\n")
    try scratch.write("app.yaml", "imports: [tokens.yaml]\nstyles:\n  label: { n: $n }\n")
    let engine = StyleEngine()
    let edited =
      file == "app.yaml" ? "imports: [tokens.yaml]\nstyles:\n  label: { n: 1 }\n" : "variables:\n  n: 1\n"
    let token = engine.observe { update in
      guard update.generation == 1 else { return }
      try? scratch.saveByRename(file, edited)
    }
    let events = Gathered<SheetWatcher.Event>()
    let watcher = try SheetWatcher(engine: engine, paths: [scratch.path("app.yaml")], debounce: .milliseconds(50)) {
      events.append($0)
    }
    defer { watcher.stop() }
    #expect(Self.reloaded(events, after: 0) != nil)
    #expect(engine.bestMatch(for: "label").properties?["n"] == 1)
    withExtendedLifetime(token) {}
  }

  /// A save that imports a file not there yet fails; creating the file
  /// (in the sheet's folder, or in a folder that is made for it) reloads.
  @Test(arguments: ["tokens.yaml", "shared/more/tokens.yaml"])
  func creatingAMissingImportReloads(importPath: String) throws {
    let scratch = try Scratch("missing-import")
    try scratch.write("app.yaml", "styles:\n  label: { n: 0 }\n")
    let engine = StyleEngine()
    let events = Gathered<SheetWatcher.Event>()
    let watcher = try SheetWatcher(engine: engine, paths: [scratch.path("app.yaml")], debounce: .milliseconds(50)) {
      events.append($0)
    }
    defer { watcher.stop() }
    try scratch.saveByRename("app.yaml", "imports: [\(importPath)]\nstyles:\n  label: { n: $n }\n")
    guard case .failed(let error) = events.wait(forCount: 1, seconds: 20).first else {
      Issue.record("no failure for the missing import")
      return
    }
    #expect(error.errors.first?.kind == .importNotFound)
    #expect(watcher.files.contains(scratch.path(importPath)))

    let folder = URL(fileURLWithPath: scratch.path(importPath)).deletingLastPathComponent()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try scratch.write(importPath, "variables:\n  n: 7\n")
    let reloaded = Self.reloaded(events, after: events.values.count)
    #expect(reloaded != nil, "creating the missing import did not reload")
    #expect(engine.bestMatch(for: "label").properties?["n"] == 7)
  }

  /// The sheet's folder goes (its sheet with it), then comes back.
  @Test func aFolderDeletedAndMadeAgainIsWatchedAgain() throws {
    let scratch = try Scratch("folder-again")
    let folder = URL(fileURLWithPath: scratch.path("styles"))
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try scratch.write("styles/app.yaml", "styles:\n  label: { n: 0 }\n")
    let engine = StyleEngine()
    let events = Gathered<SheetWatcher.Event>()
    let watcher = try SheetWatcher(
      engine: engine, paths: [scratch.path("styles/app.yaml")], debounce: .milliseconds(50)
    ) { events.append($0) }
    defer { watcher.stop() }

    try FileManager.default.removeItem(at: folder)
    guard case .failed = events.wait(forCount: 1, seconds: 20).first else {
      Issue.record("no failure for the deleted folder")
      return
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try scratch.write("styles/app.yaml", "styles:\n  label: { n: 1 }\n")
    #expect(Self.reloaded(events, after: events.values.count) != nil, "the folder made again is not watched")
    #expect(engine.bestMatch(for: "label").properties?["n"] == 1)

    // Watched as before: a later save reloads too.
    let count = events.values.count
    try scratch.saveByRename("styles/app.yaml", "styles:\n  label: { n: 2 }\n")
    #expect(Self.reloaded(events, after: count) != nil)
    #expect(engine.bestMatch(for: "label").properties?["n"] == 2)
  }

  /// A sheet named by a link in one folder to a file in another: saving
  /// the file (by rename, as editors do) reloads, and so does pointing the
  /// link at another file.
  @Test func aSheetThroughASymbolicLinkIsWatchedAtItsTarget() throws {
    let scratch = try Scratch("link")
    for folder in ["real", "links"] {
      try FileManager.default.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: true)
    }
    try scratch.write("real/app.yaml", "styles:\n  label: { n: 0 }\n")
    try scratch.write("real/other.yaml", "styles:\n  label: { n: 10 }\n")
    try FileManager.default.createSymbolicLink(
      atPath: scratch.path("links/app.yaml"), withDestinationPath: "../real/app.yaml")
    let engine = StyleEngine()
    let events = Gathered<SheetWatcher.Event>()
    let watcher = try SheetWatcher(
      engine: engine, paths: [scratch.path("links/app.yaml")], debounce: .milliseconds(50)
    ) { events.append($0) }
    defer { watcher.stop() }

    try scratch.saveByRename("real/app.yaml", "styles:\n  label: { n: 1 }\n")
    #expect(Self.reloaded(events, after: 0) != nil, "a save to the link's target is not heard")
    #expect(engine.bestMatch(for: "label").properties?["n"] == 1)

    // The link now points elsewhere; then a save to its new target.
    try scratch.saveByRename("real/app.yaml", "styles:\n  label: { n: 2 }\n")
    #expect(Self.reloaded(events, after: 1) != nil)
    let linkAgain = scratch.path("links/.app.yaml.link")
    try FileManager.default.createSymbolicLink(atPath: linkAgain, withDestinationPath: "../real/other.yaml")
    #expect(rename(linkAgain, scratch.path("links/app.yaml")) == 0)
    #expect(Self.reloaded(events, after: 2) != nil)
    #expect(engine.bestMatch(for: "label").properties?["n"] == 10)
    try scratch.saveByRename("real/other.yaml", "styles:\n  label: { n: 11 }\n")
    #expect(Self.reloaded(events, after: 3) != nil, "a save to the link's new target is not heard")
    #expect(engine.bestMatch(for: "label").properties?["n"] == 11)
  }
}
