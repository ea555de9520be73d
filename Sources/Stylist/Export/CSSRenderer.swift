/// Writes an export as CSS custom properties (docs/CLI.md: Exporting tokens):
/// `:root` holds every variable with no theme (or under the selected
/// themes), and each theme a rule `[data-theme~="T"]` with what it
/// changes. A map is one property per leaf, names joined with `-`; a
/// colour, dimension or duration object is one leaf.
struct CSSRenderer {
  let export: TokenExport

  func file() -> ExportedFile {
    let rules = self.rules()
    var names = CSSNames()
    for rule in rules { for (path, _) in rule.leaves { names.add(path) } }
    var text = ExportFormat.css.header
    for rule in rules {
      if rule.themes.isEmpty {
        text += ":root {\n"
      } else {
        guard !rule.leaves.isEmpty else { continue }
        text += "\n" + rule.themes.map { "[data-theme~=\(Self.quoted(Self.word($0)))]" }.joined() + " {\n"
      }
      for (path, value) in rule.leaves {
        text += declaration(names.name(path), path, value, theme: rule.themes.count == 1 ? rule.themes[0] : nil)
      }
      text += "}\n"
    }
    let name = (export.selectedThemes.isEmpty ? "tokens" : export.selectedThemes.joined(separator: "-"))
    return ExportedFile(path: FileNames.safe(name) + ".css", text: text)
  }

  /// The rules, `:root` first (no themes), in the order written: one per
  /// theme with what it changes, then one per combination of themes of
  /// two or more axes (`TokenExport.combinations()`) with each leaf whose
  /// value under it is not the one the earlier rules give it there. An
  /// element whose `data-theme` lists the themes matches every rule of
  /// any of them; the rule with the most themes wins, then the later one,
  /// as CSS's specificity and order decide (`:root` counts as one).
  func rules() -> [(themes: [String], leaves: [(path: [String], value: PropertyValue)])] {
    var rules: [(themes: [String], leaves: [(path: [String], value: PropertyValue)])] = [
      ([], ExportLeaves.flattened(export.base))
    ]
    for (theme, leaves) in ExportLeaves.changes(export) { rules.append(([theme], leaves)) }
    for (themes, variables) in export.combinations() {
      let current = Set(themes)
      var winners: [[String]: (count: Int, value: PropertyValue)] = [:]
      for rule in rules where rule.themes.allSatisfy(current.contains) {
        for (path, value) in rule.leaves where (winners[path]?.count ?? -1) <= rule.themes.count {
          winners[path] = (rule.themes.count, value)
        }
      }
      let leaves = ExportLeaves.flattened(variables).filter { leaf in
        winners[leaf.path].map { leaf.value.isSame(as: $0.value) } != true
      }
      rules.append((themes, leaves))
    }
    return rules
  }

