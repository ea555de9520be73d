/// JSON as UTF-8 bytes: the one writer behind every JSON text Stylist
/// prints. Output goes straight into a byte buffer (a `batch` run renders
/// tens of thousands of distinct answers, so the writer builds no
/// intermediate `String`), and a string with nothing to escape, nearly every
/// one, is copied whole after a scan of eight bytes at a time.
extension PropertyValue {
  /// Compact, stable JSON. Non-finite doubles print as the strings
  /// `".inf"`, `"-.inf"`, `".nan"` (JSON has no such numbers).
  public var jsonText: String {
    var output: [UInt8] = []
    writeJSON(to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  /// Appends the value's JSON (`jsonText`'s bytes) to `output`.
  package func writeJSON(to output: inout [UInt8]) {
    switch self {
    case .null: output.append(utf8Of: "null")
    case .bool(let value): output.append(utf8Of: value ? "true" : "false")
    case .int(let value): output.append(decimal: value)
    case .double(let value):
      if value.isFinite {
        output.append(utf8Of: String(value))
      } else {
        Self.writeJSONString(Self.yamlText(for: value), to: &output)
      }
    case .string(let value): Self.writeJSONString(value, to: &output)
    case .list(let items):
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        item.writeJSON(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .map(let map): Self.writeJSONObject(map, to: &output)
    }
  }

  /// Appends the value's JSON indented by two spaces a level, one member
  /// or item a line (empty lists and maps, lists of scalars and a map of
  /// one scalar on one): files people read and
  /// diff, as an export writes them.
  package func writeIndentedJSON(to output: inout [UInt8], depth: Int = 0) {
    func newline(_ level: Int) {
      output.append(UInt8(ascii: "\n"))
      output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }
    switch self {
    case .list(let items) where items.contains(where: \.isCollection):
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        newline(depth + 1)
        item.writeIndentedJSON(to: &output, depth: depth + 1)
      }
      newline(depth)
      output.append(UInt8(ascii: "]"))
    case .map(let map) where map.count == 1 && !map.values[0].isCollection:
      // One scalar member on one line: `{ "$ref": "base.tokens.json" }`.
      output.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: " ")])
      Self.writeJSONKey(map.keys[0], to: &output)
      output.append(UInt8(ascii: " "))
      map.values[0].writeJSON(to: &output)
      output.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: "}")])
    case .map(let map) where !map.isEmpty:
      output.append(UInt8(ascii: "{"))
      var first = true
      for (key, value) in map {
        if !first { output.append(UInt8(ascii: ",")) }
        first = false
        newline(depth + 1)
        Self.writeJSONKey(key, to: &output)
        output.append(UInt8(ascii: " "))
        value.writeIndentedJSON(to: &output, depth: depth + 1)
      }
      newline(depth)
      output.append(UInt8(ascii: "}"))
    case .list(let items):
      // Scalars on one line: `[0.87, 0.93, 1]`.
      output.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { output.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: " ")]) }
        item.writeJSON(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    default: writeJSON(to: &output)
    }
  }

  private var isCollection: Bool {
    switch self {
    case .list, .map: true
    default: false
    }
  }

  /// Appends `{"key":value,…}` in the map's order.
  static func writeJSONObject(_ map: Properties, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "{"))
    var first = true
    for (key, value) in map {
      if !first { output.append(UInt8(ascii: ",")) }
      first = false
      writeJSONKey(key, to: &output)
      value.writeJSON(to: &output)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// Appends `"key":`, a member's name in an object.
  static func writeJSONKey(_ key: String, to output: inout [UInt8]) {
    writeJSONString(key, to: &output)
    output.append(UInt8(ascii: ":"))
  }

  /// Appends `text` as a JSON string.
  static func writeJSONString(_ text: String, to output: inout [UInt8]) {
    var text = text
    text.withUTF8 { writeJSONString(utf8: $0, to: &output) }
  }

  /// Appends, as a JSON string, the UTF-8 text that `write` appends: in
  /// place, and escaped after the fact only when it needs it (a selector's
  /// or a location's text nearly never does).
  static func writeJSONString(to output: inout [UInt8], _ write: (inout [UInt8]) -> Void) {
    let quoteAt = output.count
    output.append(UInt8(ascii: "\""))
    write(&output)
    let needsEscaping = output.withUnsafeBufferPointer {
      needsJSONEscaping(UnsafeBufferPointer(rebasing: $0[(quoteAt + 1)...]))
    }
    guard needsEscaping else {
      output.append(UInt8(ascii: "\""))
      return
    }
    let text = Array(output[(quoteAt + 1)...])
    output.removeSubrange(quoteAt...)
    text.withUnsafeBufferPointer { writeJSONString(utf8: $0, to: &output) }
  }

  /// Appends `utf8`, which must be valid UTF-8, as a JSON string: `"` and
  /// `\` escaped, control characters as `\n`, `\r`, `\t` or `\u00XX`, and
  /// as `\uXXXX` the characters a YAML reader does not take raw inside
  /// quotes (DEL, U+0080–U+009F, U+2028, U+2029, U+FEFF, U+FFFE, U+FFFF), so
  /// that JSON output loads back as YAML; every other byte as it is.
  static func writeJSONString(utf8 text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
    let quote = UInt8(ascii: "\"")
    let backslash = UInt8(ascii: "\\")
    output.append(quote)
    guard needsJSONEscaping(text) else {
      output.append(contentsOf: text)
      output.append(quote)
      return
    }
    let hexDigits = Array("0123456789abcdef".utf8)
    func appendUnicodeEscape(_ value: UInt32) {
      output.append(contentsOf: #"\u"#.utf8)
      for shift in stride(from: 12, through: 0, by: -4) {
        output.append(hexDigits[Int((value >> UInt32(shift)) & 0xF)])
      }
    }
    var index = 0
    while index < text.count {
      let byte = text[index]
      let shortEscape: UInt8? =
        switch byte {
        case quote, backslash: byte
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        case 0x09: UInt8(ascii: "t")
        default: nil
        }
      if let shortEscape {
        output.append(backslash)
        output.append(shortEscape)
      } else if byte < 0x20 || byte == 0x7F {
        appendUnicodeEscape(UInt32(byte))
      } else if byte >= 0xC2, let (scalar, length) = unquotableScalar(in: text, at: index) {
        appendUnicodeEscape(scalar)
        index += length
        continue
      } else {
        output.append(byte)
      }
      index += 1
    }
    output.append(quote)
  }

  /// The multi-byte character at `index` when a YAML reader does not take
  /// it raw inside quotes (U+0080–U+009F, U+2028, U+2029, U+FEFF, U+FFFE,
  /// U+FFFF), with its length in bytes.
  private static func unquotableScalar(in text: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
    let rest = text.count - index
    switch text[index] {
    case 0xC2 where rest >= 2 && text[index + 1] <= 0x9F:
      return (UInt32(text[index + 1]), 2)
    case 0xE2 where rest >= 3 && text[index + 1] == 0x80 && (text[index + 2] == 0xA8 || text[index + 2] == 0xA9):
      return (0x2000 | UInt32(text[index + 2] & 0x3F), 3)
    case 0xEF where rest >= 3 && text[index + 1] == 0xBB && text[index + 2] == 0xBF:
      return (0xFEFF, 3)
    case 0xEF where rest >= 3 && text[index + 1] == 0xBF && text[index + 2] >= 0xBE:
      return (0xFFC0 | UInt32(text[index + 2] & 0x3F), 3)
    default: return nil
    }
  }

  /// Whether `bytes` may hold a character `writeJSONString` escapes:
  /// a control character, DEL, `"`, `\`, or the first byte of one of the
  /// multi-byte characters it escapes (0xC2, 0xE2, 0xEF); eight bytes at a
  /// time, with no branch per byte.
  static func needsJSONEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    // The high bit of some byte is set in `below(word, n)` exactly when some
    // byte of `word` is below `n` (n ≤ 128).
    func below(_ word: UInt64, _ n: UInt64) -> UInt64 { (word &- ones &* n) & ~word & high }
    // … and in `equal(word, b)` when some byte of `word` is `b`.
    func equal(_ word: UInt64, _ byte: UInt64) -> UInt64 { below(word ^ ones &* byte, 1) }
    var found: UInt64 = 0
    // A byte seen twice (the last word overlaps) finds the same; the
    // padding, a letter, finds nothing.
    bytes.forEachWord(padding: UInt8(ascii: "a")) { _, word, _ in
      found |= below(word, 0x20) | equal(word, 0x22) | equal(word, 0x5C) | equal(word, 0x7F)
      if word & high != 0 { found |= equal(word, 0xC2) | equal(word, 0xE2) | equal(word, 0xEF) }
    }
    return found != 0
  }

  /// `text` as a JSON string, for the YAML writer's quoted scalars.
  static func jsonQuoted(_ text: String) -> String {
    var output: [UInt8] = []
    writeJSONString(text, to: &output)
    return String(decoding: output, as: UTF8.self)
  }
}
