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

  /// A scalar's text read as one of the core schema's number forms.
  enum Reading<Value> {
    case value(Value)
    /// Written in the form, but the number does not fit (an `Int`, a
    /// finite `Double`): an error, never a value of another kind.
    case outOfRange
    /// Not written in the form.
    case otherForm
  }

  /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+` as an `Int`.
  static func int(_ text: String) -> Reading<Int> {
    // Native strings lend their bytes; others are copied.
    if let result = text.utf8.withContiguousStorageIfAvailable(integer) { return result }
    return Array(text.utf8).withUnsafeBufferPointer(integer)
  }

  private static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Reading<Int> {
    if bytes.count > 2, bytes[0] == UInt8(ascii: "0") {
      if bytes[1] == UInt8(ascii: "x") { return unsigned(bytes[2...], radix: 16) }
      if bytes[1] == UInt8(ascii: "o") { return unsigned(bytes[2...], radix: 8) }
    }
    return decimal(bytes[...])
  }

  /// The digits of `0x` or `0o` (no sign: `0x-1` is not the form).
  private static func unsigned(_ digits: Slice<UnsafeBufferPointer<UInt8>>, radix: Int) -> Reading<Int> {
    var value = 0
    var fits = true
    for byte in digits {
      let digit: Int
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int(byte - UInt8(ascii: "a")) + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int(byte - UInt8(ascii: "A")) + 10
      default: return .otherForm
      }
      guard digit < radix else { return .otherForm }
      // Past `Int` the rest is still read: only digits make it the form.
      guard fits else { continue }
      let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
      let (next, carry) = shifted.addingReportingOverflow(digit)
      (value, fits) = (next, !overflow && !carry)
    }
    return fits ? .value(value) : .outOfRange
  }

  /// `[-+]?[0-9]+`.
  private static func decimal(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Reading<Int> {
    var digits = bytes
    var negative = false
    if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
      negative = sign == UInt8(ascii: "-")
      digits = digits.dropFirst()
    }
    guard !digits.isEmpty else { return .otherForm }
    // Accumulate negatively so that Int.min, whose magnitude has no positive Int, fits.
    var value = 0
    var fits = true
    for byte in digits {
      guard byte >= 0x30 && byte <= 0x39 else { return .otherForm }
      // Past `Int` the rest is still read: only digits make it the form.
      guard fits else { continue }
      let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
      let (next, underflow) = shifted.subtractingReportingOverflow(Int(byte - 0x30))
      (value, fits) = (next, !overflow && !underflow)
    }
    guard fits else { return .outOfRange }
    if negative { return .value(value) }
    return value == .min ? .outOfRange : .value(-value)
  }

  /// The float forms, `.inf` and `.nan` included; a finite form whose
  /// value is past `Double`'s range (`1e400`) is out of range, not infinity.
  static func float(_ text: String) -> Reading<Double> {
    switch text {
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .value(.infinity)
    case "-.inf", "-.Inf", "-.INF": return .value(-.infinity)
    case ".nan", ".NaN", ".NAN": return .value(.nan)
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
    guard mantissa > 0 else { return .otherForm }
    if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return .otherForm }
    }
    guard bytes.isEmpty, let value = Double(text) else { return .otherForm }
    return value.isFinite ? .value(value) : .outOfRange
  }

  /// The typed value of an untagged plain scalar; nil for a number out of
  /// range (`rangeError` says why).
  static func plainValue(_ text: String) -> PropertyValue? {
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
    switch int(text) {
    case .value(let value): return .int(value)
    case .outOfRange: return nil
    case .otherForm: break
    }
    switch float(text) {
    case .value(let value): return .double(value)
    case .outOfRange: return nil
    case .otherForm: return .string(text)
    }
  }

  /// The value of a scalar with tag `tag` (`!!str`, `!!int`, …); nil when the
  /// text does not fit the tag, or is a number out of range (`rangeError`
  /// tells them apart). Tags outside the core schema give strings.
  static func taggedValue(_ text: String, tag: String) -> PropertyValue? {
    switch tag {
    case YAMLTag.str: return .string(text)
    case YAMLTag.int:
      guard case .value(let value) = int(text) else { return nil }
      return .int(value)
    case YAMLTag.float:
      if case .value(let value) = float(text) { return .double(value) }
      guard case .value(let value) = int(text) else { return nil }
      return .double(Double(value))
    case YAMLTag.bool: return bool(text).map(PropertyValue.bool)
    case YAMLTag.null: return isNull(text) ? .null : nil
    case "!": return .string(text)
    default: return tag.hasPrefix(YAMLTag.corePrefix) ? .string(text) : plainValue(text)
    }
  }

  /// Why `text`, untagged (`tag` nil) or under `tag`, has no value: a number
  /// in the form of an int or a float that does not fit; nil for any other
  /// reason. Out-of-range numbers are errors, never a value of another kind:
  /// a decimal past `Int` is not made a rounded float, nor a hex one a string.
  static func rangeError(_ text: String, tag: String?) -> String? {
    // A local tag (`!foo`) leaves a plain scalar typed as if untagged.
    let untyped = tag.map { !$0.hasPrefix(YAMLTag.corePrefix) } ?? true
    let readsAsInt = untyped || tag == YAMLTag.int || tag == YAMLTag.float
    let readsAsFloat = untyped || tag == YAMLTag.float
    let quoting = untyped ? "; quote it for a string" : ""
    if readsAsInt, case .outOfRange = int(text) {
      return "integer '\(text)' is out of range (\(Int.min) to \(Int.max))\(quoting)"
    }
    if readsAsFloat, case .outOfRange = float(text) {
      return "number '\(text)' is out of range (at most \(Double.greatestFiniteMagnitude) in size)\(quoting)"
    }
    return nil
  }
}
