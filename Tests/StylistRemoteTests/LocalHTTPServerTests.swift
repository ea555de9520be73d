import Foundation
import TestHTTPServer
import Testing

/// The test server itself: the remote tests trust that what a URL answers
/// comes from the server the URL names.
struct LocalHTTPServerTests {
  /// A server stopped at once, beside servers started after it (which the
  /// system may give the stopped one's descriptor), never takes their
  /// connections.
  @Test func aStoppedServerNeverAnswersForAnother() throws {
    for round in 0..<40 {
      let stopped = try LocalHTTPServer { _ in LocalHTTPServer.Response(body: "stopped") }
      stopped.stop()
      let running = try LocalHTTPServer { _ in LocalHTTPServer.Response(body: "running \(round)") }
      let body = try String(contentsOf: running.url("/"), encoding: .utf8)
      #expect(body == "running \(round)")
      running.stop()
    }
  }

  @Test func afterStopNothingListens() throws {
    let server = try LocalHTTPServer { _ in LocalHTTPServer.Response(body: "up") }
    let url = server.url("/")
    #expect(try String(contentsOf: url, encoding: .utf8) == "up")
    server.stop()
    #expect(throws: (any Error).self) { try String(contentsOf: url, encoding: .utf8) }
  }
}
