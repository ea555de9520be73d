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
      && text.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0 != "\u{7F}" }
      && !text.contains(": ") && !text.contains(" #") && !text.hasSuffix(":") && text.trimmingSpaces == text
      && !"-?:,[]{}#&*!|>'\"%@`$".unicodeScalars.contains(text.unicodeScalars.first!)
    if plainSafe { return text }
    return jsonQuoted(text)
  }
}
