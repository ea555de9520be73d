import Foundation
import TestHTTPServer
import Testing

/// Commands take URLs wherever they take a sheet, from a local server on
/// 127.0.0.1 (Fixtures/remote): nothing leaves the machine.
@Suite struct RemoteCommandOptionsTests {
  @Test func matchLoadsASheetAndItsImportsFromAURL() throws {
    let server = try LocalHTTPServer.fixtures()
    let url = server.url("/themes/app.yaml").absoluteString
    let result = try CLIRunner.run(["match", "-s", url, "--format", "json", "title"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("\"source\":\"\(url):3:3\""))
    #expect(result.stdout.contains("#111111"))
  }

  @Test func aFileThatCannotBeFetchedNamesTheURLAndTheStatusAndExits2() throws {
    let server = try LocalHTTPServer.fixtures()
    let url = server.url("/none.yaml").absoluteString
    let result = try CLIRunner.run(["dump", "-s", url])
    #expect(result.status == 2)
    #expect(result.stderr == "\(url):1:1: error: cannot read '\(url)': HTTP 404 Not Found\n")
  }

  @Test func timeoutBoundsAFetch() throws {
    let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(body: "styles: {}\n", delay: 3) }
    let url = server.url("/slow.yaml").absoluteString
    let result = try CLIRunner.run(["match", "-s", url, "--timeout", "0.5", "title"])
    #expect(result.status == 2)
    #expect(result.stderr == "\(url):1:1: error: cannot read '\(url)': no answer within 0.5 s\n")
  }

  @Test func offlineTheCachedCopyLoadsWithAWarning() throws {
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-cli-cache-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: cache) }
    let server = try LocalHTTPServer.fixtures()
    let url = server.url("/plain.yaml").absoluteString
    let first = try CLIRunner.run(["match", "-s", url, "--cache", cache.path, "title"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.isEmpty)
    server.stop()
    let offline = try CLIRunner.run(["match", "-s", url, "--cache", cache.path, "title"])
    #expect(offline.status == 0)
    #expect(offline.stdout == first.stdout)
    #expect(offline.stderr.hasPrefix("\(url):1:1: warning: cannot read '\(url)' (cannot connect to the host)"))
    #expect(offline.stderr.contains("[cached-copy]"))
    let uncached = try CLIRunner.run(["match", "-s", url, "title"])
    #expect(uncached.status == 2)
  }

  @Test func aLocalImportFromARemoteSheetIsALocatedError() throws {
    let server = try LocalHTTPServer.fixtures()
    let url = server.url("/absolute-import.yaml").absoluteString
    let result = try CLIRunner.run(["lint", url])
    #expect(result.status == 1)
    #expect(result.stdout.contains("\(url):1:11: error: a remote sheet cannot name the absolute local path"))
  }
}
