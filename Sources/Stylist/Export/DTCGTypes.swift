/// The DTCG type a value shows, and the value as that type writes it.
enum DTCGTypes {
  /// `color` for a colour object or a CSS hex string (written as an sRGB
  /// object with its `hex`), `dimension` and `duration` for their
  /// objects, `number` for a number; nil for anything else (a string, a
  /// boolean, a list, another map): DTCG has no type for it.
  static func typed(_ value: PropertyValue) -> (type: String, value: PropertyValue)? {
    switch value {
    case .int, .double: return ("number", value)
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
