import Foundation
import Testing

@testable import Stylist

/// `JSONSyntax`: a token or resolver file is held to JSON (RFC 8259) before
/// libyaml reads it; the first violation is located where it is.
@Suite struct TokenFileReaderJSONTests {
  /// The violation in `text` as `line:column: message`; nil for JSON.
  func violation(_ text: String) -> String? {
    var bytes = Array(text.utf8)
    return JSONSyntax.check(&bytes).map { "\($0.position.line):\($0.position.column): \($0.message)" }
  }

  @Test(arguments: [
    #"{ "a": 1, "b": [true, false, null, -0.5e+3, 0, 10, "x\"\\\/\b\f\n\r\t\u00e9"], "c": {} }"#,
    "[]", "\u{FEFF}{}", "{\r\n\t\"a\"\t:\t1\r\n}", "\"just a string\"", "{ \"é\": \"ü\" }", "   ",
  ])
  func jsonPasses(text: String) {
    #expect(violation(text) == nil)
  }

  @Test(arguments: [
    ("{ \"a\": 1 // no\n}", "1:10: a comment: JSON has none"),
    ("{ \"a\": 1 /* no */ }", "1:10: a comment: JSON has none"),
    ("{ # no\n}", "1:3: a comment: JSON has none"),
    ("{ a: 1 }", "1:3: a key must be a string in double quotes (JSON), not bare 'a'"),
    ("{ 'a': 1 }", "1:3: a key in single quotes: JSON's keys are strings in double quotes"),
    ("{ \"a\": 'x' }", "1:8: a string in single quotes: JSON's strings are in double quotes"),
    ("{ \"a\": 0x10 }", "1:8: '0x10' is no JSON number: JSON's numbers are decimal"),
    ("{ \"a\": 0o17 }", "1:8: '0o17' is no JSON number: JSON's numbers are decimal"),
    ("{ \"a\": -.inf }", "1:8: '-.inf' is no JSON number: JSON has no infinity or NaN"),
    ("{ \"a\": .NaN }", "1:8: '.NaN' is no JSON number: JSON has no infinity or NaN"),
    ("{ \"a\": +1 }", "1:8: '+1' is no JSON number: JSON's numbers have no '+'"),
    ("{ \"a\": 012 }", "1:8: '012' is no JSON number: JSON's numbers have no leading zero"),
    ("{ \"a\": 1. }", "1:8: '1.' is no JSON number: JSON's numbers have a digit on each side of '.'"),
    (
      "{ \"a\": yes }",
      "1:8: 'yes' is no JSON value: a string is in double quotes; the literals are true, false and null"
    ),
    ("{ \"a\": 1, }", "1:9: a trailing comma: JSON has none before '}'"),
    ("[1, 2,\n]", "1:6: a trailing comma: JSON has none before ']'"),
    ("{ \"a\": 1 \"b\": 2 }", "1:10: expected ',' or '}' after an entry of the object that starts at 1:1"),
    ("{ \"a\" 1 }", "1:7: expected ':' after the key"),
    ("{ \"a\": }", "1:8: a value is missing here"),
    ("{ \"a\": \"\\x41\" }", "1:9: no JSON escape: JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"),
    ("{ \"a\": \"\\u12\" }", "1:9: '\\u' takes 4 hexadecimal digits in JSON"),
    ("{ \"a\": \"\\uＦＦＦＦ\" }", "1:9: '\\u' takes 4 hexadecimal digits in JSON"),
    ("{ \"a\": \"x\ty\" }", "1:10: a tab inside a string: JSON writes it '\\t'"),
    ("{ \"a\": \"x\ny\" }", "1:10: a line break inside the string that starts at 1:8: JSON writes it '\\n'"),
    ("{ \"a\": \"x }", "1:12: unclosed quote: the string that starts at 1:8 has no closing quote"),
    ("{\n  \"a\": [1,\n", "3:1: unclosed '[': the list that starts at 2:8 needs ',' between items and a closing ']'"),
    ("{ \"a\": 1 } {}", "1:12: more after the file's JSON value: a token file holds one object"),
    ("a:\n  b: 1\n", "1:1: 'a' is no JSON value: a string is in double quotes; the literals are true, false and null"),
    (
      "{ \"é\": &x 1 }",
      "1:8: '&x' is no JSON value: a string is in double quotes; the literals are true, false and null"
    ),
  ])
  func violationIsLocated(text: String, expected: String) {
    #expect(violation(text) == expected)
  }

