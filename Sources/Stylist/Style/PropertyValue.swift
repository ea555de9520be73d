import OrderedCollections

/// A style's properties, in the order they were written.
public typealias Properties = OrderedDictionary<String, PropertyValue>

/// A typed property value (YAML 1.2 core schema types, docs/SHEETS.md: Style sheets).
public enum PropertyValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int)
  case double(Double)
  case string(String)
  case list([PropertyValue])
  case map(Properties)

  /// The value as text, for interpolation into longer strings (`$size px`).
  /// Lists and maps have no scalar text.
  public var scalarText: String? {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .int(let value): String(value)
    case .double(let value): Self.yamlText(for: value)
    case .string(let value): value
    case .list, .map: nil
    }
  }

  /// YAML spelling of a double: `.inf`, `-.inf`, `.nan`, else Swift's shortest form.
  public static func yamlText(for value: Double) -> String {
    if value.isNaN { return ".nan" }
    if value.isInfinite { return value < 0 ? "-.inf" : ".inf" }
    return String(value)
  }
}

extension PropertyValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
  /// `"#FFFFFF"` as `.string`.
  public init(stringLiteral value: String) { self = .string(value) }
  /// `12` as `.int`.
  public init(integerLiteral value: Int) { self = .int(value) }
  /// `1.5` as `.double`.
  public init(floatLiteral value: Double) { self = .double(value) }
  /// `true` as `.bool`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// `nil` as `.null`.
  public init(nilLiteral: ()) { self = .null }
  /// `[1, "a"]` as `.list`.
  public init(arrayLiteral elements: PropertyValue...) { self = .list(elements) }
  /// `["size": 12]` as `.map`, in the order written (a repeated key keeps its last value).
  public init(dictionaryLiteral elements: (String, PropertyValue)...) {
    self = .map(Properties(elements, uniquingKeysWith: { _, last in last }))
  }
}
