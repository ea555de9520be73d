import Dispatch
import Foundation
import Stylist

/// How remote sheets are fetched and kept (docs/SHEETS.md: Remote sheets).
public struct RemoteOptions: Sendable, Hashable {
  /// Longest a fetch may take, redirects included.
  public var timeout: Duration
  /// Where the last good copy of every fetched file is kept, with its
  /// validators; nil keeps them in memory only.
  public var cacheFolder: URL?
  /// Whether `http:` URLs to other hosts than this machine may be fetched.
  public var allowsHTTP: Bool

  /// A 10 s timeout, the caches directory's `Stylist` folder, https only.
  public init(timeout: Duration = .seconds(10), cacheFolder: URL? = defaultCacheFolder, allowsHTTP: Bool = false) {
    self.timeout = timeout
    self.cacheFolder = cacheFolder
    self.allowsHTTP = allowsHTTP
  }

  /// `Stylist/Remote` in the user's caches directory (an app's `Library/Caches`).
  public static var defaultCacheFolder: URL? {
    FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?
      .appendingPathComponent("Stylist", isDirectory: true).appendingPathComponent("Remote", isDirectory: true)
  }
}

/// Loads sheets, imports and token files from `https:` URLs as well as
/// files, keeping the last good copies: the loads and the watcher read
/// through it, so one `RemoteSheets` holds one set of copies.
///
/// ```swift
/// let remote = RemoteSheets()
/// let engine = StyleEngine()
/// let watcher = try remote.watch(engine: engine, urls: [URL(string: "https://example.com/theme.yaml")!])
/// ```
public final class RemoteSheets: Sendable {
  public let options: RemoteOptions
  private let source: RemoteSource

  public init(options: RemoteOptions = .init()) {
    self.options = options
    source = RemoteSource(options: options)
  }

  /// `base` with its files read through this: URLs fetched, paths read.
  public func loadOptions(_ base: LoadOptions = .init()) -> LoadOptions {
    var options = base
    options.source = source
    return options
  }

  /// The name a load gives `url`: its path for a file URL, else the URL.
  public static func name(of url: URL) -> String { url.isFileURL ? url.path : url.absoluteString }

  /// Loads the files or URLs `names` in order as one sheet, on this thread.
  public func sheet(contentsOf names: [String], options: LoadOptions = .init()) throws(SheetLoadError) -> StyleSheet {
    try StyleSheet(contentsOf: names, options: loadOptions(options))
  }

  /// Loads `urls` (`https:` or file URLs) in order as one sheet, on this thread.
  public func sheet(at urls: [URL], options: LoadOptions = .init()) throws(SheetLoadError) -> StyleSheet {
    try sheet(contentsOf: urls.map(Self.name(of:)), options: options)
  }

  /// Loads `urls` as one sheet off the calling task's thread: fetching
  /// blocks a thread of its own for up to the timeout per file.
  public func loadSheet(at urls: [URL], options: LoadOptions = .init()) async throws(SheetLoadError) -> StyleSheet {
    let result: Result<StyleSheet, SheetLoadError> = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(
          returning: Result { () throws(SheetLoadError) in try self.sheet(at: urls, options: options) })
      }
    }
    return try result.get()
  }

  /// Loads `urls` into `engine` and keeps it in step: local files are
  /// watched for saves, URLs polled every `interval` with conditional
  /// requests. Throws, watching nothing, when the first load fails.
  public func watch(
    engine: StyleEngine, urls: [URL], options: LoadOptions = .init(), interval: Duration = .seconds(60),
    onEvent: @escaping @Sendable (SheetWatcher.Event) -> Void = { _ in }
  ) throws(SheetLoadError) -> SheetWatcher {
    try watch(engine: engine, names: urls.map(Self.name(of:)), options: options, interval: interval, onEvent: onEvent)
  }

  /// ``watch(engine:urls:options:interval:onEvent:)`` for names: paths or URLs.
  public func watch(
    engine: StyleEngine, names: [String], options: LoadOptions = .init(), interval: Duration = .seconds(60),
    onEvent: @escaping @Sendable (SheetWatcher.Event) -> Void = { _ in }
  ) throws(SheetLoadError) -> SheetWatcher {
    try SheetWatcher(
      engine: engine, paths: names, options: loadOptions(options), pollInterval: interval, onEvent: onEvent)
  }
}
