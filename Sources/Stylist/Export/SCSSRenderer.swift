/// Writes an export as one SCSS file (docs/CLI.md: Exporting tokens): a
/// `$variable` per leaf with its value under no theme (or the selected
/// themes), then a map per theme, `$theme-dark: ("color-text": …)`, with
/// what that theme changes, keyed by the variables' names without `$`.
struct SCSSRenderer {
  let export: TokenExport

  func file() -> ExportedFile {
    let base = ExportLeaves.flattened(export.base)
    let changes = ExportLeaves.changes(export)
    // Every name is settled before any is written, leaves first, so a
    // leaf's name is the same in every map and a theme's map takes a
    // suffix where a leaf has its name.
    var names = Self.names()
    for (path, _) in base + changes.flatMap(\.leaves) { names.add(.leaf(path), escaped: Self.escaped(path)) }
    for (theme, _) in changes { names.add(.theme(theme), escaped: Self.escaped(["theme", theme])) }
    var text = ExportFormat.scss.header
    for (path, value) in base {
      text += "$\(names.name(.leaf(path))): \(written(value, at: path, theme: nil));\n"
    }
    for (theme, leaves) in changes {
      text += "\n$\(names.name(.theme(theme))): ("
      text += leaves.map {
        "\n  \(Self.string(names.name(.leaf($0.path)))): \(written($0.value, at: $0.path, theme: theme))"
      }
      .joined(separator: ",")
      text += leaves.isEmpty ? ");\n" : "\n);\n"
    }
    let name = export.selectedThemes.isEmpty ? "tokens" : export.selectedThemes.joined(separator: "-")
    return ExportedFile(path: "_" + FileNames.safe(name) + ".scss", text: text)
  }

  /// Sass names: ``ExportWords`` joined with `-` (Sass reads `_` and `-`
  /// as one), `_` before a leading digit, `v` for a name of no letters or
  /// digits; a clash's suffix `--2`, which no real name holds.
  enum Named: Hashable {
    case leaf([String])
    case theme(String)
  }

  static func names() -> ExportNames<Named> {
    ExportNames(key: { $0.replacingUnderscores() }, suffixed: { "\($0)--\($1)" })
  }

  static func escaped(_ path: [String]) -> String {
    let words = ExportWords.joined(path, separator: "-", lowercased: false)
    if words.isEmpty { return "v" }
    return words.first!.isNumber ? "_" + words : words
  }

  /// A value as Sass reads it: a colour in sRGB (`#rrggbb`, `rgba(r, g, b,
  /// a)` when not opaque: Sass's colours are sRGB), a dimension or
  /// duration with its unit, a timing curve `cubic-bezier(…)`, a string
  /// quoted, a list in parentheses, `null`, an empty map `()`.
  private func written(_ value: PropertyValue, at path: [String], theme: String?) -> String {
    if CSSRenderer.isTimingFunction(path, theme: theme, in: export), let curve = CSSRenderer.cubicBezier(value) {
      return curve
    }
    return Self.value(value)
  }

  static func value(_ value: PropertyValue) -> String {
    if let color = StyleColor(value) { return self.color(color) }
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .int(let number): return String(number)
    case .double(let number): return ExportNumbers.text(number)
    case .string(let text): return string(text)
    case .list(let items): return "(" + items.map(self.value).joined(separator: ", ") + (items.count == 1 ? ",)" : ")")
    case .map(let map):
      if map.isEmpty { return "()" }
      return CSSRenderer.value(value)
    }
  }

  static func color(_ color: StyleColor) -> String {
    let srgb = color.srgb
    guard srgb.alpha < 1 else { return srgb.hex }
    let channels = srgb.values.map { String(Int((StyleColor.unit($0) * 255).rounded())) }
    return "rgba(\(channels.joined(separator: ", ")), \(ExportNumbers.text(srgb.alpha)))"
  }

  /// A Sass string in double quotes: `"` and `\` escaped, control
  /// characters as hex escapes (`\a ` for a line break).
  static func string(_ text: String) -> String { CSSRenderer.quoted(text) }
}

extension String {
  fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
