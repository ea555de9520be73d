/// The token types of DTCG 2025.10 (Format module: Types, Composite types).
enum TokenType: String, CaseIterable {
  case color, dimension, duration, fontFamily, fontWeight, cubicBezier, number
  case strokeStyle, border, transition, shadow, gradient, typography
}

/// Checks a token's `$value` against its type, field by field. Each
/// problem is a place and what strays there; an alias or `$ref` in a field
/// is checked where its token is, not here.
struct TokenValueCheck {
  private(set) var problems: [(message: String, position: SourcePosition)] = []

  static let fontWeightNames: Set<String> = [
    "thin", "hairline", "extra-light", "ultra-light", "light", "normal", "regular", "book", "medium", "semi-bold",
    "demi-bold", "bold", "extra-bold", "ultra-bold", "black", "heavy", "extra-black", "ultra-black",
  ]

  static let strokeStyleNames: Set<String> = [
    "solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset",
  ]

  /// The problems of `value` as a `type`.
  static func problems(of value: SourceValue, as type: TokenType) -> [(message: String, position: SourcePosition)] {
    var check = TokenValueCheck()
    check.check(value, as: type, what: "the value")
    return check.problems
  }

  private mutating func note(_ message: String, _ value: SourceValue) {
    problems.append((message, value.position))
  }

  /// Whether `value` is an alias or a pointer, checked where it leads.
  private static func refers(_ value: SourceValue) -> Bool {
    if let text = value.stringValue, TokenAlias.path(in: text) != nil { return true }
    if case .map(let map) = value, map.entries.count == 1, map.entries[0].key == "$ref" { return true }
    return false
  }

  private mutating func check(_ value: SourceValue, as type: TokenType, what: String) {
    if Self.refers(value) { return }
    switch type {
    case .color: color(value, what: what)
    case .dimension: measure(value, units: ["px", "rem"], what: what)
    case .duration: measure(value, units: ["ms", "s"], what: what)
    case .number:
      if value.numberValue == nil { note("\(what) must be a number, not \(value.tokenKindName)", value) }
    case .fontFamily:
      if value.stringValue != nil { return }
      guard case .list(let list) = value, !list.items.isEmpty else {
        note("\(what) must be a font name or a list of them, not \(value.tokenKindName)", value)
        return
      }
      for item in list.items where item.stringValue == nil && !Self.refers(item) {
        note("a font family must be a name, not \(item.tokenKindName)", item)
      }
    case .fontWeight: fontWeight(value, what: what)
    case .cubicBezier: cubicBezier(value, what: what)
    case .strokeStyle: strokeStyle(value, what: what)
    case .border:
      composite(value, what: what, fields: [("color", .color), ("width", .dimension), ("style", .strokeStyle)])
    case .transition:
      composite(
        value, what: what, fields: [("duration", .duration), ("delay", .duration), ("timingFunction", .cubicBezier)])
    case .shadow:
      if case .list(let list) = value {
        for item in list.items { shadow(item, what: "a shadow") }
      } else {
        shadow(value, what: what)
      }
    case .gradient: gradient(value, what: what)
    case .typography:
      composite(
        value, what: what,
        fields: [
          ("fontFamily", .fontFamily), ("fontSize", .dimension), ("fontWeight", .fontWeight),
          ("letterSpacing", .dimension), ("lineHeight", .number),
        ])
    }
  }

  private mutating func color(_ value: SourceValue, what: String) {
    guard case .map(let map) = value else {
      note("\(what) must be a colour object with 'colorSpace' and 'components', not \(value.tokenKindName)", value)
      return
    }
    guard let space = value["colorSpace"]?.stringValue else {
      note("a colour needs 'colorSpace' (a string)", value)
      return
    }
    guard let ranges = ColorSpace(rawValue: space)?.componentRanges else {
      note("unknown colour space '\(space)'", value["colorSpace"]!)
      return
    }
    if case .list(let components)? = value["components"], components.items.count == 3 {
      for (component, range) in zip(components.items, ranges) {
        if Self.refers(component) || component.stringValue == "none" { continue }
        guard let number = component.numberValue else {
          note("a colour component must be a number or 'none', not \(component.tokenKindName)", component)
          continue
        }
        if !range.contains(number) {
          note("component \(PropertyValue.yamlText(for: number)) is outside \(space)'s range", component)
        }
      }
    } else {
      note("a colour needs 'components', a list of 3 numbers", value["components"] ?? value)
    }
    if let alpha = value["alpha"], !Self.refers(alpha), !Self.isFraction(alpha) {
      note("'alpha' must be a number from 0 to 1", alpha)
    }
    if let hex = value["hex"], !Self.refers(hex) {
      if !(hex.stringValue.map(Self.isSixDigitHex) ?? false) {
        note("'hex' must be a 6-digit '#rrggbb' string", hex)
      }
    }
    for entry in map.entries where !["colorSpace", "components", "alpha", "hex"].contains(entry.key) {
      note("a colour has no field '\(entry.key)'", entry.value)
    }
  }

