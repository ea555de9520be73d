import Dispatch

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
/// Files that are not local (URLs, read through `StylistRemote`) are
/// polled every `pollInterval` instead: a poll asks whether any changed
/// (a conditional request), and only a change loads the sheets again. A
/// failed poll or reload after one keeps the last good snapshot and is
/// reported once until its error changes.
///
/// Each file is watched before it is read, so a save made during a load
/// makes the next reload. A sheet named through a symbolic link is watched
/// at the link and at its target; an import that is not found is watched
/// for, so creating it reloads; a folder deleted and made again is watched
/// again.
///
/// The watcher runs on a Dispatch queue of its own, which also calls
/// `onEvent` (and through the engine, its observers), one event at a time.
/// It stops when ``stop()`` is called or the watcher is released, from any
/// thread, its own queue's included.
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
    var files: [String]
    var sheet: StyleSheet
  }

  private let state: Locked<State>

  /// Marks the watcher's queue with its state's identity, so `stop()` can
  /// tell it runs there (in `onEvent`, or an observer the engine calls).
  fileprivate static let queueOwner = DispatchSpecificKey<ObjectIdentifier>()

  /// Loads `paths` as one sheet into `engine`, then watches them and their
  /// imports. Throws, watching nothing, when the first load fails.
  ///
  /// Every file is watched before it is read, so a save made while the
  /// first load runs (or while observers hear it) makes a reload.
  public init(
    engine: StyleEngine, paths: [String], options: LoadOptions = .init(), debounce: Duration = .milliseconds(100),
    pollInterval: Duration = .seconds(60), onEvent: @escaping @Sendable (Event) -> Void = { _ in }
  ) throws(SheetLoadError) {
    let monitor = FileChangeMonitor(files: [])
    let (loaded, read) = WatchLoop.load(paths, options: options, watchingWith: monitor)
    let sheet = try loaded.get()
    monitor.watch(read.filter(options.source.isLocalFile))
    state = Locked(State(files: read, sheet: sheet))
    engine.replace(with: [sheet])
    let loop = WatchLoop(
      engine: engine, paths: paths, options: options, debounce: debounce.seconds, pollInterval: pollInterval.seconds,
      state: state, onEvent: onEvent)
    // A queue of its own gets a thread of its own, however busy the shared
    // workers are; the loop holds it until `stop()`.
    let queue = DispatchQueue(label: "Stylist.SheetWatcher")
    queue.setSpecific(key: Self.queueOwner, value: ObjectIdentifier(state))
    queue.async { loop.run(monitor) }
  }

  /// Loads the files at `urls` into `engine` and watches them; see
  /// ``init(engine:paths:options:debounce:pollInterval:onEvent:)``.
  public convenience init(
    engine: StyleEngine, urls: [URL], options: LoadOptions = .init(), debounce: Duration = .milliseconds(100),
    pollInterval: Duration = .seconds(60), onEvent: @escaping @Sendable (Event) -> Void = { _ in }
  ) throws(SheetLoadError) {
    try self.init(
      engine: engine, paths: try SheetLoadError.paths(of: urls), options: options, debounce: debounce,
      pollInterval: pollInterval, onEvent: onEvent)
  }

  deinit { stop() }

  /// The files watched now: the sheets and every import of the last good
  /// load, plus every file a failed load since then tried to read (an
  /// import not found among them, watched until it is created).
  public var files: [String] { state.withLock { $0.files } }

  /// The last good load: the sheet the engine answers from (its warnings,
  /// its axes), until the next ``Event/reloaded(_:)``.
  public var sheet: StyleSheet { state.withLock { $0.sheet } }

  /// Stops watching. Returns once the watcher's loop has finished, so no
  /// event follows. Called on the watcher's own queue (from `onEvent`, or
  /// from an engine observer hearing the watcher's reload), it returns at
  /// once, since waiting there would wait for ever: the loop finishes as
  /// soon as the current reload is handled, and no event follows the call.
  /// The same holds when the last reference to the watcher goes there.
  public func stop() {
    state.withLock { $0.isStopping = true }
    guard DispatchQueue.getSpecific(key: Self.queueOwner) != ObjectIdentifier(state) else { return }
    state.withLock(when: { $0.hasFinished }) { _ in }
  }
}

