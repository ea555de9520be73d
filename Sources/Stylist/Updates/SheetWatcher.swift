#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps a ``StyleEngine`` in step with sheet files while they are edited:
/// loads them, watches them and every file they import, and after each save
/// publishes the new snapshot, or reports the save's errors and keeps the
/// last good one.
///
/// ```swift
/// let engine = StyleEngine()
/// let watcher = try SheetWatcher(engine: engine, paths: ["app.yaml"]) { event in
///   if case .failed(let error) = event { print(error) }
/// }
/// ```
///
/// Saves made by writing a temporary file and renaming it over the sheet
/// count, and so do saves to an import. A burst of changes (an editor's
/// save, a `git checkout`) makes one reload once the files have been quiet
/// for `debounce`. Files are watched with inotify on Linux, and polled
/// every 0.1 s elsewhere.
///
/// The watcher runs on a thread of its own, which also calls `onEvent` (and
/// through the engine, its observers), one event at a time. It stops when
/// ``stop()`` is called or the watcher is released.
public final class SheetWatcher: Sendable {
  /// What happened after the watched files changed.
  public enum Event: Sendable {
    /// The files loaded; the engine now answers from `sheet`.
    case reloaded(StyleSheet)
    /// The files did not load; the engine keeps its last good snapshot.
    case failed(SheetLoadError)
  }

  fileprivate struct State {
    var isStopping = false
    var hasFinished = false
    /// The watcher's thread while it is inside `onEvent`.
    var reportingThread: ThreadID?
    var files: [String]
  }

  private let state: Locked<State>

  /// Loads `paths` as one sheet into `engine`, then watches them and their
  /// imports. Throws, watching nothing, when the first load fails.
  public init(
    engine: StyleEngine, paths: [String], options: LoadOptions = .init(), debounce: Duration = .milliseconds(100),
    onEvent: @escaping @Sendable (Event) -> Void = { _ in }
  ) throws(SheetLoadError) {
    let sheet = try StyleSheet(contentsOf: paths, options: options)
    engine.replace(with: [sheet])
    state = Locked(State(files: sheet.files))
    let loop = WatchLoop(
      engine: engine, paths: paths, options: options, debounce: debounce.seconds, state: state, onEvent: onEvent)
    // Watching starts before this returns: a save right after is seen.
    let monitor = FileChangeMonitor(files: sheet.files)
    if !Threads.startDetached({ loop.run(monitor) }) {
      state.withLock { $0.hasFinished = true }
    }
  }

  /// Loads the files at `urls` into `engine` and watches them; see
  /// ``init(engine:paths:options:debounce:onEvent:)``.
  public convenience init(
    engine: StyleEngine, urls: [URL], options: LoadOptions = .init(), debounce: Duration = .milliseconds(100),
    onEvent: @escaping @Sendable (Event) -> Void = { _ in }
  ) throws(SheetLoadError) {
    try self.init(
      engine: engine, paths: try SheetLoadError.paths(of: urls), options: options, debounce: debounce, onEvent: onEvent)
  }

  deinit { stop() }

  /// The files watched now: the sheets and every import of the last good
  /// load, plus the files a failed load named in its errors.
  public var files: [String] { state.withLock { $0.files } }

  /// Stops watching. Returns once the watcher's thread has finished, so no
  /// event follows; called from `onEvent` itself, it returns at once and
  /// no event follows the current one.
  public func stop() {
    let caller = Threads.current
    let mustWait = state.withLock { state in
      state.isStopping = true
      return state.reportingThread != caller
    }
    guard mustWait else { return }
    state.withLock(when: { $0.hasFinished }) { _ in }
  }
}

/// The watcher's thread: waits for changes, lets a burst settle, reloads.
private final class WatchLoop: Sendable {
  let engine: StyleEngine
  let paths: [String]
  let options: LoadOptions
  let debounce: Double
  let state: Locked<SheetWatcher.State>
  let onEvent: @Sendable (SheetWatcher.Event) -> Void

  init(
    engine: StyleEngine, paths: [String], options: LoadOptions, debounce: Double, state: Locked<SheetWatcher.State>,
    onEvent: @escaping @Sendable (SheetWatcher.Event) -> Void
  ) {
    (self.engine, self.paths, self.options, self.debounce) = (engine, paths, options, debounce)
    (self.state, self.onEvent) = (state, onEvent)
  }

  /// How long the loop waits at most before looking at `isStopping` again.
  static let stopCheckInterval = 0.1

  func run(_ monitor: FileChangeMonitor) {
    let clock = ContinuousClock()
    var quietSince: ContinuousClock.Instant?
    while !state.withLock({ $0.isStopping }) {
      let wait = quietSince.map { max(0, debounce - (clock.now - $0).seconds) } ?? Self.stopCheckInterval
      if monitor.waitForChange(timeout: min(wait, Self.stopCheckInterval)) {
        quietSince = clock.now
      } else if let since = quietSince, (clock.now - since).seconds >= debounce {
        quietSince = nil
        // New watches miss what changed while loading: look once more.
        if reload(monitor) == .watchesReplaced { quietSince = clock.now }
      }
    }
    state.withLock(when: { _ in true }) { $0.hasFinished = true }
  }

  /// What a reload did to the watches.
  enum Rewatch {
    case watchesKept, watchesReplaced
  }

  /// Loads the sheets again and reports the outcome.
  private func reload(_ monitor: FileChangeMonitor) -> Rewatch {
    let event: SheetWatcher.Event
    let watched: [String]
    do {
      let sheet = try StyleSheet(contentsOf: paths, options: options)
      engine.replace(with: [sheet])
      (event, watched) = (.reloaded(sheet), sheet.files)
    } catch {
      // Keep watching what loaded last, and the files the errors name
      // (a broken new import is fixed by saving it).
      let named = error.diagnostics.map(\.location.file).filter { FileManager.default.fileExists(atPath: $0) }
      let old = state.withLock { $0.files }
      (event, watched) = (.failed(error), old + named.filter { !old.contains($0) })
    }
    let rewatch: Rewatch = watched == state.withLock({ $0.files }) ? .watchesKept : .watchesReplaced
    if rewatch == .watchesReplaced { monitor.watch(watched) }
    let isStopping = state.withLock { state in
      state.files = watched
      if !state.isStopping { state.reportingThread = Threads.current }
      return state.isStopping
    }
    guard !isStopping else { return rewatch }
    onEvent(event)
    state.withLock { $0.reportingThread = nil }
    return rewatch
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let (whole, fraction) = components
    return Double(whole) + Double(fraction) / 1e18
  }
}