  private static func isFraction(_ value: SourceValue) -> Bool {
    value.numberValue.map { (0...1).contains($0) } ?? false
  }

  private static func isBoolean(_ value: SourceValue) -> Bool {
    if case .scalar(let scalar) = value, case .literal(.bool) = scalar.form { return true }
    return false
  }

  private static func isSixDigitHex(_ text: String) -> Bool {
    text.utf8.count == 7 && text.first == "#" && text.dropFirst().allSatisfy(\.isHexDigit)
  }

  private mutating func measure(_ value: SourceValue, units: Set<String>, what: String) {
    guard case .map(let map) = value else {
      note("\(what) must be an object with 'value' and 'unit', not \(value.tokenKindName)", value)
      return
    }
    if let number = value["value"], !Self.refers(number), number.numberValue == nil {
      note("'value' must be a number, not \(number.tokenKindName)", number)
    } else if value["value"] == nil {
      note("a measure needs 'value'", value)
    }
    if !units.contains(value["unit"]?.stringValue ?? "") {
      note("'unit' must be " + units.sorted().map { "'\($0)'" }.joined(separator: " or "), value["unit"] ?? value)
    }
    for entry in map.entries where entry.key != "value" && entry.key != "unit" {
      note("a measure has no field '\(entry.key)'", entry.value)
    }
  }

  private mutating func fontWeight(_ value: SourceValue, what: String) {
    if let number = value.numberValue {
      if !FontSample.weights.contains(number) { note("a font weight must be from 1 to 1000", value) }
    } else if let name = value.stringValue {
      if !Self.fontWeightNames.contains(name) { note("unknown font weight '\(name)'", value) }
    } else {
      note("\(what) must be a number or a weight's name, not \(value.tokenKindName)", value)
    }
  }

  private mutating func cubicBezier(_ value: SourceValue, what: String) {
    guard case .list(let list) = value, list.items.count == 4 else {
      note("\(what) must be a list of 4 numbers", value)
      return
    }
    for (index, item) in list.items.enumerated() where !Self.refers(item) {
      guard let number = item.numberValue else {
        note("a cubic Bézier's points must be numbers, not \(item.tokenKindName)", item)
        continue
      }
      if index % 2 == 0, !(0...1).contains(number) { note("a cubic Bézier's x must be from 0 to 1", item) }
    }
  }

  private mutating func strokeStyle(_ value: SourceValue, what: String) {
    if let name = value.stringValue {
      if !Self.strokeStyleNames.contains(name) { note("unknown stroke style '\(name)'", value) }
      return
    }
    guard case .map = value else {
      note("\(what) must be a style's name or an object, not \(value.tokenKindName)", value)
      return
    }
    if case .list(let dashes)? = value["dashArray"] {
      for dash in dashes.items { check(dash, as: .dimension, what: "a dash") }
    } else {
      note("a stroke style object needs 'dashArray', a list of dimensions", value["dashArray"] ?? value)
    }
    if !["round", "butt", "square"].contains(value["lineCap"]?.stringValue ?? "") {
      note("'lineCap' must be 'round', 'butt' or 'square'", value["lineCap"] ?? value)
    }
  }

  private mutating func shadow(_ value: SourceValue, what: String) {
    if Self.refers(value) { return }
    composite(
      value, what: what,
      fields: [
        ("color", .color), ("offsetX", .dimension), ("offsetY", .dimension), ("blur", .dimension),
        ("spread", .dimension),
      ], optional: ["inset"])
    if let inset = value["inset"], !Self.refers(inset), !Self.isBoolean(inset) {
      note("'inset' must be true or false", inset)
    }
  }

  private mutating func gradient(_ value: SourceValue, what: String) {
    guard case .list(let stops) = value else {
      note("\(what) must be a list of stops, not \(value.tokenKindName)", value)
      return
    }
    for stop in stops.items where !Self.refers(stop) {
      composite(stop, what: "a gradient stop", fields: [("color", .color)], optional: ["position"])
      if let position = stop["position"], !Self.refers(position), !Self.isFraction(position) {
        note("a stop's 'position' must be a number from 0 to 1", position)
      } else if stop["position"] == nil {
        note("a gradient stop needs 'position'", stop)
      }
    }
  }

  private mutating func composite(
    _ value: SourceValue, what: String, fields: [(name: String, type: TokenType)], optional: Set<String> = []
  ) {
    guard case .map(let map) = value else {
      note("\(what) must be an object, not \(value.tokenKindName)", value)
      return
    }
    for (name, type) in fields {
      guard let field = value[name] else {
        note("\(what) needs '\(name)'", value)
        continue
      }
      check(field, as: type, what: "'\(name)'")
    }
    for entry in map.entries where !fields.contains(where: { $0.name == entry.key }) && !optional.contains(entry.key) {
      note("\(what) has no field '\(entry.key)'", entry.value)
    }
  }
}
