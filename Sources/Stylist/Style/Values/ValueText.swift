extension PropertyValue {
  /// The value as people read it, as CSS writes it (docs/CLI.md: Values in
  /// text): what every text output shows (`match`, `explain`, `resolve`,
  /// `watch`, `diff`, the preview page, the language server's hover).
  ///
  /// A dimension or duration object is its number and unit (`12px`,
  /// `250ms`); a colour object is in its own space (`#1a9950` for sRGB,
  /// `color(display-p3 0.1 0.6 0.3)`, `oklch(0.7 0.1 150)`); a
  /// typography, shadow, border or transition object, and a list of
  /// shadows or gradient stops, is the CSS shorthand of its fields, each
  /// field in this form. A string is itself, a scalar its text as written
  /// (`12`, `1.5`, `.inf`, `.nan`, `true`, `null`); any other list is
  /// `[a, b]` and any other map `{key: value}`, a string inside either
  /// quoted as JSON when it would read as more than one item.
  public var text: String { ValueText.text(self) }
}

/// The text form of values (``PropertyValue/text``). Each typed form is
/// read from the value's shape alone, as a property's value keeps no
/// token type: a map of exactly `value` (a number) and `unit` (a word) is
/// a measure, a map of a shadow's fields is a shadow, and so on; a value
/// that has a form's keys but not its fields' types is written field by
/// field, so every value has one text and nothing is dropped.
enum ValueText {
  static func text(_ value: PropertyValue) -> String {
    if let typed = typed(value) { return typed }
    switch value {
    case .string(let text): return text
    case .list(let items): return "[" + items.map(item).joined(separator: ", ") + "]"
    case .map(let map):
      return "{" + map.map { key, value in quotedIfNeeded(key) + ": " + item(value) }.joined(separator: ", ") + "}"
    default: return value.scalarText ?? value.jsonText
    }
  }

  /// An item of a list or a map: its text, a string quoted when needed.
  private static func item(_ value: PropertyValue) -> String {
    if case .string(let text) = value { return quotedIfNeeded(text) }
    return self.text(value)
  }

  /// `text` bare when it reads as one item of a list or map (not empty, no
  /// space at either end, no `,` `:` quote, bracket, brace or control
  /// character), else as a JSON string.
  private static func quotedIfNeeded(_ text: String) -> String {
    let isBare =
      !text.isEmpty && text.first != " " && text.last != " "
      && !text.unicodeScalars.contains { scalar in
        ",:\"[]{}".unicodeScalars.contains(scalar) || scalar.value < 0x20 || scalar.value == 0x7F
      }
    return isBare ? text : PropertyValue.string(text).jsonText
  }

  /// The CSS form of a typed value; nil for a value of no typed shape.
  static func typed(_ value: PropertyValue) -> String? {
    switch value {
    case .map(let map):
      if let color = StyleColor(value) { return color.cssText }
      return measure(map) ?? typography(map) ?? shadow(map) ?? border(map) ?? transition(map)
    case .list(let items) where !items.isEmpty:
      if let shadows = all(items, shadow) { return shadows.joined(separator: ", ") }
      if let stops = all(items, gradientStop) { return stops.joined(separator: ", ") }
      return nil
    default: return nil
    }
  }

  private static func all(_ items: [PropertyValue], _ form: (Properties) -> String?) -> [String]? {
    var texts: [String] = []
    for item in items {
      guard let map = item.mapValue, let text = form(map) else { return nil }
      texts.append(text)
    }
    return texts
  }

  /// A field of a composite: its text, a string quoted when needed.
  private static func field(_ value: PropertyValue?) -> String { value.map(item) ?? "" }

  private static func hasKeys(_ map: Properties, required: Set<String>, optional: Set<String> = []) -> Bool {
    let keys = Set(map.keys)
    return required.isSubset(of: keys) && keys.isSubset(of: required.union(optional))
  }

