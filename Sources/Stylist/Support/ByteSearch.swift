#if canImport(Glibc)
  import Glibc  // memcmp
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension String {
  /// Whether any UTF-8 byte of the text satisfies `test`. Scans the string's
  /// contiguous storage: `utf8.contains(where:)` steps a generic iterator,
  /// which costs more than the scan on the short strings of a sheet.
  @inline(__always)
  func containsByte(where test: (UInt8) -> Bool) -> Bool {
    if let found = utf8.withContiguousStorageIfAvailable({ $0.contains(where: test) }) { return found }
    return utf8.contains(where: test)
  }

  func containsByte(_ byte: UInt8) -> Bool { containsByte { $0 == byte } }
}

extension UInt64 {
  /// The high bit of each of the word's eight bytes that equals `byte`,
  /// exactly per byte (no borrow crosses from one byte to the next): the
  /// test the byte scans share.
  @inline(__always)
  func bytes(equalTo byte: UInt8) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    let xored = self ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
    // A byte of `xored` is 0 where `byte` was; the sum sets its high bit wherever it was not.
    return ~(((xored & low) &+ low) | xored) & 0x8080_8080_8080_8080
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// Visits the bytes eight at a time, every byte in at least one word: the
  /// whole words, then, when the count is not a multiple of 8, the last
  /// eight bytes (overlapping the word before); fewer than 8 bytes are one
  /// word padded with `padding`. `body` gets each word's first index, the
  /// word (first byte lowest) and `fresh`: the high bit of each byte no
  /// earlier word held (clear for the padding). The one loop behind the
  /// scans that test bytes without a branch per byte, and with no loop
  /// over a last few bytes.
  @inline(__always)
  func forEachWord(padding: UInt8, _ body: (_ start: Int, _ word: UInt64, _ fresh: UInt64) -> Void) {
    guard let base = baseAddress, count > 0 else { return }
    let high: UInt64 = 0x8080_8080_8080_8080
    guard count >= 8 else {
      var word = UInt64(padding) &* 0x0101_0101_0101_0101
      for index in 0..<count {
        let shift = UInt64(8 * index)
        word = word & ~(0xFF << shift) | UInt64(base[index]) << shift
      }
      body(0, word, high >> UInt64(8 * (8 - count)))
      return
    }
    let raw = UnsafeRawPointer(base)
    var start = 0
    while start + 8 <= count {
      body(start, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)), high)
      start += 8
    }
    if start < count {
      let seen = start - (count - 8)
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
      body(count - 8, word, high << UInt64(8 * seen))
    }
  }

  /// Whether both hold the same bytes: `memcmp`, where the generic
  /// `elementsEqual` steps one byte at a time.
  @inline(__always)
  func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    count == other.count && (count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0)
  }

  /// Whether every byte is ASCII, eight at a time.
  var isASCII: Bool {
    var high: UInt64 = 0
    forEachWord(padding: 0) { _, word, _ in high |= word }
    return high & 0x8080_8080_8080_8080 == 0
  }
}
