import Dispatch
import Foundation
import Stylist
import Testing

/// Observers, the async sequence of updates and the file watcher, used as
/// an app uses them. Run under ThreadSanitizer by `make sanitize`.
@Suite struct LiveUpdateTests {
  static let light = "styles:\n  title: { color: \"#000000\" }\n  \"@dark/title\": { color: \"#FFFFFF\" }\n"

  @Test func observersHearThemeModeAndSnapshots() throws {
    // Under `dark`, the themed rule wins in `themed` mode and the longer one in `classic`.
    let sheet = "styles:\n  a/b/c/title: { color: \"#000000\" }\n  \"@dark/title\": { color: \"#FFFFFF\" }\n"
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: sheet)])
    let heard = Gathered<(StyleUpdate.Changes, Int, String?)>()
    let token = engine.observe { update in
      let color = engine.bestMatch(for: "a/b/c/title").properties?["color"]?.stringValue
      heard.append((update.changes, update.generation, color))
    }
    engine.theme = "dark"
    engine.theme = "dark"  // no change, no update
    engine.mode = .classic
    engine.replace(with: [try StyleSheet(yaml: "styles:\n  a/title: { color: \"#111111\" }\n")])
    let values = heard.values
    #expect(values.map(\.0) == [.theme, .mode, .snapshot])
    #expect(values.map(\.1) == [1, 2, 3])
    #expect(values.map(\.2) == ["#FFFFFF", "#000000", "#111111"])
    withExtendedLifetime(token) {}
  }

  @Test func releasingTheTokenStopsTheCalls() throws {
    let engine = StyleEngine()
    let heard = Gathered<Int>()
    var token: ObservationToken? = engine.observe { heard.append($0.generation) }
    engine.theme = "a"
    withExtendedLifetime(token) {}
    token = nil
    engine.theme = "b"
    #expect(heard.values == [1])
    let kept = engine.observe { heard.append($0.generation) }
    kept.cancel()
    engine.theme = "c"
    #expect(heard.values == [1])
  }

  /// Two threads change the engine at once, many times: every observer
  /// hears every update once, in generation order, never two at a time.
  @Test func quickUpdatesArriveInOrderOneAtATime() throws {
    let engine = StyleEngine()
    let heard = Gathered<Int>()
    let inside = Gathered<Int>()
    let token = engine.observe { update in
      inside.append(1)
      heard.append(update.generation)
      inside.append(-1)
    }
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
      for round in 0..<500 { engine.theme = "t\(worker)-\(round)" }
    }
    #expect(heard.values == Array(1...1_000))
    var depth = 0
    for step in inside.values {
      depth += step
      #expect(depth <= 1)
    }
    withExtendedLifetime(token) {}
  }

  /// An observer added while an earlier update is still being delivered
  /// (and a later one waits its turn) hears neither: it starts after every
  /// update made before it subscribed, as does an `updates` stream.
  @Test func aNewSubscriberStartsAfterTheUpdatesAlreadyMade() async throws {
    let engine = StyleEngine()
    let entered = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let slow = engine.observe { update in
      guard update.generation == 1 else { return }
      entered.signal()
      proceed.wait()
    }
    let delivering = DispatchGroup()
    DispatchQueue.global().async(group: delivering) { engine.theme = "a" }
    entered.wait()
    engine.theme = "b"  // generation 2, handed over by the thread delivering generation 1

    let heard = Gathered<Int>()
    let late = engine.observe { heard.append($0.generation) }
    let updates = engine.updates
    let reader = Task { () -> Int? in
      for await update in updates { return update.generation }
      return nil
    }
    proceed.signal()
    delivering.wait()
    engine.theme = "c"
    #expect(heard.values == [3])
    #expect(await reader.value == 3)
    withExtendedLifetime((slow, late)) {}
  }

  @Test func updatesAsAnAsyncSequence() async throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.light)])
    let updates = engine.updates
    let reader = Task {
      var seen: [String?] = []
      for await update in updates {
        seen.append(update.theme)
        if seen.count == 3 { break }
      }
      return seen
    }
    engine.theme = "dark"
    engine.theme = nil
    engine.theme = "blue"
    #expect(await reader.value == ["dark", nil, "blue"])
  }

  @Test func watcherFollowsSavesByRenameBrokenSavesAndImports() throws {
    let scratch = try Scratch("watch")
    try scratch.write("tokens.yaml", "variables:\n  ink: \"#222222\"\n")
    try scratch.write("app.yaml", "imports: [tokens.yaml]\nstyles:\n  label: { color: $ink }\n")
    let engine = StyleEngine()
    let events = Gathered<SheetWatcher.Event>()
    let watcher = try SheetWatcher(engine: engine, paths: [scratch.path("app.yaml")], debounce: .milliseconds(50)) {
      events.append($0)
    }
    defer { watcher.stop() }
    #expect(watcher.files.count == 2)
    #expect(engine.bestMatch(for: "label").properties?["color"] == "#222222")

    // An editor's save: a temporary file renamed over the sheet.
    try scratch.saveByRename("app.yaml", "imports: [tokens.yaml]\nstyles:\n  label: { color: $ink, size: 2 }\n")
    guard case .reloaded = events.wait(forCount: 1).last else {
      Issue.record("no reload")
      return
    }
    #expect(engine.bestMatch(for: "label").properties?["size"] == 2)

    // A broken save: located errors, and the last good snapshot stays.
    try scratch.saveByRename("app.yaml", "styles:\n  label: { color: [unclosed\n")
    guard case .failed(let error) = events.wait(forCount: 2).last else {
      Issue.record("no failure")
      return
    }
    #expect(error.errors.first?.description.hasPrefix(scratch.path("app.yaml") + ":3:1: error:") == true)
    #expect(engine.bestMatch(for: "label").properties?["size"] == 2)

    // Fixed, then a save to the import alone.
    try scratch.write("app.yaml", "imports: [tokens.yaml]\nstyles:\n  label: { color: $ink }\n")
    guard case .reloaded = events.wait(forCount: 3).last else {
      Issue.record("no reload after the fix")
      return
    }
    try scratch.saveByRename("tokens.yaml", "variables:\n  ink: \"#333333\"\n")
    guard case .reloaded = events.wait(forCount: 4).last else {
      Issue.record("no reload of the import")
      return
    }
    #expect(engine.bestMatch(for: "label").properties?["color"] == "#333333")

    watcher.stop()
    try scratch.write("app.yaml", "styles:\n  label: { color: red }\n")
    // A stopped watcher reports nothing: a fifth event would end the wait early.
    #expect(events.wait(forCount: 5, seconds: 0.3).count == 4)
  }

  @Test func aBurstOfSavesMakesOneReload() throws {
    let scratch = try Scratch("burst")
    try scratch.write("app.yaml", "styles:\n  label: { n: 0 }\n")
    let engine = StyleEngine()
    let events = Gathered<SheetWatcher.Event>()
    let watcher = try SheetWatcher(engine: engine, paths: [scratch.path("app.yaml")], debounce: .milliseconds(300)) {
      events.append($0)
    }
    defer { watcher.stop() }
    for n in 1...5 { try scratch.saveByRename("app.yaml", "styles:\n  label: { n: \(n) }\n") }
    #expect(events.wait(forCount: 1).count == 1)
    // Twice the debounce with no second reload: a second event would end the wait early.
    #expect(events.wait(forCount: 2, seconds: 0.6).count == 1)
    #expect(engine.bestMatch(for: "label").properties?["n"] == 5)
  }

  @Test func aWatcherStartsOnlyFromAGoodSheet() throws {
    let scratch = try Scratch("start")
    try scratch.write("app.yaml", "styles:\n  label: [\n")
    #expect(throws: SheetLoadError.self) {
      _ = try SheetWatcher(engine: StyleEngine(), paths: [scratch.path("app.yaml")])
    }
  }
}