  /// A dimension or duration, `{ value, unit }` with a number and a unit
  /// of letters or `%`: `12px`, `2rem`, `250ms` (the unit as written,
  /// `em` and `dp` too). A non-finite value is CSS's `calc()` of it:
  /// `calc(infinity * 1px)`, `calc(-infinity * 1px)`, `calc(NaN * 1px)`.
  static func measure(_ map: Properties) -> String? {
    guard map.count == 2, let number = map["value"], let unit = map["unit"]?.stringValue, !unit.isEmpty,
      unit.unicodeScalars.allSatisfy({ $0 == "%" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
    else { return nil }
    switch number {
    case .int(let value): return String(value) + unit
    case .double(let value) where value.isFinite: return ExportNumbers.text(value) + unit
    case .double(let value):
      let constant = value.isNaN ? "NaN" : value < 0 ? "-infinity" : "infinity"
      return "calc(\(constant) * 1\(unit))"
    default: return nil
    }
  }

  /// A typography object (`fontFamily` and `fontSize`, and any of
  /// `fontWeight`, `lineHeight`, `letterSpacing`) as CSS's `font`
  /// shorthand, `700 16px/1.5 Inter, sans-serif`, then
  /// `; letter-spacing: 0.5px` when it has one (the shorthand has no
  /// place for it). A family with a space is quoted, as CSS writes it.
  static func typography(_ map: Properties) -> String? {
    guard
      hasKeys(
        map, required: ["fontFamily", "fontSize"], optional: ["fontWeight", "lineHeight", "letterSpacing"])
    else { return nil }
    let families = map["fontFamily"]!.listValue ?? [map["fontFamily"]!]
    let family = families.map { family in
      guard case .string(let name) = family else { return text(family) }
      return name.contains(" ") || name.isEmpty ? PropertyValue.string(name).jsonText : quotedIfNeeded(name)
    }.joined(separator: ", ")
    var parts: [String] = []
    if let weight = map["fontWeight"] { parts.append(field(weight)) }
    parts.append(field(map["fontSize"]) + (map["lineHeight"].map { "/" + field($0) } ?? ""))
    parts.append(family)
    var result = parts.joined(separator: " ")
    if let spacing = map["letterSpacing"] { result += "; letter-spacing: " + field(spacing) }
    return result
  }

  /// A shadow (`color`, `offsetX`, `offsetY`, `blur`, `spread`, and
  /// `inset` maybe) as CSS's `box-shadow` writes one:
  /// `[inset ]offsetX offsetY blur spread color`.
  static func shadow(_ map: Properties) -> String? {
    let fields = ["offsetX", "offsetY", "blur", "spread", "color"]
    guard hasKeys(map, required: Set(fields), optional: ["inset"]) else { return nil }
    let inset: String =
      switch map["inset"] {
      case nil, .bool(false): ""
      case .bool(true): "inset "
      case let other?: "inset: " + field(other) + " "
      }
    return inset + fields.map { field(map[$0]) }.joined(separator: " ")
  }

  /// A border (`width`, `style`, `color`) as CSS's `border` shorthand:
  /// `1px solid #cccccc`.
  static func border(_ map: Properties) -> String? {
    guard hasKeys(map, required: ["width", "style", "color"]) else { return nil }
    return ["width", "style", "color"].map { field(map[$0]) }.joined(separator: " ")
  }

  /// A transition (`duration`, `delay`, `timingFunction`) as CSS's
  /// `transition` shorthand writes its times and curve:
  /// `200ms cubic-bezier(0.5, 0, 1, 1) 0ms` (duration, curve, delay).
  static func transition(_ map: Properties) -> String? {
    guard hasKeys(map, required: ["duration", "delay", "timingFunction"]) else { return nil }
    let curve = map["timingFunction"].flatMap(CSSRenderer.cubicBezier) ?? field(map["timingFunction"])
    return [field(map["duration"]), curve, field(map["delay"])].joined(separator: " ")
  }

  /// A gradient stop (`color`, `position` from 0 to 1) as CSS writes a
  /// colour stop: `#ff0000 50%`. A gradient, a list of stops, is its
  /// stops joined with `, `, as they stand in `linear-gradient()`.
  static func gradientStop(_ map: Properties) -> String? {
    guard hasKeys(map, required: ["color", "position"]), let position = map["position"]?.doubleValue else {
      return nil
    }
    let percent = position.isFinite ? ExportNumbers.text(position * 100) + "%" : ExportNumbers.text(position)
    return field(map["color"]) + " " + percent
  }
}

extension StyleColor {
  /// The colour as CSS writes it in its own space: `#rrggbb` for sRGB with
  /// every component in 0...1 (`#rrggbbaa` when not opaque), else the
  /// space's function, `hsl(…)`, `hwb(…)`, `lab(…)`, `lch(…)`,
  /// `oklab(…)`, `oklch(…)` or `color(display-p3 …)`, with `/ alpha`
  /// when not opaque; a missing component is `none`. Components are
  /// written as they are (a huge one in exponent form, `1e+300`), never
  /// clamped: the text says what the sheet holds.
  public var cssText: String {
    func component(_ value: Double?, percent: Bool = false) -> String {
      guard let value else { return "none" }
      return ExportNumbers.text(value) + (percent ? "%" : "")
    }
    let alpha = alpha < 1 ? " / " + ExportNumbers.text(alpha) : ""
    let parts = components
    switch colorSpace {
    case .srgb where parts.allSatisfy({ $0 != nil && (0...1).contains($0!) }): return hex
    case .hsl, .hwb:
      let items = [component(parts[0]), component(parts[1], percent: true), component(parts[2], percent: true)]
      return "\(colorSpace.rawValue)(\(items.joined(separator: " "))\(alpha))"
    case .lab, .lch, .oklab, .oklch:
      return "\(colorSpace.rawValue)(\(parts.map { component($0) }.joined(separator: " "))\(alpha))"
    default:
      return "color(\(colorSpace.rawValue) \(parts.map { component($0) }.joined(separator: " "))\(alpha))"
    }
  }
}
