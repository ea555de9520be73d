import Dispatch
import Foundation
import Stylist
import Testing

/// Stopping or releasing a `SheetWatcher` from the engine's observers and
/// update streams, which the watcher's own thread may be calling. Run under
/// ThreadSanitizer by `make sanitize`.
@Suite struct WatcherStopLiveUpdateTests {
  /// A watcher that an observer can reach, stop or release.
  final class WatcherBox: @unchecked Sendable {
    private let lock = NSLock()
    private var held: SheetWatcher?

    var watcher: SheetWatcher? {
      get { lock.withLock { held } }
      set { lock.withLock { held = newValue } }
    }

    /// Takes the watcher out, so the caller's reference is the last one.
    func take() -> SheetWatcher? {
      lock.withLock {
        defer { held = nil }
        return held
      }
    }
  }

  /// Whether a later observer and a later `updates` stream hear a theme change.
  static func laterSubscribersHear(_ engine: StyleEngine) async -> Bool {
    let heard = Gathered<Int>()
    let token = engine.observe { heard.append($0.generation) }
    let updates = engine.updates
    let reader = Task { () -> Int? in
      for await update in updates { return update.generation }
      return nil
    }
    engine.theme = UUID().uuidString
    defer { withExtendedLifetime(token) {} }
    // The stream is read only once the observer has heard: a stream that
    // never hears would keep this test waiting.
    guard let generation = heard.wait(forCount: 1).first else {
      reader.cancel()
      return false
    }
    return await reader.value == generation
  }

  @Test func anObserverThatStopsTheWatcherReturns() async throws {
    let scratch = try Scratch("stop-in-observer")
    try scratch.write("app.yaml", "styles:\n  label: { n: 0 }\n")
    let engine = StyleEngine()
    let box = WatcherBox()
    let returned = Gathered<Int>()
    let token = engine.observe { update in
      guard let watcher = box.watcher else { return }
      watcher.stop()
      returned.append(update.generation)
    }
    let events = Gathered<SheetWatcher.Event>()
    box.watcher = try SheetWatcher(engine: engine, paths: [scratch.path("app.yaml")], debounce: .milliseconds(50)) {
      events.append($0)
    }
    try scratch.saveByRename("app.yaml", "styles:\n  label: { n: 1 }\n")
    guard returned.wait(forCount: 1, seconds: 20).count == 1 else {
      // The watcher's thread is stuck inside the observer: stopping it from
      // here would wait for ever, so it is left to run out with the process.
      _ = Unmanaged.passRetained(box)
      Issue.record("stop() inside an observer did not return")
      return
    }
    #expect(engine.bestMatch(for: "label").properties?["n"] == 1)
    // Stopped within the reload: its event does not follow.
    box.watcher?.stop()
    #expect(events.values.isEmpty)
    #expect(await Self.laterSubscribersHear(engine))
    withExtendedLifetime(token) {}
  }

  @Test func releasingTheWatcherInsideAnObserverEndsIt() async throws {
    let scratch = try Scratch("release-in-observer")
    try scratch.write("app.yaml", "styles:\n  label: { n: 0 }\n")
    let engine = StyleEngine()
    let box = WatcherBox()
    let released = Gathered<Int>()
    weak var freed: SheetWatcher?
    let token = engine.observe { update in
      // The last reference goes here, on the watcher's own thread.
      guard update.changes.contains(.snapshot), box.take() != nil else { return }
      released.append(update.generation)
    }
    box.watcher = try SheetWatcher(engine: engine, paths: [scratch.path("app.yaml")], debounce: .milliseconds(50))
    freed = box.watcher
    try scratch.saveByRename("app.yaml", "styles:\n  label: { n: 1 }\n")
    try #require(released.wait(forCount: 1, seconds: 20).count == 1, "releasing inside an observer did not return")
    #expect(freed == nil)
    #expect(await Self.laterSubscribersHear(engine))
    // The released watcher watches no more: a save changes nothing.
    try scratch.saveByRename("app.yaml", "styles:\n  label: { n: 2 }\n")
    #expect(released.wait(forCount: 2, seconds: 0.5).count == 1)
    #expect(engine.bestMatch(for: "label").properties?["n"] == 1)
    withExtendedLifetime(token) {}
  }

  @Test func anUpdatesConsumerMayStopTheWatcher() async throws {
    let scratch = try Scratch("stop-in-stream")
    try scratch.write("app.yaml", "styles:\n  label: { n: 0 }\n")
    let engine = StyleEngine()
    let updates = engine.updates
    let watcher = try SheetWatcher(engine: engine, paths: [scratch.path("app.yaml")], debounce: .milliseconds(50))
    let consumer = Task { () -> Int? in
      for await update in updates where update.changes.contains(.snapshot) {
        watcher.stop()
        return update.generation
      }
      return nil
    }
    // The first load was published before the stream's first read: it is
    // the one the consumer hears.
    #expect(await consumer.value == 1)
    try scratch.saveByRename("app.yaml", "styles:\n  label: { n: 1 }\n")
    // Stopped: nothing reloads (a reload would end the wait early).
    let reloads = Gathered<Int>()
    let token = engine.observe { reloads.append($0.generation) }
    #expect(reloads.wait(forCount: 1, seconds: 0.5).isEmpty)
    #expect(engine.bestMatch(for: "label").properties?["n"] == 0)
    withExtendedLifetime(token) {}
    #expect(await Self.laterSubscribersHear(engine))
  }
}
