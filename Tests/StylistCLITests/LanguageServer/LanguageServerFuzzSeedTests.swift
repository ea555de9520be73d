import Foundation
import StylistLanguageServer
import Testing

/// The fuzz target's seeds (`Fuzz/Seeds/lsp/`), replayed in process as the
/// target replays its inputs: each stream is read to its end.
@Suite struct LanguageServerFuzzSeedTests {
  static let seeds = CLIRunner.root.appendingPathComponent("Fuzz/Seeds/lsp")

  /// A whole session (open, change, every request, `shutdown`, `exit`)
  /// exits with 0, and so does one of incremental changes (an emoji, a
  /// range inside it, a line past the end) to a token file's colours;
  /// frames that are no messages, and a stream that ends without `exit`,
  /// with 1.
  @Test(arguments: [("session.txt", Int32(0)), ("incremental.txt", Int32(0)), ("bad-frames.txt", Int32(1))])
  func seedReplays(name: String, status: Int32) throws {
    let bytes = try Data(contentsOf: Self.seeds.appendingPathComponent(name))
    let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
    let preamble = Data("Content-Length: \(initialize.utf8.count)\r\n\r\n\(initialize)".utf8)
    var server = LanguageServer(replaying: Array(preamble + bytes))
    #expect(server.run() == status)
  }
}
