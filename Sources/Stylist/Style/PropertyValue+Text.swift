extension PropertyValue {
  /// Compact, stable JSON. Non-finite doubles print as the strings
  /// `".inf"`, `"-.inf"`, `".nan"` (JSON has no such numbers).
  package var jsonText: String {
    var output = ""
    writeJSON(to: &output)
    return output
  }

  package func writeJSON(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .int(let value): output += String(value)
    case .double(let value):
      if value.isFinite {
        output += String(value)
      } else {
        PropertyValue.writeJSONString(Self.yamlText(for: value), to: &output)
      }
    case .string(let value): Self.writeJSONString(value, to: &output)
    case .list(let items):
      output += "["
      for (index, item) in items.enumerated() {
        if index > 0 { output += "," }
        item.writeJSON(to: &output)
      }
      output += "]"
    case .map(let map): Self.writeJSONObject(map, to: &output)
    }
  }

  package static func writeJSONObject(_ map: Properties, to output: inout String) {
    output += "{"
    var first = true
    for (key, value) in map {
      if !first { output += "," }
      first = false
      writeJSONString(key, to: &output)
      output += ":"
      value.writeJSON(to: &output)
    }
    output += "}"
  }

  package static func writeJSONString(_ text: String, to output: inout String) {
    output += "\""
    // Fast path: nothing to escape, append the whole string at once.
    if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      output += text
      output += "\""
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  /// Block-style YAML that loads back to the same value (strings that would
  /// read as another type, or hold special characters, are double-quoted).
  package func yamlText(indent: Int = 0) -> String {
    var output = ""
    writeYAML(to: &output, indent: indent)
    return output
  }

  package func writeYAML(to output: inout String, indent: Int) {
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
    var output = ""
    writeJSONString(text, to: &output)
    return output
  }
}
