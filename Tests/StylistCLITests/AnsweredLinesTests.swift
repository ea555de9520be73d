import Stylist
import Testing

@testable import StylistCLI

/// When a block of `batch` lines is handed over: at `AnsweredLines.capacity`
/// lines, or once its node text and cascade orders reach
/// `AnsweredLines.byteCapacity` bytes, so that the blocks waiting for the
/// writer bound the memory in flight however long the lines and however
/// many rules apply to each.
@Suite struct AnsweredLinesTests {
  private func append(_ block: inout AnsweredLines, node: String, orders: [Int]? = nil) {
    let bytes = Array(node.utf8)
    bytes.withUnsafeBufferPointer { bytes in
      if let orders {
        block.appendCascade(node: bytes, orders, theme: nil)
      } else {
        block.append(node: bytes, .bestMatch(order: nil, theme: nil))
      }
    }
  }

  @Test func aBlockIsFullAtItsLineCapacity() {
    var block = AnsweredLines()
    for _ in 1..<AnsweredLines.capacity { append(&block, node: "a/b/title") }
    let fullBefore = block.isFull
    append(&block, node: "a/b/title")
    #expect(!fullBefore && block.isFull)
  }

  @Test func aBlockIsFullWhenItsNodeTextReachesTheByteCapacity() {
    let node = String(repeating: "part/", count: 100) + "title"
    let fitting = AnsweredLines.byteCapacity / node.utf8.count
    var block = AnsweredLines()
    for _ in 0..<fitting { append(&block, node: node) }
    #expect(block.lines.count < AnsweredLines.capacity)
    let fullBefore = block.isFull
    append(&block, node: node)
    #expect(!fullBefore && block.isFull)
  }

  @Test func aBlockIsFullWhenItsCascadeOrdersReachTheByteCapacity() {
    let perLine = AnsweredLines.byteCapacity / MemoryLayout<Int>.size / 4
    var block = AnsweredLines()
    for _ in 0..<3 { append(&block, node: "title", orders: Array(0..<perLine)) }
    let fullBefore = block.isFull
    append(&block, node: "title", orders: Array(0..<perLine))
    #expect(!fullBefore && block.isFull)
  }
}