  /// A theme's name as a word of `data-theme` (which `~=` splits at
  /// white space): `%` and every white-space character percent-encoded
  /// (`dark mode` is `dark%20mode`), an empty name `%00`.
  static func word(_ theme: String) -> String {
    guard !theme.isEmpty else { return "%00" }
    var result = ""
    for scalar in theme.unicodeScalars {
      if scalar == "%" || scalar.properties.isWhitespace {
        for byte in String(scalar).utf8 {
          result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        }
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  func declaration(_ name: String, _ path: [String], _ value: PropertyValue, theme: String?) -> String {
    if Self.isTimingFunction(path, theme: theme, in: export), let curve = Self.cubicBezier(value) {
      return "  \(name): \(curve);\n"
    }
    return "  \(name): \(Self.value(value));\n"
  }

  /// Whether the leaf at `path` is a timing curve: a `cubicBezier` token,
  /// or the `timingFunction` of a `transition` token. Its value alone, four
  /// numbers, does not say so.
  static func isTimingFunction(_ path: [String], theme: String?, in export: TokenExport) -> Bool {
    if export.token(path.joined(separator: "."), theme: theme)?.type == "cubicBezier" { return true }
    return path.count > 1 && path.last == "timingFunction"
      && export.token(path.dropLast().joined(separator: "."), theme: theme)?.type == "transition"
  }

  /// `cubic-bezier(x1, y1, x2, y2)`, as CSS writes a timing curve; nil for
  /// anything but four numbers.
  static func cubicBezier(_ value: PropertyValue) -> String? {
    guard let points = value.listValue, points.count == 4 else { return nil }
    let numbers = points.compactMap(\.doubleValue)
    guard numbers.count == 4 else { return nil }
    return "cubic-bezier(" + numbers.map(ExportNumbers.text).joined(separator: ", ") + ")"
  }

  /// A value as CSS writes it: a colour in its own space, a dimension or
  /// duration with its unit, a list joined with commas, a string as it is
  /// unless CSS would read it otherwise (then quoted).
  static func value(_ value: PropertyValue) -> String {
    if let color = StyleColor(value) { return color.cssText }
    switch value {
    case .null: return "initial"
    case .bool(let flag): return flag ? "true" : "false"
    case .int(let number): return String(number)
    case .double(let number): return ExportNumbers.text(number)
    case .string(let text): return isPlain(text) ? text : quoted(text)
    case .list(let items):
      return items.map { item in
        if case .string(let text) = item, text.contains(" ") { return quoted(text) }
        return self.value(item)
      }.joined(separator: ", ")
    case .map(let map):
      return ValueText.measure(map) ?? quoted(value.jsonText)
    }
  }

  /// Text CSS reads as it is in a custom property: no quote, backslash,
  /// semicolon, brace or line break, no function a custom property's
  /// value substitutes (`var(`, `env(`, `attr(`), and not empty.
  private static func isPlain(_ text: String) -> Bool {
    guard !text.isEmpty, text.first != " ", text.last != " ",
      !text.contains(where: { "\"'\\;{}!\n\r".contains($0) })
    else { return false }
    let lowered = text.lowercased()
    return !["var(", "env(", "attr("].contains { lowered.contains($0) }
  }

  /// A CSS string in double quotes (`"` and `\` escaped, line breaks as `\a `).
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\a "
      default:
        if scalar.value < 0x20 || scalar.value == 0x7f {
          result += "\\" + String(scalar.value, radix: 16) + " "
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}

/// Custom property names: `--` and the path joined with `-`, escaped per
/// CSS (CSS Syntax 3, an identifier's code points). Where two paths give
/// one name, the later gets `.2`, `.3`… (written `\.2`): no path's own
/// name holds a `.`, which separates a path's names, so the suffixed
/// name is no real one. Every path is added before any is named, so each
/// name is the same in every rule.
struct CSSNames {
  private var names = ExportNames<[String]>(suffixed: { "\($0)\\.\($1)" })

  mutating func add(_ path: [String]) {
    names.add(path, escaped: "--" + path.map(Self.escaped).joined(separator: "-"))
  }

  mutating func name(_ path: [String]) -> String {
    add(path)
    return names.name(path)
  }

  static func escaped(_ name: String) -> String {
    var result = ""
    for scalar in name.unicodeScalars {
      let isNameCharacter =
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "-" || scalar == "_" || scalar.value >= 0x80
      if isNameCharacter {
        result.unicodeScalars.append(scalar)
      } else if scalar.value < 0x20 || scalar.value == 0x7f {
        result += "\\" + String(scalar.value, radix: 16) + " "
      } else {
        result += "\\"
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

/// Variables as leaves: the variables nested as their paths (a sheet's
/// map of variables is a map of leaves), then every map that is no
/// colour, dimension or duration one leaf per entry, its key added to the
/// path, and a list of maps or lists one per item, its index added.
enum ExportLeaves {
  static func flattened(_ variables: [ExportedVariable]) -> [(path: [String], value: PropertyValue)] {
    var root = Properties()
    for variable in variables { insert(variable.value, at: variable.path[...], into: &root) }
    var result: [(path: [String], value: PropertyValue)] = []
    for (key, value) in root { add(value, at: [key], to: &result) }
    return result
  }

  /// For each theme, its leaves whose value is not the same as no theme's
  /// (`PropertyValue.isSame(as:)`: NaN is NaN).
  static func changes(_ export: TokenExport) -> [(theme: String, leaves: [(path: [String], value: PropertyValue)])] {
    let base = flattened(export.base)
    let baseValues = Dictionary(base.map { ($0.path, $0.value) }, uniquingKeysWith: { _, last in last })
    return export.themed.map { theme, variables in
      (theme, flattened(variables).filter { leaf in baseValues[leaf.path].map(leaf.value.isSame) != true })
    }
  }

  private static func insert(_ value: PropertyValue, at path: ArraySlice<String>, into map: inout Properties) {
    guard let name = path.first else { return }
    if path.count == 1 {
      map[name] = value
      return
    }
    var inner = map[name]?.mapValue ?? [:]
    insert(value, at: path.dropFirst(), into: &inner)
    map[name] = .map(inner)
  }

  /// Whether `value` is one leaf: not a map (but a colour, dimension or
  /// duration object is one), nor a list holding a map or a list.
  static func isOneLeaf(_ value: PropertyValue) -> Bool {
    switch value {
    case .map(let map): map.isEmpty || DTCGTypes.typed(value) != nil
    case .list(let items): !items.contains { !isOneLeaf($0) || $0.isList }
    default: true
    }
  }

  private static func add(
    _ value: PropertyValue, at path: [String], to result: inout [(path: [String], value: PropertyValue)]
  ) {
    guard !isOneLeaf(value) else {
      result.append((path, value))
      return
    }
    switch value {
    case .map(let map): for (key, entry) in map { add(entry, at: path + [key], to: &result) }
    case .list(let items):
      for (index, item) in items.enumerated() { add(item, at: path + [String(index)], to: &result) }
    default: result.append((path, value))
    }
  }
}

/// Numbers as an export writes them: an integral value without `.0`,
/// others in the shortest form that reads back the same; a non-finite one
/// as CSS Values 4 writes it (`calc(NaN)`, `calc(infinity)`,
/// `calc(-infinity)`), so it stays a number CSS reads.
enum ExportNumbers {
  static func text(_ value: Double) -> String {
    if value.isNaN { return "calc(NaN)" }
    if value.isInfinite { return value < 0 ? "calc(-infinity)" : "calc(infinity)" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}
