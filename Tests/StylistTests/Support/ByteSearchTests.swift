import Testing

@testable import Stylist

/// The word loop behind the byte scans: every byte is in some word, and
/// `fresh` marks each byte once, in the word where it is first seen.
@Suite struct ByteSearchTests {
  @Test(arguments: 0...25)
  func everyByteIsFreshInExactlyOneWord(count: Int) {
    let bytes = (0..<count).map { UInt8(0x41 + $0) }
    var freshCount = [Int](repeating: 0, count: count)
    var seen = Set<Int>()
    bytes.withUnsafeBufferPointer { buffer in
      buffer.forEachWord(padding: 0x7E) { start, word, fresh in
        for lane in 0..<8 {
          let byte = UInt8(truncatingIfNeeded: word >> UInt64(8 * lane))
          let isFresh = fresh & (0x80 << UInt64(8 * lane)) != 0
          if start + lane < count {
            #expect(byte == bytes[start + lane], "byte \(start + lane) of \(count)")
            seen.insert(start + lane)
            if isFresh { freshCount[start + lane] += 1 }
          } else {
            #expect(byte == 0x7E && !isFresh, "padding at lane \(lane) of \(count)")
          }
        }
      }
    }
    #expect(seen.count == count)
    #expect(freshCount.allSatisfy { $0 == 1 })
  }

  @Test func ascii() {
    for count in 0...20 {
      for place in 0..<max(count, 1) where count > 0 {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: count)
        bytes[place] = 0xC3
        bytes.withUnsafeBufferPointer { buffer in
          #expect(!buffer.isASCII)
        }
      }
      [UInt8](repeating: 0x7F, count: count).withUnsafeBufferPointer { #expect($0.isASCII) }
    }
  }
}
