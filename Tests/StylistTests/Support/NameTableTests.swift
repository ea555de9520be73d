import Testing

@testable import Stylist

@Suite struct NameTableTests {
  @Test func internsEachNameOnce() {
    var table = NameTable(capacity: 2)
    // Short names hash byte by byte, longer ones (9 bytes and up) a word at a time.
    let names = (0..<100).map { "name\($0)" } + (0..<100).map { "a-longer-name-\($0)" }
    let ids = names.map { table.intern($0) }
    #expect(ids == (0..<200).map(Int32.init))
    #expect(names.map { table.intern($0) } == ids)
    #expect(table.id("name7") == 7 && table.id("other") == NameTable.absent)
  }

  /// Canonically equivalent names (`==` on strings) get one id, whichever
  /// form came first: the hash reads the NFC form of anything not ASCII.
  @Test func canonicallyEquivalentNamesShareAnId() {
    var table = NameTable()
    let precomposed = table.intern("caf\u{E9}")
    #expect(table.intern("cafe\u{301}") == precomposed)
    #expect(NameTable.hash("cafe\u{301}") == NameTable.hash("caf\u{E9}"))
    #expect(table.intern("le-caf\u{E9}-du-coin") == table.intern("le-cafe\u{301}-du-coin"))
    #expect(table.count == 2)
  }
}
