import Foundation
import Testing

@testable import Stylist

/// The file monitor, with inotify and with the polling other systems use:
/// both see the same changes.
@Suite struct FileChangeMonitorTests {
  /// A temporary folder, removed when released.
  final class Folder {
    let path: String

    init() throws {
      path =
        FileManager.default.temporaryDirectory
        .appendingPathComponent("stylist-monitor-\(UUID().uuidString)").path
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `name` by renaming a temporary file over it, as editors save.
    func save(_ name: String, _ text: String = "x") throws {
      let target = URL(fileURLWithPath: file(name))
      let temporary = target.deletingLastPathComponent().appendingPathComponent(".save.tmp")
      try Data(text.utf8).write(to: temporary)
      try #require(rename(temporary.path, target.path) == 0)
    }

    func makeFolder(_ name: String) throws {
      try FileManager.default.createDirectory(atPath: file(name), withIntermediateDirectories: true)
    }
  }

  /// Whether `monitor` reports a change within a generous time.
  static func changeSeen(_ monitor: FileChangeMonitor) -> Bool {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if monitor.waitForChange(timeout: 0.1) { return true }
    }
    return false
  }

  @Test(arguments: [false, true])
  func aFileAddedIsWatchedFromThenOn(polling: Bool) throws {
    let folder = try Folder()
    try folder.save("app.yaml")
    try folder.save("tokens.yaml")
    let monitor = FileChangeMonitor(files: [folder.file("app.yaml")], polling: polling)
    monitor.add(folder.file("tokens.yaml"))
    try folder.save("tokens.yaml", "changed")
    // Watching the same files again keeps the change pending.
    monitor.watch([folder.file("app.yaml"), folder.file("tokens.yaml")])
    #expect(Self.changeSeen(monitor))
  }

  @Test(arguments: [false, true])
  func aMissingFileIsSeenWhenMadeInAFolderMadeForIt(polling: Bool) throws {
    let folder = try Folder()
    let monitor = FileChangeMonitor(files: [folder.file("shared/more/tokens.yaml")], polling: polling)
    try folder.makeFolder("shared/more")
    try folder.save("shared/more/tokens.yaml")
    #expect(Self.changeSeen(monitor))
  }

  @Test(arguments: [false, true])
  func aFolderDeletedAndMadeAgainIsWatchedAgain(polling: Bool) throws {
    let folder = try Folder()
    try folder.makeFolder("styles")
    try folder.save("styles/app.yaml")
    let monitor = FileChangeMonitor(files: [folder.file("styles/app.yaml")], polling: polling)
    try FileManager.default.removeItem(atPath: folder.file("styles"))
    #expect(Self.changeSeen(monitor))
    try folder.makeFolder("styles")
    try folder.save("styles/app.yaml")
    #expect(Self.changeSeen(monitor))
    // Read every change so far, then one more save.
    while monitor.waitForChange(timeout: 0.3) {}
    try folder.save("styles/app.yaml", "again")
    #expect(Self.changeSeen(monitor))
  }

  @Test(arguments: [false, true])
  func aLinkIsWatchedAtItsTarget(polling: Bool) throws {
    let folder = try Folder()
    try folder.makeFolder("real")
    try folder.makeFolder("links")
    try folder.save("real/app.yaml")
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("links/app.yaml"), withDestinationPath: "../real/app.yaml")
    let monitor = FileChangeMonitor(files: [folder.file("links/app.yaml")], polling: polling)
    try folder.save("real/app.yaml", "changed")
    #expect(Self.changeSeen(monitor))
  }
}
