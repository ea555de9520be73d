import Testing

@testable import Stylist

@Suite struct SharedTextsTests {
  private func string(_ text: [UInt8], _ texts: inout SharedTexts) -> String {
    text.withUnsafeBufferPointer { texts.string($0) }
  }

  /// A long text met twice is one string: both share one storage.
  @Test func aRepeatedLongTextIsOneString() {
    var texts = SharedTexts()
    var first = string(Array("$colors.textSecondary".utf8), &texts)
    var second = string(Array("$colors.textSecondary".utf8), &texts)
    #expect(first == second)
    let shared = first.withUTF8 { one in second.withUTF8 { other in one.baseAddress == other.baseAddress } }
    #expect(shared)
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
