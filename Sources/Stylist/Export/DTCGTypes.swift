/// The DTCG type a value shows, and the value as that type writes it.
enum DTCGTypes {
  /// `color` for a colour object or a CSS hex string (written as an sRGB
  /// object with its `hex`), `dimension` and `duration` for their
  /// objects, `number` for a number JSON can write; nil for anything else (a string, a
  /// boolean, a list, another map): DTCG has no type for it.
  static func typed(_ value: PropertyValue) -> (type: String, value: PropertyValue)? {
    switch value {
    case .int: return ("number", value)
    case .double(let number): return number.isFinite ? ("number", value) : nil
    case .string(let text):
      guard let color = StyleColor(hex: text) else { return nil }
      var object: Properties = [
        "colorSpace": "srgb", "components": .list(color.components.map { .double($0 ?? 0) }),
      ]
      if color.alpha < 1 { object["alpha"] = .double(color.alpha) }
      object["hex"] = .string(String(color.hex.prefix(7)))
      return ("color", .map(object))
    case .map(let map):
      if map["colorSpace"] != nil, StyleColor(value) != nil { return ("color", value) }
      guard map.count == 2, map["value"]?.isNumber == true, let unit = map["unit"]?.stringValue else { return nil }
      switch unit {
      case "px", "rem": return ("dimension", value)
      case "ms", "s": return ("duration", value)
      default: return nil
      }
    default: return nil
    }
  }
}

extension PropertyValue {
  var isList: Bool {
    if case .list = self { return true }
    return false
  }

  var isNumber: Bool {
    switch self {
    case .int, .double: true
    default: false
    }
  }
}

/// File names made from theme names: only letters, digits, `-`, `_` and
/// `.` kept (any other character is `_`), each name once.
struct FileNames {
  private var used: Set<String> = []

  static func safe(_ name: String) -> String {
    let kept = name.unicodeScalars.map { scalar -> Character in
      let isSafe =
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        || scalar == "-" || scalar == "_" || scalar == "."
      return isSafe ? Character(scalar) : "_"
    }
    let text = String(kept)
    return text.hasPrefix(".") ? "_" + text.dropFirst() : text
  }

  /// `name`, or `name-2`, `name-3`… when an earlier one took it.
  mutating func unique(_ name: String) -> String {
    var candidate = name
    var number = 1
    while !used.insert(candidate.lowercased()).inserted {
      number += 1
      candidate = "\(name)-\(number)"
    }
    return candidate
  }
}

/// Values as a DTCG export writes them, and reads them back
/// (docs/CLI.md: Exporting tokens).
enum DTCGValues {
  /// The key of a number JSON cannot write, in `value` and `template`:
  /// `{ "$number": ".nan" }` (`.inf`, `-.inf`).
  static let numberKey = "$number"

  /// `value` as `$value` says it to other tools: a number JSON cannot
  /// write as its YAML text (`.nan`), a string that reads as an alias
  /// (`{brand}`) with a `\` in front, so that it is no alias.
  static func written(_ value: PropertyValue) -> PropertyValue {
    switch value {
    case .double(let number) where !number.isFinite: .string(PropertyValue.yamlText(for: number))
    case .string(let text) where TokenAlias.path(in: text) != nil: .string("\\" + text)
    case .list(let items): .list(items.map(written))
    case .map(let map): .map(map.mapValues(written))
    default: value
    }
  }

  /// `value` exactly, as JSON: a number JSON cannot write as a map of
  /// ``numberKey``.
  static func exact(_ value: PropertyValue) -> PropertyValue {
    switch value {
    case .double(let number) where !number.isFinite: [numberKey: .string(PropertyValue.yamlText(for: number))]
    case .list(let items): .list(items.map(exact))
    case .map(let map): .map(map.mapValues(exact))
    default: value
    }
  }

  /// A value with references as a sheet writes it, in JSON: every string
  /// with `$$` for `$` and `${a.b}` for each reference (a whole reference
  /// `"${a.b}"`), numbers as in ``exact(_:)``.
  static func template(_ value: SourceValue) -> PropertyValue {
    switch value {
    case .scalar(let scalar):
      switch scalar.form {
      case .literal(let literal): return escaped(literal)
      case .reference(let use): return .string("${\(use.name)}")
      case .template(let pieces):
        return .string(
          pieces.map { piece in
            switch piece {
            case .literal(let text): dollarsEscaped(text)
            case .reference(let use): "${\(use.name)}"
            }
          }.joined())
      case .invalid: return .null
      }
    case .list(let list): return .list(list.items.map(template))
    case .map(let map): return .map(Properties(map.entries.map { ($0.key, template($0.value)) }) { _, last in last })
    }
  }

  private static func escaped(_ value: PropertyValue) -> PropertyValue {
    switch value {
    case .string(let text): .string(dollarsEscaped(text))
    case .list(let items): .list(items.map(escaped))
    case .map(let map): .map(map.mapValues(escaped))
    default: exact(value)
    }
  }

  private static func dollarsEscaped(_ text: String) -> String {
    text.split(separator: "$", omittingEmptySubsequences: false).joined(separator: "$$")
  }

  /// A non-finite number's map (``exact(_:)``) as the number; nil for anything else.
  static func number(in map: Properties) -> Double? {
    guard map.count == 1, case .string(let text)? = map[numberKey] else { return nil }
    switch text {
    case ".nan": return .nan
    case ".inf": return .infinity
    case "-.inf": return -.infinity
    default: return nil
    }
  }
}
