import Testing

@testable import Stylist

@Suite struct SharedTextsTests {
  private func string(_ text: [UInt8], _ texts: inout SharedTexts) -> String {
    text.withUnsafeBufferPointer { texts.string($0) }
  }

  private func sameStorage(_ one: String, _ other: String) -> Bool {
    var (one, other) = (one, other)
    return one.withUTF8 { one in other.withUTF8 { other in one.baseAddress == other.baseAddress } }
  }

  /// A long text met again is one string from its second time on: the
  /// second and every later one share one storage.
  @Test func aRepeatedLongTextIsOneString() {
    var texts = SharedTexts()
    let first = string(Array("$colors.textSecondary".utf8), &texts)
    let second = string(Array("$colors.textSecondary".utf8), &texts)
    let third = string(Array("$colors.textSecondary".utf8), &texts)
    #expect(first == second && second == third)
    #expect(sameStorage(second, third))
  }

  /// A text met once does not take the slot of one met more often: a style
  /// key, written once, leaves the variable reference before it shared.
  @Test func aTextMetOnceLeavesASharedOneItsSlot() throws {
    let shared = "$colors.textSecondary"
    func slot(_ text: String) -> Int {
      Array(text.utf8).withUnsafeBufferPointer { NameTable.hash(bytes: $0).hash } & (SharedTexts.slotCount - 1)
    }
    let once = try #require(
      (0..<100_000).lazy.map { "screen\($0)/card/title" }.first { slot($0) == slot(shared) })
    var texts = SharedTexts()
    _ = string(Array(shared.utf8), &texts)
    let kept = string(Array(shared.utf8), &texts)
    _ = string(Array(once.utf8), &texts)
    let later = string(Array(shared.utf8), &texts)
    #expect(sameStorage(kept, later))
  }

  /// Every text comes back as written, whatever shares a slot: more texts
  /// than slots, short and long ones, over and over.
  @Test func everyTextComesBackAsWritten() {
    var texts = SharedTexts()
    let written = (0..<10_000).map { index in
      index % 3 == 0 ? "v\(index)" : "$palette.gray.s\(index)-\(String(repeating: "x", count: index % 80))"
    }
    for round in 0..<2 {
      for text in written {
        #expect(string(Array(text.utf8), &texts) == text, "round \(round)")
      }
    }
  }

  /// Bytes that are not UTF-8 read as `String(decoding:)` reads them, and
  /// do not stand for the repaired text.
  @Test func invalidUTF8ReadsAsDecoded() {
    var texts = SharedTexts()
    let bytes: [UInt8] = Array("sixteen-bytes-or".utf8) + [0xFF, 0xFE]
    let decoded = String(decoding: bytes, as: UTF8.self)
    #expect(string(bytes, &texts) == decoded)
    #expect(string(Array(decoded.utf8), &texts) == decoded)
    #expect(string(bytes, &texts) == decoded)
  }
}
