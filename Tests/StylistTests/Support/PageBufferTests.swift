import Testing

@testable import Stylist

@Suite struct PageBufferTests {
  @Test func holdsWhatIsAppended() {
    let buffer = PageBuffer<Int32>(capacity: 5_000)
    #expect(buffer.count == 0 && buffer.capacity == 5_000)
    for value in 0..<3_000 { buffer.append(Int32(value)) }
    buffer.append(contentsOf: [7, 8, 9])
    #expect(buffer.count == 3_003)
    #expect(buffer[2_999] == 2_999 && buffer[3_002] == 9)
    buffer[0] = -1
    #expect(buffer.elements.first == -1 && buffer.elements.count == 3_003)
  }

  @Test func repeatsAValue() {
    let buffer = PageBuffer<Int32>(repeating: -1, count: 100_000)
    #expect(buffer.count == 100_000)
    #expect(buffer.elements.allSatisfy { $0 == -1 })
  }

  /// An empty table still has memory that can be given back; a large one is mapped.
  @Test func anEmptyTableIsFreed() {
    let empty = PageMemory.allocate(UInt64.self, count: 0)
    #expect(empty.count == 0 && empty.baseAddress != nil)
    PageMemory.deallocate(empty)
    _ = PageBuffer<UInt8>(capacity: 0)
    let large = PageMemory.allocate(UInt8.self, count: PageMemory.mappedSize)
    large.initialize(repeating: 1)
    #expect(large.allSatisfy { $0 == 1 })
    PageMemory.deallocate(large)
  }
}