  /// A surrogate outside a high-then-low pair is located at its escape.
  @Test func halfASurrogatePairIsAnError() {
    let cases = [
      ("{ \"a\": \"x\\ud83d\" }", "1:10: ", "D83D"), ("{ \"a\": \"\\ud83d\\u0041\" }", "1:9: ", "D83D"),
      ("{ \"a\": \"\\ude00\\ud83d\" }", "1:9: ", "DE00"), ("{ \"a\": \"\\ud83d\\n\" }", "1:9: ", "D83D"),
    ]
    for (text, position, unit) in cases {
      #expect(violation(text) == position + Self.halfPair(unit), "\(text)")
    }
  }

  static func halfPair(_ unit: String) -> String {
    "'\\u\(unit)' is half of a surrogate pair, which is no character alone: a character past U+FFFF is written "
      + "as a pair, a high surrogate then a low one ('\\uD83D\\uDE00')"
  }

  /// libyaml refuses a tab opening a line outside brackets, which JSON
  /// allows: outside strings tabs become spaces, one column each.
  @Test func tabsOutsideStringsBecomeSpaces() {
    var bytes = Array("\t{\"a\":\t\"\\t\"}".utf8)
    #expect(JSONSyntax.check(&bytes) == nil)
    #expect(String(decoding: bytes, as: UTF8.self) == " {\"a\": \"\\t\"}")
  }

  /// libyaml reads `\uXXXX` as one character: a surrogate pair becomes
  /// YAML's `\U` escape, 2 bytes shorter, and 2 spaces after the string
  /// keep every later column as written.
  @Test func surrogatePairsBecomeOneEscape() throws {
    var bytes = Array(#"{"\uD83D\uDE00 \ud83c\udf08": "a\u00e9\ud83d\ude00", "b": 1}"#.utf8)
    #expect(JSONSyntax.check(&bytes) == nil)
    #expect(String(decoding: bytes, as: UTF8.self) == #"{"\U0001F600 \U0001F308"    : "a\u00e9\U0001F600"  , "b": 1}"#)
    // Loaded, the value holds the character; a later diagnostic on the
    // line is at its column as written.
    let files = try TokenFiles()
    try files.write(
      "a.tokens.json",
      #"{ "smile": { "$type": "fontFamily", "$value": "Smile \uD83D\uDE00" }, "x": { "$value": {} } }"#)
    try files.sheet(tokens: ["a.tokens.json"], "a: $smile")
    let errors = files.diagnostics("sheet.yaml")
    #expect(
      errors == [
        "a.tokens.json:1:71: warning: token 'x' has no '$type', its own, its alias's or a group's [nonstandard-token]"
      ])
    try files.write(
      "a.tokens.json", #"{ "smile": { "$type": "fontFamily", "$value": "Smile \uD83D\uDE00" } }"#)
    #expect(try files.properties("sheet.yaml", "t") == ["a": "Smile 😀"])
  }

  /// Random strings of every kind of character and escape JSON has, each
  /// key and value read by the scanner and libyaml as Foundation's JSON
  /// reader reads them.
  @Test(arguments: 0..<4 as Range<UInt64>)
  func stringsReadAsJSONReadsThem(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let pieces = [
      "a", "Z", " ", "é", "😀", "\\n", "\\t", "\\\"", "\\\\", "\\/", "\\b", "\\f", "\\r", "\\u00e9", "\\u0041",
      "\\uD83D\\uDE00", "\\ud83c\\udf08", "\\uDBFF\\uDFFF", "\\uD800\\uDC00", "\\u20AC",
    ]
    for _ in 0..<50 {
      let strings = (0..<3).map { _ in
        (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
      }
      let text = "{ \"\(strings[0])\": \"\(strings[1])\", \"k\": [\"\(strings[2])\", 1] }"
      var bytes = Array(text.utf8)
      #expect(JSONSyntax.check(&bytes) == nil, "\(text)")
      let expected = try #require(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
      let read = try #require(SchemaInstance.documents(of: bytes, file: "t.json")?.first, "\(text)")
      guard case .object(let entries) = read else {
        Issue.record("not an object: \(text)")
        continue
      }
      #expect(entries.map(\.key).sorted() == expected.keys.sorted(), "\(text)")
      for entry in entries {
        switch entry.value {
        case .string(let value): #expect(expected[entry.key] as? String == value, "\(text)")
        case .array(let items):
          guard case .string(let value)? = items.first else { fallthrough }
          #expect((expected[entry.key] as? [Any])?.first as? String == value, "\(text)")
        default: Issue.record("\(entry.key) read as \(entry.value): \(text)")
        }
      }
    }
  }
}
