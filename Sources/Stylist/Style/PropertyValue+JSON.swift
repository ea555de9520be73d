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
  public func writeJSON(to output: inout [UInt8]) {
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
  /// `\` escaped, control characters as `\n`, `\r`, `\t` or `\u00XX`, every
  /// other byte as it is (a multi-byte character has no byte below 0x80, so
  /// escaping bytes is escaping characters).
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
    for byte in text {
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
      } else if byte < 0x20 {
        output.append(contentsOf: #"\u00"#.utf8)
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0xF)])
      } else {
        output.append(byte)
      }
    }
    output.append(quote)
  }

  /// Whether `bytes` holds a control character, `"` or `\`: eight bytes at
  /// a time, with no branch per byte.
  static func needsJSONEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    // The high bit of some byte is set in `below(word, n)` exactly when some
    // byte of `word` is below `n` (n ≤ 128).
    func below(_ word: UInt64, _ n: UInt64) -> UInt64 { (word &- ones &* n) & ~word & high }
    var found: UInt64 = 0
    // A byte seen twice (the last word overlaps) finds the same; the
    // padding, a letter, finds nothing.
    bytes.forEachWord(padding: UInt8(ascii: "a")) { _, word, _ in
      found |= below(word, 0x20) | below(word ^ ones &* 0x22, 1) | below(word ^ ones &* 0x5C, 1)
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
