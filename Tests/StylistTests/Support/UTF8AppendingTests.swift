import Testing

@testable import Stylist

/// The byte writers behind every answer's JSON spell what `String` does.
struct UTF8AppendingTests {
  @Test func decimalIsStringsSpelling() {
    var generator = SeededGenerator(seed: 5)
    var values = [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
    for _ in 0..<2_000 {
      let digits = Int.random(in: 1...18, using: &generator)
      values.append(Int.random(in: -(1 << (3 * digits))...(1 << (3 * digits)), using: &generator))
    }
    for value in values {
      var bytes = Array("x".utf8)
      bytes.append(decimal: value)
      #expect(bytes == Array("x\(value)".utf8), "\(value)")
    }
  }

  @Test func utf8OfAnyString() {
    for text in ["", "a", "héllo wörld ✓ 𝄞", String(repeating: "long text ", count: 40), "x" + "é"] {
      var bytes = Array("[".utf8)
      bytes.append(utf8Of: text)
      #expect(bytes == Array("[\(text)".utf8), "\(text)")
    }
  }
}
