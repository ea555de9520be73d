extension [UInt8] {
  /// Appends `text`'s UTF-8 from its contiguous storage: one copy, where
  /// `append(contentsOf: text.utf8)` goes through the collection a
  /// sequence at a time. The text writers behind every answer's JSON use it.
  mutating func append(utf8Of text: String) {
    var text = text
    text.withUTF8 { append(contentsOf: $0) }
  }

  /// Appends `value` in decimal, the bytes of `String(value)`, without
  /// building the `String`: every answer's source location has two numbers.
  mutating func append(decimal value: Int) {
    // The digits from the last, into the end of a buffer that fits any Int.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var start = digits.count
      var magnitude = value.magnitude
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if value < 0 {
        start -= 1
        digits[start] = UInt8(ascii: "-")
      }
      append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }
}

extension String {
  /// The text whose UTF-8 `write` appends: how a type with a byte writer
  /// spells its `description`, so that both come from one place.
  init(writingUTF8 write: (inout [UInt8]) -> Void) {
    var text: [UInt8] = []
    write(&text)
    self.init(decoding: text, as: UTF8.self)
  }
}
