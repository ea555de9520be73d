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
    var digits = Substring(text)
    if digits.hasPrefix("0x") { return Int(digits.dropFirst(2), radix: 16) }
    if digits.hasPrefix("0o") { return Int(digits.dropFirst(2), radix: 8) }
    var negative = false
    if let sign = digits.first, sign == "-" || sign == "+" {
      negative = sign == "-"
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
    return Int(negative ? "-" + digits : digits)
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
    if isNull(text) { return .null }
    if let value = bool(text) { return .bool(value) }
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
    default: return tag.hasPrefix("tag:yaml.org,2002:") ? .string(text) : plainValue(text)
    }
  }
}
