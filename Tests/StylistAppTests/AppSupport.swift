import Foundation
import Stylist

/// A temporary folder for one test's sheets, removed when released.
final class Scratch: Sendable {
  let folder: URL

  init(_ name: String) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("stylist-\(name)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: folder) }

  func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// Writes `text` in place (truncating the file).
  func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: folder.appendingPathComponent(name))
  }

  /// Saves as editors do: writes a temporary file, then renames it over `name`.
  func saveByRename(_ name: String, _ text: String) throws {
    let target = folder.appendingPathComponent(name)
    let temporary = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).tmp")
    try Data(text.utf8).write(to: temporary)
    guard rename(temporary.path, target.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
  }
}

/// Values gathered from other threads, behind a lock ThreadSanitizer sees.
final class Gathered<Value>: @unchecked Sendable {
  private let lock = NSCondition()
  private var items: [Value] = []

  func append(_ value: Value) {
    lock.lock()
    items.append(value)
    lock.broadcast()
    lock.unlock()
  }

  var values: [Value] {
    lock.lock()
    defer { lock.unlock() }
    return items
  }

  /// Waits up to `seconds` until there are at least `count` values.
  @discardableResult
  func wait(forCount count: Int, seconds: Double = 10) -> [Value] {
    let deadline = Date().addingTimeInterval(seconds)
    lock.lock()
    defer { lock.unlock() }
    while items.count < count, lock.wait(until: deadline) {}
    return items
  }
}