/// The watcher's loop: waits for changes, lets a burst settle, reloads.
private final class WatchLoop: Sendable {
  let engine: StyleEngine
  let paths: [String]
  let options: LoadOptions
  let debounce: Double
  let pollInterval: Double
  let state: Locked<SheetWatcher.State>
  let onEvent: @Sendable (SheetWatcher.Event) -> Void
  /// The error a poll, or the reload a poll made, last reported; nil after
  /// a good one. Touched on the loop's thread alone.
  nonisolated(unsafe) private var reportedPollError: String?

  init(
    engine: StyleEngine, paths: [String], options: LoadOptions, debounce: Double, pollInterval: Double,
    state: Locked<SheetWatcher.State>, onEvent: @escaping @Sendable (SheetWatcher.Event) -> Void
  ) {
    (self.engine, self.paths, self.options, self.debounce) = (engine, paths, options, debounce)
    (self.pollInterval, self.state, self.onEvent) = (pollInterval, state, onEvent)
  }

  /// How long the loop waits at most before looking at `isStopping` again.
  static let stopCheckInterval = 0.1

  /// Loads `paths`, with `monitor` watching each file before it is read
  /// (so a save during the load is reported after it); also returns every
  /// file the load tried to read, found or not.
  static func load(_ paths: [String], options: LoadOptions, watchingWith monitor: FileChangeMonitor) -> (
    Result<StyleSheet, SheetLoadError>, read: [String]
  ) {
    var read: [String] = []
    let loaded = Result { () throws(SheetLoadError) in
      try StyleSheet(contentsOf: paths, options: options) { file in
        read.append(file)
        if options.source.isLocalFile(file) { monitor.add(file) }
      }
    }
    return (loaded, read)
  }

  func run(_ monitor: FileChangeMonitor) {
    let clock = ContinuousClock()
    var quietSince: ContinuousClock.Instant?
    var lastPoll = clock.now
    while !state.withLock({ $0.isStopping }) {
      let wait = quietSince.map { max(0, debounce - (clock.now - $0).seconds) } ?? Self.stopCheckInterval
      if monitor.waitForChange(timeout: min(wait, Self.stopCheckInterval)) {
        quietSince = clock.now
      } else if let since = quietSince, (clock.now - since).seconds >= debounce {
        quietSince = nil
        reload(monitor)
      } else if (clock.now - lastPoll).seconds >= pollInterval {
        lastPoll = clock.now
        poll(monitor)
      }
    }
    state.withLock(when: { _ in true }) { $0.hasFinished = true }
  }

  /// Asks the source whether the files that are not local changed, and
  /// loads again when one did; what fails is reported once per change of error.
  private func poll(_ monitor: FileChangeMonitor) {
    let polled = state.withLock { $0.files }.filter { !options.source.isLocalFile($0) }
    guard !polled.isEmpty else { return }
    switch options.source.poll(polled) {
    case .unchanged: return
    case .changed: reload(monitor, reportingOncePerError: true)
    case .failed(let diagnostic):
      let error = SheetLoadError(diagnostics: [diagnostic])
      guard reportedPollError != error.description else { return }
      reportedPollError = error.description
      guard !state.withLock({ $0.isStopping }) else { return }
      onEvent(.failed(error))
    }
  }

  /// Loads the sheets again and reports the outcome. A change made during
  /// the load is pending in `monitor` and makes the next reload. After a
  /// poll (`reportingOncePerError`), a failure is reported only when its
  /// error is not the one reported last.
  private func reload(_ monitor: FileChangeMonitor, reportingOncePerError: Bool = false) {
    let (loaded, read) = Self.load(paths, options: options, watchingWith: monitor)
    let event: SheetWatcher.Event
    let watched: [String]
    switch loaded {
    case .success(let sheet):
      engine.replace(with: [sheet])
      (event, watched) = (.reloaded(sheet), read)
    case .failure(let error):
      // Keep watching what loaded last, and every file this load tried to
      // read: fixing a broken new import, or creating a missing one, reloads.
      let old = state.withLock { $0.files }
      (event, watched) = (.failed(error), old + read.filter { !old.contains($0) })
    }
    monitor.watch(watched.filter(options.source.isLocalFile))
    let isStopping = state.withLock { state in
      state.files = watched
      if case .reloaded(let sheet) = event { state.sheet = sheet }
      return state.isStopping
    }
    guard !isStopping else { return }
    if case .failed(let error) = event {
      if reportingOncePerError && reportedPollError == error.description { return }
      reportedPollError = error.description
    } else {
      reportedPollError = nil
    }
    onEvent(event)
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let (whole, fraction) = components
    return Double(whole) + Double(fraction) / 1e18
  }
}
