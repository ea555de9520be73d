import Foundation
import Stylist
import StylistRemote
import TestHTTPServer
import Testing

/// Loads from a local server on 127.0.0.1 (Fixtures/remote): nothing leaves the machine.
@Suite struct RemoteSheetsTests {
  /// A remote loader with a cache folder of its own (nil: no cache).
  static func remote(cache: URL? = nil, timeout: Duration = .seconds(5)) -> RemoteSheets {
    RemoteSheets(options: RemoteOptions(timeout: timeout, cacheFolder: cache))
  }

  static func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("stylist-remote-\(UUID().uuidString)")
  }

  static func error(_ body: () throws -> Void) -> SheetLoadError? {
    do { try body() } catch { return error as? SheetLoadError }
    return nil
  }

  @Test func aSheetAndItsRelativeImportsLoadFromTheirURLs() throws {
    let server = try LocalHTTPServer.fixtures()
    let sheet = try Self.remote().sheet(at: [server.url("/themes/app.yaml")])
    let base = "http://127.0.0.1:\(server.port)"
    #expect(sheet.files == ["\(base)/themes/app.yaml", "\(base)/themes/base.yaml", "\(base)/shared/colors.yaml"])
    let engine = StyleEngine(sheets: [sheet])
    #expect(engine.bestMatch(for: "title").properties?["color"] == "#111111")
    #expect(engine.bestMatch(for: "title").source?.description == "\(base)/themes/app.yaml:3:3")
  }

  @Test func errorsAreLocatedWithTheURLInPlaceOfThePath() throws {
    let server = try LocalHTTPServer.fixtures()
    let error = Self.error { _ = try Self.remote().sheet(at: [server.url("/bad.yaml")]) }
    #expect(
      error?.errors.map { $0.location.description } == ["http://127.0.0.1:\(server.port)/bad.yaml:3:12"])
    #expect(error?.errors.first?.kind == .unknownVariable)
  }

  @Test func aSecondLoadSendsTheValidatorsAndA304KeepsTheCopy() throws {
    let server = try LocalHTTPServer.fixtures()
    let remote = Self.remote()
    _ = try remote.sheet(at: [server.url("/plain.yaml")])
    let sheet = try remote.sheet(at: [server.url("/plain.yaml")])
    #expect(sheet.rules.count == 1)
    let requests = server.requests
    #expect(requests.count == 2, "\(requests)")
    let second = try #require(requests.last)
    let plain = try String(
      contentsOf: LocalHTTPServer.remoteFixtures.appendingPathComponent("plain.yaml"), encoding: .utf8)
    let etag = LocalHTTPServer.validated(plain, request: second).headers.first { $0.0 == "ETag" }?.1
    #expect(second.headers["if-none-match"] == etag)
    #expect(second.headers["if-modified-since"] == "Wed, 02 Dec 2026 12:00:00 GMT")
  }

  @Test func aMissingFileNamesTheURLAndTheStatus() throws {
    let server = try LocalHTTPServer.fixtures()
    let error = Self.error { _ = try Self.remote().sheet(at: [server.url("/none.yaml")]) }
    let url = server.url("/none.yaml").absoluteString
    #expect(error?.description == "\(url):1:1: error: cannot read '\(url)': HTTP 404 Not Found")
    #expect(error?.errors.first?.kind == .networkFailure)
  }

  @Test func anAnswerPastTheTimeoutFails() throws {
    let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(body: "styles: {}\n", delay: 3) }
    let start = ContinuousClock.now
    let error = Self.error { _ = try Self.remote(timeout: .milliseconds(500)).sheet(at: [server.url("/slow.yaml")]) }
    #expect(ContinuousClock.now - start < .seconds(2.5))
    #expect(error?.errors.first?.message.hasSuffix("no answer within 0.5 s") == true)
  }

  @Test func aBodyShorterThanItsLengthIsNotLoaded() throws {
    let server = try LocalHTTPServer { _ in
      LocalHTTPServer.Response(body: "styles:\n  title: { color: red }\n", truncateAfter: 12)
    }
    let error = Self.error { _ = try Self.remote().sheet(at: [server.url("/short.yaml")]) }
    #expect(error?.errors.first?.kind == .networkFailure)
  }

  @Test func aBodyPastTheSizeLimitIsRefused() throws {
    let server = try LocalHTTPServer.fixtures()
    let error = Self.error {
      _ = try Self.remote().sheet(at: [server.url("/plain.yaml")], options: LoadOptions(maxFileSize: 8))
    }
    #expect(error?.errors.first?.kind == .limitExceeded)
  }

  @Test func redirectsAreFollowedUpToFive() throws {
    let server = try LocalHTTPServer { request in
      switch request.path {
      case "/moved.yaml": .redirect(301, to: "/hop/1")
      case let path where path.hasPrefix("/hop/"):
        Int(path.dropFirst(5)).map { $0 < 4 ? .redirect(to: "/hop/\($0 + 1)") : .redirect(to: "/plain.yaml") }
          ?? .notFound
      case "/loop": .redirect(to: "/loop")
      default: LocalHTTPServer.fixtureAnswer(request)
      }
    }
    let sheet = try Self.remote().sheet(at: [server.url("/moved.yaml")])
    #expect(sheet.files == [server.url("/moved.yaml").absoluteString])
    let error = Self.error { _ = try Self.remote().sheet(at: [server.url("/loop")]) }
    #expect(error?.errors.first?.message.hasSuffix("more than 5 redirects") == true)
  }

  @Test func aRedirectToARefusedURLIsNotFollowed() throws {
    let server = try LocalHTTPServer { _ in .redirect(to: "http://example.com/app.yaml") }
    let error = Self.error { _ = try Self.remote().sheet(at: [server.url("/app.yaml")]) }
    #expect(error?.errors.first?.kind == .refusedName)
    #expect(server.requests.count == 1)
  }

  @Test(arguments: ["absolute-import.yaml", "file-import.yaml", "other-host.yaml"])
  func aRemoteSheetCannotNameALocalFileOrAnotherHost(_ file: String) throws {
    let server = try LocalHTTPServer.fixtures()
    let error = Self.error { _ = try Self.remote().sheet(at: [server.url("/" + file)]) }
    let diagnostic = try #require(error?.errors.first)
    #expect(diagnostic.kind == .refusedName)
    #expect(diagnostic.location.file == server.url("/" + file).absoluteString)
    #expect(diagnostic.location.line == (file == "file-import.yaml" ? 3 : 1))
    #expect(server.requests.count == 1)
  }

  @Test func offlineTheCachedCopyLoadsWithAWarningNamingTheURLAndItsAge() throws {
    let cache = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let server = try LocalHTTPServer.fixtures()
    let url = server.url("/themes/app.yaml")
    _ = try Self.remote(cache: cache).sheet(at: [url])
    server.stop()
    let sheet = try Self.remote(cache: cache).sheet(at: [url])
    #expect(sheet.rules.count == 2)
    let warnings = sheet.warnings.filter { $0.kind == .cachedCopy }
    #expect(warnings.count == 3)
    #expect(
      warnings.first?.message.hasPrefix("cannot read '\(url.absoluteString)' (cannot connect to the host)") == true)
    #expect(warnings.first?.message.hasSuffix("loaded the copy cached 0 s ago") == true)
  }

  @Test func offlineWithoutACacheTheLoadFails() throws {
    let server = try LocalHTTPServer.fixtures()
    let url = server.url("/plain.yaml")
    server.stop()
    let error = Self.error { _ = try Self.remote().sheet(at: [url]) }
    #expect(error?.errors.first?.kind == .networkFailure)
    #expect(error?.errors.first?.message.contains(url.absoluteString) == true)
  }

  @Test func aFailedLoadLeavesTheCacheWithTheLastGoodCopy() throws {
    let cache = Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: cache) }
    let good = "styles:\n  title: { color: red }\n"
    let body = Locked(good)
    let server = try LocalHTTPServer { request in LocalHTTPServer.validated(body.value, request: request) }
    _ = try Self.remote(cache: cache).sheet(at: [server.url("/app.yaml")])
    body.value = "styles: [\n"
    #expect(Self.error { _ = try Self.remote(cache: cache).sheet(at: [server.url("/app.yaml")]) } != nil)
    server.stop()
    let sheet = try Self.remote(cache: cache).sheet(at: [server.url("/app.yaml")])
    #expect(StyleEngine(sheets: [sheet]).bestMatch(for: "title").properties?["color"] == "red")
  }

  @Test func theWatcherPollsReloadsOnAChangeAndReportsAFailureOnce() async throws {
    let body = Locked("styles:\n  title: { color: red }\n")
    let server = try LocalHTTPServer { request in
      body.value.isEmpty ? .notFound : LocalHTTPServer.validated(body.value, request: request)
    }
    let engine = StyleEngine()
    let events = Locked<[String]>([])
    let watcher = try Self.remote().watch(
      engine: engine, urls: [server.url("/app.yaml")], interval: .milliseconds(100)
    ) { event in
      switch event {
      case .reloaded: events.withLock { $0.append("reloaded") }
      case .failed(let error): events.withLock { $0.append(error.description) }
      }
    }
    defer { watcher.stop() }
    try await Task.sleep(for: .milliseconds(400))
    #expect(events.value.isEmpty)
    #expect(server.requests.allSatisfy { $0.path == "/app.yaml" })
    body.value = "styles:\n  title: { color: blue }\n"
    try await Self.waitUntil { events.value.count == 1 }
    #expect(engine.bestMatch(for: "title").properties?["color"] == "blue")
    body.value = ""
    try await Self.waitUntil { events.value.count == 2 }
    try await Task.sleep(for: .milliseconds(400))
    let url = server.url("/app.yaml").absoluteString
    #expect(events.value == ["reloaded", "\(url):1:1: error: cannot read '\(url)': HTTP 404 Not Found"])
    #expect(engine.bestMatch(for: "title").properties?["color"] == "blue")
  }

  static func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
    #expect(condition())
  }
}

/// A value shared with a server's handler.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value {
    get { lock.withLock { stored } }
    set { lock.withLock { stored = newValue } }
  }
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result { lock.withLock { body(&stored) } }
}
