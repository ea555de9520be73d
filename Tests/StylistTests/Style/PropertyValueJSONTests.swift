import Testing

@testable import Stylist

/// The JSON writer escapes bytes, eight at a time when none needs it; these
/// hold it to the rule written per character.
struct PropertyValueJSONTests {
  /// JSON's escapes, one character at a time, and `\uXXXX` for the
  /// characters a YAML reader does not take raw in quotes: the oracle.
  private func escapedByCharacter(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF].contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }

  /// Every ASCII character, alone and at each place of a word and of the
  /// tail after it (so the word scan and the byte loop both see it).
  @Test func everyASCIICharacterAtEveryPlace() {
    for value in 0..<128 {
      let character = String(UnicodeScalar(UInt8(value)))
      for prefix in 0..<17 {
        let text = String(repeating: "a", count: prefix) + character + "é/z"
        #expect(PropertyValue.string(text).jsonText == escapedByCharacter(text), "\(value) after \(prefix)")
      }
    }
  }

  /// Text written in place and escaped after the fact (selector names,
  /// locations) comes out as the same text escaped up front, after what
  /// the output held already.
  @Test func textWrittenInPlaceIsEscapedAfterwards() {
    for value in 0..<128 {
      let text = "a" + String(UnicodeScalar(UInt8(value))) + "é/z"
      var output = Array("[1,".utf8)
      PropertyValue.writeJSONString(to: &output) { $0.append(utf8Of: text) }
      #expect(String(decoding: output, as: UTF8.self) == "[1," + escapedByCharacter(text), "\(value)")
    }
  }

  @Test func nonASCIIPassesThrough() {
    let text = "héllo wörld ✓ 𝄞 — \u{A0}\u{2027}\u{202A}\u{FEFE}\u{FFFD}"
    #expect(PropertyValue.string(text).jsonText == "\"\(text)\"")
    #expect(!PropertyValue.needsJSONEscaping(UnsafeBufferPointer(start: nil, count: 0)))
  }

  /// The characters escaped past ASCII, at each place of a word and of the
  /// tail, beside their neighbours that pass through.
  @Test func charactersYAMLCannotReadRawAreEscaped() {
    let scalars: [UInt32] = [
      0x7F, 0x80, 0x85, 0x9F, 0xA0, 0x2027, 0x2028, 0x2029, 0x202A, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF,
    ]
    for value in scalars {
      let character = String(UnicodeScalar(value)!)
      for prefix in 0..<17 {
        let text = String(repeating: "a", count: prefix) + character + "é/z"
        #expect(PropertyValue.string(text).jsonText == escapedByCharacter(text), "\(value) after \(prefix)")
      }
    }
    #expect(PropertyValue.string("\u{2028}").jsonText == #""\u2028""#)
  }

  @Test func valuesOfEveryKind() {
    let value: PropertyValue = [
      "i": -42, "d": 0.1, "big": 1e300, "nan": .double(.nan), "-inf": .double(-.infinity), "t": true, "f": false,
      "list": [[], [:], ["k": "v\u{1}"]],
    ]
    #expect(
      value.jsonText
        == #"{"i":-42,"d":0.1,"big":1e+300,"nan":".nan","-inf":"-.inf","t":true,"f":false,"list":[[],{},{"k":"v\u0001"}]}"#
    )
  }
}
