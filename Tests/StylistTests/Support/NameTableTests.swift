import Testing

@testable import Stylist

@Suite struct NameTableTests {
  @Test func internsEachNameOnce() {
    var table = NameTable(capacity: 2)
    // Short names hash as one packed word, longer ones (9 bytes and up) a word at a time.
    let names = (0..<100).map { "name\($0)" } + (0..<100).map { "a-longer-name-\($0)" }
    let ids = names.map { table.intern($0) }
    #expect(ids == (0..<200).map(NameID.init))
    #expect(names.map { table.intern($0) } == ids)
    #expect(table.id("name7") == NameID(7) && table.id("other") == .unknown)
  }

  /// A name of up to 8 bytes is looked up by its packed word alone, so
  /// that word must tell apart every two names of one length: all names of
  /// 1 to 8 bytes over three letters (every byte at every place).
  @Test func packedWordsTellApartNamesOfOneLength() {
    for length in 1...8 {
      var names: [[UInt8]] = [[]]
      for _ in 0..<length { names = names.flatMap { name in Array("ab\u{7F}".utf8).map { name + [$0] } } }
      let words = Set(names.map { name in name.withUnsafeBufferPointer(NameTable.packedWord) })
      #expect(words.count == names.count, "length \(length)")
    }
  }

  /// The table finds every interned name from its bytes and nothing
  /// else: not a name one byte off, nor a prefix or an extension.
  @Test func lookupFindsExactlyTheInternedNames() {
    var table = NameTable()
    let names = ["a", "ab", "abc", "abcd", "part12", "screen10", "selected", "a-longer-name", "caf\u{E9}"]
    for name in names { _ = table.intern(name) }
    let lookup = table
    for (id, name) in names.enumerated() {
      #expect(lookup.id(name) == NameID(raw: Int32(id)), "\(name)")
      var bytes = Array(name.utf8)
      bytes[bytes.count - 1] ^= 1
      for other in [bytes, Array(name.utf8.dropLast()), Array(name.utf8) + [UInt8(ascii: "x")]]
      where !other.isEmpty && !names.contains(String(decoding: other, as: UTF8.self)) {
        #expect(other.withUnsafeBufferPointer { lookup.id(utf8: $0) } == .unknown, "\(other)")
      }
    }
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
