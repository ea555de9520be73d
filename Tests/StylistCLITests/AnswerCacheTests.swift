import Foundation
import Stylist
import Testing

@testable import StylistCLI

/// The rendered answers `batch` copies: each is `resolutionValue`'s JSON
/// after the node field, under every theme, and stays so when the arena
/// starts over at its byte limit.
@Suite struct AnswerCacheTests {
  /// `batch` writes each answer one line late: what `writeQueued` writes is
  /// the answer queued last, once, also when rendering the next one makes
  /// the arena start over. Three rounds: rendered, then copied, over a
  /// limit that makes it start over.
  @Test(arguments: [1 << 31, 600])
  func queuedAnswersAreTheResolutionsJSONInOrder(byteLimit: Int) throws {
    let sheet = try StyleSheet(contentsOf: CLIRunner.fixtures.appendingPathComponent("demo/demo.yaml").path)
    let index = StyleIndex(sheets: [sheet])
    var cache = AnswerCache(index: index, byteLimit: byteLimit)
    let nodes = [
      "home/header/searchBar/label", "@dark/card/background", "card/background", "@sepia/card/background",
      "nothing", "@dark/nothing", "header[selected]/title", "client/searchbar[disabled]/image",
    ]
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("answer-queue-\(byteLimit).jsonl")
    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: file) }
    let handle = try FileHandle(forWritingTo: file)
    var output = OutputBuffer(descriptor: handle.fileDescriptor)
    var expected = ""
    for _ in 0..<3 {
      for node in nodes {
        let answer = try Array(node.utf8).withUnsafeBufferPointer { try index.bestMatch(utf8: $0) }
        cache.writeQueued(to: &output)
        cache.queue(order: answer.order, theme: answer.theme)
        expected += String(resolutionValue(answer, node: "").jsonText.dropFirst(#"{"node":"""#.count)) + "\n"
      }
    }
    cache.writeQueued(to: &output)
    cache.writeQueued(to: &output)
    output.flush()
    try handle.close()
    #expect(try String(contentsOf: file, encoding: .utf8) == expected)
  }
}
