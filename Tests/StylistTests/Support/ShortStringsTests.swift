import Testing

@testable import Stylist

@Suite struct ShortStringsTests {
  /// Whatever the cache holds, each answer is exactly the string the bytes
  /// decode to: hits, misses, entries replaced, invalid UTF-8 repaired, and
  /// runs longer than an entry takes.
  @Test func answersAreWhatTheBytesDecodeTo() {
    let strings = ShortStrings()
    var generator = SeededGenerator(seed: 5)
    // A small alphabet so that runs repeat (hits) and collide (replacements).
    let alphabet: [UInt8] = Array("ab/é".utf8) + [0xFF, 0xC3, 0x80, 0x00]
    var hits = 0
    var seen: Set<[UInt8]> = []
    for _ in 0..<50_000 {
      let count = Int.random(in: 0...20, using: &generator)
      var bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator)! }
      // Half share their first eight bytes: entries must tell them apart by the rest.
      if count > 8 && Bool.random(using: &generator) { bytes.replaceSubrange(0..<8, with: Array("abababab".utf8)) }
      if !seen.insert(bytes).inserted { hits += 1 }
      let answer = bytes.withUnsafeBufferPointer { strings.string($0) }
      let expected = String(decoding: bytes, as: UTF8.self)
      #expect(Array(answer.utf8) == Array(expected.utf8), "\(bytes)")
    }
    #expect(hits > 5_000)
  }
}
