import Foundation
import Stylist

/// The engine's content source for URLs (docs/SHEETS.md: Remote sheets):
/// names that are `https:` or `http:` URLs are fetched, every other name
/// is a file, read as the engine reads files. Keeps, per URL, the latest
/// copy fetched (whose validators the next request sends) and the last
/// good one (of the last load that succeeded, also in the cache folder),
/// which loads with a warning when the network fails.
final class RemoteSource: ContentSource {
  let fetcher: RemoteFetcher
  let cache: RemoteCache?
  private let files = FileSource.shared

  private struct State {
    var latest: [String: RemoteCopy] = [:]
    var good: [String: RemoteCopy] = [:]
    /// URLs a poll has just fetched, which the load it makes reads as fetched.
    var fresh: Set<String> = []
    /// The size limit of the last load, which a poll's answers keep to.
    var limit = LoadOptions().maxFileSize
  }
  private let state = Locked(State())

  init(options: RemoteOptions) {
    fetcher = RemoteFetcher(timeout: options.timeout, allowsHTTP: options.allowsHTTP)
    cache = options.cacheFolder.map(RemoteCache.init(folder:))
  }

  func name(of reference: String, inFolder folder: String?) -> Result<String, ContentFailure> {
    if let folder, RemotePolicy.isRemote(folder), let base = URL(string: folder) {
      switch RemotePolicy.resolve(reference, against: base) {
      case .success(let url): return fetchable(url)
      case .failure(let refusal): return .failure(.refused(reason: refusal.reason))
      }
    }
    if RemotePolicy.isRemote(reference) {
      guard let url = URL(string: reference) else {
        return .failure(.refused(reason: "cannot read '\(reference)': it is not a URL"))
      }
      return fetchable(url)
    }
    if reference.lowercased().hasPrefix("file:"), let url = URL(string: reference), url.isFileURL {
      return files.name(of: url.path, inFolder: folder)
    }
    return files.name(of: reference, inFolder: folder)
  }

  private func fetchable(_ url: URL) -> Result<String, ContentFailure> {
    if let refusal = RemotePolicy.refusal(of: url, allowsHTTP: fetcher.allowsHTTP) {
      return .failure(.refused(reason: refusal))
    }
    return .success(url.standardized.absoluteString)
  }

  /// A remote file's references resolve against its whole URL (RFC 3986).
  func folder(of name: String) -> String { RemotePolicy.isRemote(name) ? name : files.folder(of: name) }

  func key(of name: String) -> String { RemotePolicy.isRemote(name) ? name : files.key(of: name) }

  func isLocalFile(_ name: String) -> Bool { !RemotePolicy.isRemote(name) }

  func contents(of name: String, options: LoadOptions) -> Result<SourceContents, ContentFailure> {
    guard RemotePolicy.isRemote(name), let url = URL(string: name) else {
      return files.contents(of: name, options: options)
    }
    let (fresh, known) = state.withLock { state in
      state.limit = options.maxFileSize
      return (state.fresh.remove(name) != nil, state.latest[name] ?? state.good[name])
    }
    if fresh, let known { return limited(known.bytes, options.maxFileSize) }
    let stored = known ?? cache?.copy(of: name)
    switch fetcher.fetch(url, validators: stored?.validators, limit: options.maxFileSize) {
    case .body(let bytes, let validators):
      state.withLock { $0.latest[name] = RemoteCopy(bytes: bytes, validators: validators, fetched: Date()) }
      return .success(SourceContents(bytes: bytes))
    case .notModified:
      guard var stored else { return .failure(.unavailable(cause: "HTTP 304 Not Modified, and no copy is kept")) }
      stored.fetched = Date()
      state.withLock { [stored] in $0.latest[name] = stored }
      return limited(stored.bytes, options.maxFileSize)
    case .status(let code, let words) where code >= 500:
      return offline(name, cause: "HTTP \(code)\(words.isEmpty ? "" : " " + words)", options: options)
    case .status(let code, let words):
      return .failure(.unavailable(cause: "HTTP \(code)\(words.isEmpty ? "" : " " + words)"))
    case .transport(let cause): return offline(name, cause: cause, options: options)
    case .tooLarge(let size, let limit): return .failure(.tooLarge(size: size, limit: limit))
    case .refused(let reason): return .failure(.refused(reason: "cannot read '\(name)': \(reason)"))
    }
  }

  private func limited(_ bytes: [UInt8], _ limit: Int) -> Result<SourceContents, ContentFailure> {
    bytes.count > limit ? .failure(.tooLarge(size: bytes.count, limit: limit)) : .success(SourceContents(bytes: bytes))
  }

  /// When the server cannot be reached (or fails, 5xx): the last good copy
  /// with a warning that says how old it is, else the failure.
  private func offline(_ name: String, cause: String, options: LoadOptions) -> Result<SourceContents, ContentFailure> {
    guard let good = state.withLock({ $0.good[name] }) ?? cache?.copy(of: name) else {
      return .failure(.unavailable(cause: cause))
    }
    state.withLock { $0.latest[name] = good }
    let age = Self.age(Date().timeIntervalSince(good.fetched))
    return limited(good.bytes, options.maxFileSize).map {
      SourceContents(bytes: $0.bytes, warning: "cannot read '\(name)' (\(cause)); loaded the copy cached \(age) ago")
    }
  }

  /// An age in the largest whole unit: `42 s`, `5 min`, `3 h`, `2 d`.
  static func age(_ interval: TimeInterval) -> String {
    let seconds = max(0, Int(interval))
    if seconds < 60 { return "\(seconds) s" }
    if seconds < 3600 { return "\(seconds / 60) min" }
    if seconds < 86400 { return "\(seconds / 3600) h" }
    return "\(seconds / 86400) d"
  }

  func poll(_ names: [String]) -> PollOutcome {
    var changed = false
    for name in names {
      guard RemotePolicy.isRemote(name), let url = URL(string: name) else { continue }
      let (known, limit) = state.withLock { ($0.latest[name] ?? $0.good[name], $0.limit) }
      switch fetcher.fetch(url, validators: known?.validators, limit: limit) {
      case .body(let bytes, let validators):
        state.withLock { $0.latest[name] = RemoteCopy(bytes: bytes, validators: validators, fetched: Date()) }
        if bytes != known?.bytes { changed = true }
      case .notModified where known != nil: continue
      case let failure:
        let cause: String
        switch failure {
        case .status(let code, let words): cause = "HTTP \(code)\(words.isEmpty ? "" : " " + words)"
        case .transport(let text), .refused(let text): cause = text
        case .tooLarge(_, let limit): cause = "the answer is larger than the \(limit)-byte limit"
        default: cause = "HTTP 304 Not Modified, and no copy is kept"
        }
        return .failed(
          SheetDiagnostic(
            .error, "cannot read '\(name)': \(cause)", kind: .networkFailure,
            at: SourceLocation(file: name, line: 1, column: 1)))
      }
    }
    guard changed else { return .unchanged }
    state.withLock { $0.fresh = Set(names) }
    return .changed
  }

  func loadSucceeded(reading names: [String]) {
    let copies = state.withLock { state in
      var copies: [(String, RemoteCopy)] = []
      for name in names where RemotePolicy.isRemote(name) {
        guard let copy = state.latest[name] else { continue }
        state.good[name] = copy
        copies.append((name, copy))
      }
      state.fresh = []
      return copies
    }
    for (name, copy) in copies { cache?.store(copy, of: name) }
  }
}
