extension PropertyValue: CustomStringConvertible, CustomDebugStringConvertible {
  /// A scalar's text as written (`#DB3B3B`, `16`, `true`), and a list or a
  /// map as one line of JSON (`{"top":4,"bottom":4}`), as `print` shows it.
  public var description: String { scalarText ?? jsonText }

  /// The value as JSON, a string quoted (`"16"` apart from `16`): what a
  /// collection of values prints its elements as.
  public var debugDescription: String { jsonText }

  /// Block-style YAML that loads back to the same value (strings that would
  /// read as another type, or hold special characters, are double-quoted).
  public func yamlText(indent: Int = 0) -> String {
    var output = ""
    writeYAML(to: &output, indent: indent)
    return output
  }

  func writeYAML(to output: inout String, indent: Int) {
    let pad = String(repeating: " ", count: indent)
    switch self {
    case .list(let items) where !items.isEmpty:
      for item in items {
        output += pad + "-"
        item.writeYAMLNested(to: &output, indent: indent + 2)
      }
    case .map(let map) where !map.isEmpty:
      for (key, value) in map {
        output += pad + Self.yamlScalar(key) + ":"
        value.writeYAMLNested(to: &output, indent: indent + 2)
      }
    default:
      output += pad + inlineYAML + "\n"
    }
  }

  private func writeYAMLNested(to output: inout String, indent: Int) {
    switch self {
    case .list(let items) where !items.isEmpty:
      output += "\n"
      writeYAML(to: &output, indent: indent)
    case .map(let map) where !map.isEmpty:
      output += "\n"
      writeYAML(to: &output, indent: indent)
    default:
      output += " " + inlineYAML + "\n"
    }
  }

  private var inlineYAML: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .double(let value): value.isFinite ? String(value) : Self.yamlText(for: value)
    case .string(let value): Self.yamlScalar(value)
    case .list: "[]"
    case .map: "{}"
    }
  }

  /// A plain scalar when it reads back as the same string, else double-quoted.
  static func yamlScalar(_ text: String) -> String {
    let plainSafe =
      !text.isEmpty && CoreSchema.plainValue(text) == .string(text)
      && text.unicodeScalars.allSatisfy(isPlainInYAML)
      && !text.contains(": ") && !text.contains(" #") && !text.hasSuffix(":") && text.trimmingSpaces == text
      && !"-?:,[]{}#&*!|>'\"%@`$".unicodeScalars.contains(text.unicodeScalars.first!)
      // A plain `<<` key is a merge key.
      && text != "<<"
    if plainSafe { return text }
    return yamlQuoted(text)
  }

  /// Whether `scalar` stands for itself in a plain scalar: printable
  /// (YAML 1.2 §5.1) and no line break (libyaml, as YAML 1.1, also breaks
  /// lines at U+0085, U+2028 and U+2029).
  private static func isPlainInYAML(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E: true
    case 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: false
    default: scalar.value > 0x9F
    }
  }

  /// `text` as a YAML double-quoted scalar that libyaml reads back as
  /// `text`: `"` and `\` escaped, every character a plain scalar cannot
  /// hold as a YAML escape (`\n`, `\t`, `\N`, `\L`, `\P`, `\xXX`, `\uXXXX`).
  static func yamlQuoted(_ text: String) -> String {
    var output = "\""
    output.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\t": output += "\\t"
      case "\r": output += "\\r"
      case "\u{85}": output += "\\N"
      case "\u{2028}": output += "\\L"
      case "\u{2029}": output += "\\P"
      case _ where isPlainInYAML(scalar): output.unicodeScalars.append(scalar)
      case _ where scalar.value <= 0xFF: output += "\\x" + hex(scalar.value, digits: 2)
      default: output += "\\u" + hex(scalar.value, digits: 4)
      }
    }
    return output + "\""
  }

  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
