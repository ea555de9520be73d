/// YAML 1.2 core schema typing of plain scalars, and the `!!` tags.
enum CoreSchema {
  static func isNull(_ text: String) -> Bool {
    text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
  }

  static func bool(_ text: String) -> Bool? {
    switch text {
    case "true", "True", "TRUE": true
    case "false", "False", "FALSE": false
    default: nil
    }
  }

  static func int(_ text: String) -> Int? {
    let bytes = text.utf8
    if bytes.count > 2, bytes.first == 0x30 {
      let second = bytes[bytes.index(after: bytes.startIndex)]
      if second == 0x78 { return Int(text.dropFirst(2), radix: 16) }  // 0x
      if second == 0x6F { return Int(text.dropFirst(2), radix: 8) }  // 0o
    }
    // Native strings lend their bytes; others are copied.
    if let result = text.utf8.withContiguousStorageIfAvailable(decimal) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(decimal)
  }

  /// `[-+]?[0-9]+` as an Int, nil when it is not one or does not fit.
  private static func decimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var digits = bytes[...]
    var negative = false
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty else { return nil }
    // Accumulate negatively so that Int.min, whose magnitude has no positive Int, fits.
    var value = 0
    for byte in digits {
      guard byte >= 0x30 && byte <= 0x39 else { return nil }
      let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
      let (next, underflow) = shifted.subtractingReportingOverflow(Int(byte - 0x30))
      if overflow || underflow { return nil }
      value = next
    }
    if negative { return value }
    return value == .min ? nil : -value
  }

  static func float(_ text: String) -> Double? {
    switch text {
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
    case "-.inf", "-.Inf", "-.INF": return -.infinity
    case ".nan", ".NaN", ".NAN": return .nan
    default: break
    }
    // [-+]? ( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?
    var bytes = Substring(text).utf8[...]
    func digits() -> Int {
      var count = 0
      while let byte = bytes.first, byte >= 0x30 && byte <= 0x39 {
        bytes = bytes.dropFirst()
        count += 1
      }
      return count
    }
    if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
    var mantissa = digits()
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      mantissa += digits()
    }
    guard mantissa > 0 else { return nil }
    if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return nil }
    }
    guard bytes.isEmpty else { return nil }
    return Double(text)
  }

  /// The typed value of an untagged plain scalar.
  static func plainValue(_ text: String) -> PropertyValue {
    // Most values (names, colours) start with a byte no number, bool or null
    // can start with: skip the checks for them.
    guard let first = text.utf8.first else { return .null }
    switch first {
    case UInt8(ascii: "0")...UInt8(ascii: "9"):
      break  // Neither null nor a bool.
    case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "~"), UInt8(ascii: "n"),
      UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
      if isNull(text) { return .null }
      if let value = bool(text) { return .bool(value) }
    default:
      return .string(text)
    }
    if let value = int(text) { return .int(value) }
    if let value = float(text) { return .double(value) }
    return .string(text)
  }

  /// The value of a scalar with tag `tag` (`!!str`, `!!int`, …); nil when the
  /// text does not fit the tag. Tags outside the core schema give strings.
  static func taggedValue(_ text: String, tag: String) -> PropertyValue? {
    switch tag {
    case YAMLTag.str: return .string(text)
    case YAMLTag.int: return int(text).map(PropertyValue.int)
    case YAMLTag.float: return (float(text) ?? int(text).map(Double.init)).map(PropertyValue.double)
    case YAMLTag.bool: return bool(text).map(PropertyValue.bool)
    case YAMLTag.null: return isNull(text) ? .null : nil
    case "!": return .string(text)
    default: return tag.hasPrefix(YAMLTag.corePrefix) ? .string(text) : plainValue(text)
    }
  }
}
