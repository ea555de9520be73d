/// The token types of DTCG 2025.10 (Format module: Types, Composite types).
enum TokenType: String, CaseIterable {
  case color, dimension, duration, fontFamily, fontWeight, cubicBezier, number
  case strokeStyle, border, transition, shadow, gradient, typography
}

/// Checks a token's `$value` against its type, field by field, once its
/// `$ref`s into values are resolved (so a part a `$ref` copies is checked
/// as it resolves). An alias (a reference, by then) is checked by the type
/// of the token it names, which must be the field's (Format module: an
/// alias points at a token of the right type); that token's value is
/// checked where it is. Each problem is a place and what strays there.
struct TokenValueCheck {
  private(set) var problems: [(message: String, position: SourcePosition)] = []
  /// The type of the token a variable is (nil for none, or an untyped one).
  private let typeOf: (String) -> String?

  static let fontWeightNames: Set<String> = [
    "thin", "hairline", "extra-light", "ultra-light", "light", "normal", "regular", "book", "medium", "semi-bold",
    "demi-bold", "bold", "extra-bold", "ultra-bold", "black", "heavy", "extra-black", "ultra-black",
  ]

  static let strokeStyleNames: Set<String> = [
    "solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset",
  ]

  /// The problems of `value` as a `type`; `typeOf` gives the type of the
  /// token an alias names.
  static func problems(
    of value: SourceValue, as type: TokenType, typeOf: @escaping (String) -> String?
  ) -> [(message: String, position: SourcePosition)] {
    var check = TokenValueCheck(typeOf: typeOf)
    check.check(value, as: type, what: "the value")
    return check.problems
  }

  private init(typeOf: @escaping (String) -> String?) { self.typeOf = typeOf }

  private mutating func note(_ message: String, _ value: SourceValue) {
    problems.append((message, value.position))
  }

  /// Runs `body` on `value` unless it is an alias, which is checked by its
  /// token's type against `expected` (a type's name; nil where no token
  /// type fits, as in a colour's `hex`). An alias to nothing is the
  /// evaluator's error; one to an untyped token says nothing here.
  private mutating func through(
    _ value: SourceValue, expected: String?, what: String, _ body: (inout Self, SourceValue) -> Void
  ) {
    guard case .scalar(let scalar) = value, case .reference(let use) = scalar.form else { return body(&self, value) }
    guard let expected, let type = typeOf(use.name), type != expected else { return }
    note("\(what) aliases a \(type) token, where a \(expected) belongs", value)
  }

  private mutating func check(_ value: SourceValue, as type: TokenType, what: String) {
    through(value, expected: type.rawValue, what: what) { check, value in
      check.checkResolved(value, as: type, what: what)
    }
  }

  private mutating func checkResolved(_ value: SourceValue, as type: TokenType, what: String) {
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
      for item in list.items {
        through(item, expected: TokenType.fontFamily.rawValue, what: "a font family") { check, item in
          if item.stringValue == nil { check.note("a font family must be a name, not \(item.tokenKindName)", item) }
        }
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
        through(component, expected: TokenType.number.rawValue, what: "a colour component") { check, component in
          if component.stringValue == "none" { return }
          guard let number = component.numberValue else {
            check.note("a colour component must be a number or 'none', not \(component.tokenKindName)", component)
            return
          }
          if !range.contains(number) {
            check.note("component \(PropertyValue.yamlText(for: number)) is outside \(space)'s range", component)
          }
        }
      }
    } else {
      note("a colour needs 'components', a list of 3 numbers", value["components"] ?? value)
    }
    if let alpha = value["alpha"] {
      through(alpha, expected: TokenType.number.rawValue, what: "'alpha'") { check, alpha in
        if !Self.isFraction(alpha) { check.note("'alpha' must be a number from 0 to 1", alpha) }
      }
    }
    if let hex = value["hex"] {
      through(hex, expected: nil, what: "'hex'") { check, hex in
        if !(hex.stringValue.map(Self.isSixDigitHex) ?? false) {
          check.note("'hex' must be a 6-digit '#rrggbb' string", hex)
        }
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
    if let number = value["value"] {
      through(number, expected: TokenType.number.rawValue, what: "'value'") { check, number in
        if number.numberValue == nil { check.note("'value' must be a number, not \(number.tokenKindName)", number) }
      }
    } else {
      note("a measure needs 'value'", value)
    }
    let unitMessage = "'unit' must be " + units.sorted().map { "'\($0)'" }.joined(separator: " or ")
    if let unit = value["unit"] {
      through(unit, expected: nil, what: "'unit'") { check, unit in
        if !units.contains(unit.stringValue ?? "") { check.note(unitMessage, unit) }
      }
    } else {
      note(unitMessage, value)
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
    for (index, item) in list.items.enumerated() {
      through(item, expected: TokenType.number.rawValue, what: "a cubic Bézier's point") { check, item in
        guard let number = item.numberValue else {
          check.note("a cubic Bézier's points must be numbers, not \(item.tokenKindName)", item)
          return
        }
        if index % 2 == 0, !(0...1).contains(number) { check.note("a cubic Bézier's x must be from 0 to 1", item) }
      }
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
    let lineCapMessage = "'lineCap' must be 'round', 'butt' or 'square'"
    if let lineCap = value["lineCap"] {
      through(lineCap, expected: nil, what: "'lineCap'") { check, lineCap in
        if !["round", "butt", "square"].contains(lineCap.stringValue ?? "") { check.note(lineCapMessage, lineCap) }
      }
    } else {
      note(lineCapMessage, value)
    }
  }

  private mutating func shadow(_ value: SourceValue, what: String) {
    through(value, expected: TokenType.shadow.rawValue, what: what) { check, value in
      check.shadowResolved(value, what: what)
    }
  }

  private mutating func shadowResolved(_ value: SourceValue, what: String) {
    composite(
      value, what: what,
      fields: [
        ("color", .color), ("offsetX", .dimension), ("offsetY", .dimension), ("blur", .dimension),
        ("spread", .dimension),
      ], optional: ["inset"])
    if let inset = value["inset"] {
      through(inset, expected: nil, what: "'inset'") { check, inset in
        if !Self.isBoolean(inset) { check.note("'inset' must be true or false", inset) }
      }
    }
  }

  private mutating func gradient(_ value: SourceValue, what: String) {
    guard case .list(let stops) = value else {
      note("\(what) must be a list of stops, not \(value.tokenKindName)", value)
      return
    }
    for stop in stops.items {
      through(stop, expected: nil, what: "a gradient stop") { check, stop in check.gradientStop(stop) }
    }
  }

  private mutating func gradientStop(_ stop: SourceValue) {
    composite(stop, what: "a gradient stop", fields: [("color", .color)], optional: ["position"])
    if let position = stop["position"] {
      through(position, expected: TokenType.number.rawValue, what: "a stop's 'position'") { check, position in
        if !Self.isFraction(position) { check.note("a stop's 'position' must be a number from 0 to 1", position) }
      }
    } else {
      note("a gradient stop needs 'position'", stop)
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
