import Foundation
import Stylist
import Testing

@testable import StylistCLI

/// `batch`'s two threads in one process: blocks of matched lines handed to
/// a `BatchWriter` on the handoff's thread come out as the answers of the
/// lines, in order, each exactly once, whatever the block boundaries. Run
/// under ThreadSanitizer by `make sanitize`.
@Suite struct BatchHandoffTests {
  @Test(arguments: [false, true])
  func handedOverBlocksAreWrittenInOrder(cascade: Bool) throws {
    let sheet = try StyleSheet(contentsOf: CLIRunner.fixtures.appendingPathComponent("demo/demo.yaml").path)
    let index = StyleIndex(sheets: [sheet])
    let nodes = [
      "home/header/searchBar/label", "@dark/card/background", "card/background", "bad/*/node", "nothing",
      "@dark/nothing", "header[selected]/title", "client/searchbar[disabled]/image", "home//title",
    ]
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("batch-handoff-\(cascade).jsonl")
    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: file) }
    let handle = try FileHandle(forWritingTo: file)
    let writer = BatchWriter(index: index, descriptor: handle.fileDescriptor)
    let handoff = Handoff<AnsweredLines>(capacity: 2) { writer.write($0) }

    var expected = ""
    var block = AnsweredLines()
    var scratch = CascadeScratch()
    for number in 1...2_000 {
      let node = nodes[number % nodes.count]
      let bytes = Array(node.utf8)
      bytes.withUnsafeBufferPointer { bytes in
        do throws(SyntaxError) {
          // The block holds what `batch` keeps (load positions, no
          // `Answer`); the expected line is written from the `Answer`.
          if cascade {
            let answer = try index.cascade(utf8: bytes)
            let theme = try index.cascadeOrders(utf8: bytes, into: &scratch)
            block.appendCascade(node: bytes, scratch.orders, theme: theme)
            expected += resolutionValue(answer, node: node).jsonText + "\n"
          } else {
            let answer = try index.bestMatch(utf8: bytes)
            let kept = try index.bestMatchOrder(utf8: bytes)
            block.append(node: bytes, .bestMatch(order: kept.order, theme: kept.theme))
            expected += resolutionValue(answer, node: node).jsonText + "\n"
          }
        } catch {
          let message = "<stdin>:\(number):\(error.column): \(error.message)"
          block.append(node: bytes, .syntaxError(message))
          expected += PropertyValue.map(["node": .string(node), "error": .string(message)]).jsonText + "\n"
        }
      }
      if number % 97 == 0 {
        block.appendTooLong("<stdin>:\(number):1: too long")
        expected += #"{"node":null,"error":"<stdin>:\#(number):1: too long"}"# + "\n"
      }
      // Blocks of every size from 1 to 13 lines, some flushed.
      if block.lines.count >= number % 13 + 1 {
        block.flushes = number % 5 == 0
        handoff.send(block)
        block = AnsweredLines()
      }
    }
    block.flushes = true
    handoff.send(block)
    handoff.finish()
    try handle.close()
    #expect(try String(contentsOf: file, encoding: .utf8) == expected)
  }
}
