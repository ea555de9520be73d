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

extension UnsafeBufferPointer<UInt8> {
  /// Visits the bytes eight at a time: `word` gets each whole 8-byte word
  /// (first byte lowest), `tail` each of the last `count % 8` bytes. The one
  /// loop behind the scans that test bytes without a branch per byte.
  @inline(__always)
  package func forEachWord(_ word: (UInt64) -> Void, tail: (UInt8) -> Void) {
    var index = 0
    if let base = baseAddress {
      let raw = UnsafeRawPointer(base)
      while index + 8 <= count {
        word(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
        index += 8
      }
    }
    while index < count {
      tail(self[index])
      index += 1
    }
  }

  /// Whether both hold the same bytes: `memcmp`, where the generic
  /// `elementsEqual` steps one byte at a time.
  @inline(__always)
  package func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    count == other.count && (count == 0 || memcmp(baseAddress!, other.baseAddress!, count) == 0)
  }

  /// The index of the first `byte`, or nil: `memchr`, which tests many
  /// bytes at once where the generic `firstIndex(of:)` steps one at a time.
  @inline(__always)
  package func firstIndex(ofByte byte: UInt8) -> Int? {
    guard let base = baseAddress, count > 0, let found = memchr(base, Int32(byte), count) else { return nil }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
  }

  /// Whether every byte is ASCII, eight at a time.
  package var isASCII: Bool {
    var high: UInt64 = 0
    forEachWord {
      high |= $0
    } tail: {
      high |= UInt64($0)
    }
    return high & 0x8080_8080_8080_8080 == 0
  }
}
