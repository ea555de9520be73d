/// Writes an export as one TypeScript module (docs/CLI.md: Exporting
/// tokens): `export const tokens = {…} as const` nested as the variables
/// nest with every leaf under no theme (or the selected themes),
/// `export const themes = {…} as const` with what each theme changes, and
/// `export type Tokens = typeof tokens`. Keys are the names themselves,
/// quoted where they are no identifier, so no two clash.
struct TypeScriptRenderer {
  let export: TokenExport

  func file() -> ExportedFile {
    var text = ExportFormat.ts.header
    text += "export const tokens = " + object(ExportLeaves.tree(ExportLeaves.flattened(export.base)), [], nil, 0)
    text += " as const;\n\nexport type Tokens = typeof tokens;\n"
    text += "\n/** What each theme changes, with every other axis at its default. */\n"
    text += "export const themes = {"
    let changes = ExportLeaves.changes(export)
    for (theme, leaves) in changes {
      text += "\n  \(Self.key(theme)): " + object(ExportLeaves.tree(leaves), [], theme, 1) + ","
    }
    text += changes.isEmpty ? "} as const;\n" : "\n} as const;\n"
    let name = export.selectedThemes.isEmpty ? "tokens" : export.selectedThemes.joined(separator: "-")
    return ExportedFile(path: FileNames.safe(name) + ".ts", text: text)
  }

  private func object(
    _ members: [(name: String, node: ExportLeaves.Node)], _ path: [String], _ theme: String?, _ depth: Int
  ) -> String {
    guard !members.isEmpty else { return "{}" }
    let indent = String(repeating: "  ", count: depth + 1)
    var text = "{"
    for (name, node) in members {
      text += "\n\(indent)\(Self.key(name)): "
      switch node {
      case .value(let value):
        if CSSRenderer.isTimingFunction(path + [name], theme: theme, in: export),
          let curve = CSSRenderer.cubicBezier(value)
        {
          text += Self.string(curve)
        } else {
          text += Self.value(value)
        }
      case .group(let children): text += object(children, path + [name], theme, depth + 1)
      }
      text += ","
    }
    return text + "\n" + String(repeating: "  ", count: depth) + "}"
  }

  /// A key: the name bare where it is an identifier (ASCII letters, digits,
  /// `_`, `$`, no leading digit), else a string literal; `__proto__` as a
  /// computed key, which makes an own property where the bare or quoted
  /// key would set the object's prototype.
  static func key(_ name: String) -> String {
    if name == "__proto__" { return "[\"__proto__\"]" }
    let isIdentifier =
      !name.isEmpty && !name.first!.isNumber
      && name.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "$"
      }
    return isIdentifier ? name : string(name)
  }

  /// A value as TypeScript writes it: a colour, dimension or duration as
  /// its CSS text (a string), numbers and booleans as such (`NaN`,
  /// `Infinity`), a string literal, a list an array, `null`, an empty map
  /// `{}`.
  static func value(_ value: PropertyValue) -> String {
    if StyleColor(value) != nil { return string(CSSRenderer.value(value)) }
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .int(let number): return String(number)
    case .double(let number):
      if number.isNaN { return "NaN" }
      if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
      return ExportNumbers.text(number)
    case .string(let text): return string(text)
    case .list(let items): return "[" + items.map(self.value).joined(separator: ", ") + "]"
    case .map(let map): return map.isEmpty ? "{}" : string(CSSRenderer.value(value))
    }
  }

  /// A string literal in double quotes: `"`, `\` and every control
  /// character escaped, and U+2028/U+2029 (line ends to a JavaScript parser).
  static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7f || scalar.value == 0x2028 || scalar.value == 0x2029 {
          let digits = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
