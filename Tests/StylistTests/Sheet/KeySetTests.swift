import Testing

@testable import Stylist

/// The duplicate check of big maps: a key repeats when it is the same
/// string (canonical equivalence, as `String` compares), and a repeat is
/// reported at its place with the first one's.
@Suite struct KeySetTests {
  private func mark(_ line: Int) -> YAMLMark { YAMLMark(line: line, column: 3) }

  @Test func repeatsAreFoundInOrderWithTheirFirst() {
    var keys = KeySet()
    // More keys than the table starts with, so it grows between repeats.
    let written = (0..<100).map { "home/header[selected]/item\($0)/label" }
    for (line, key) in written.enumerated() { keys.add(key, at: mark(line)) }
    keys.add(written[7], at: mark(200))
    keys.add("card/title", at: mark(201))
    keys.add(written[93], at: mark(202))
    keys.add(written[7], at: mark(203))
    #expect(keys.duplicates.map(\.text) == [written[7], written[93], written[7]])
    #expect(keys.duplicates.map(\.mark.line) == [200, 202, 203])
    #expect(keys.duplicates.map(\.first.line) == [7, 93, 7])
    #expect(keys.texts == written + [written[7], "card/title", written[93], written[7]])
  }

  @Test func keysCompareAsStringsDo() {
    var keys = KeySet()
    keys.add("caf\u{E9}", at: mark(1))
    keys.add("cafe\u{301}", at: mark(2))  // the same string, decomposed
    keys.add("K", at: mark(3))
    keys.add("\u{212A}", at: mark(4))  // KELVIN SIGN: canonically `K`
    keys.add("Kelvin", at: mark(5))
    #expect(keys.duplicates.map(\.mark.line) == [2, 4])
    #expect(keys.duplicates.map(\.first.line) == [1, 3])
    #expect(keys.duplicates.map(\.text) == ["cafe\u{301}", "\u{212A}"])
  }

  @Test func mergeKeysAreNeverRepeats() {
    var keys = KeySet()
    keys.add("<<", at: mark(1))
    keys.add("a", at: mark(2))
    keys.add("<<", at: mark(3))
    #expect(keys.duplicates.isEmpty)
    #expect(keys.texts == ["<<", "a", "<<"])
  }
}
