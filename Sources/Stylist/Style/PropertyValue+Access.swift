/// Typed reads. Each returns nil when the value is of another kind, so an app
/// reads `style["padding"]?.intValue ?? 8` without matching cases by hand.
extension PropertyValue {
  /// The text of a string value.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// An integer value, or a double that is exactly an integer (`12.0`).
  public var intValue: Int? {
    switch self {
    case .int(let value): value
    case .double(let value): Int(exactly: value)
    default: nil
    }
  }

  /// A double value; integers are accepted too, since YAML writes `12` for
  /// a size that the app reads as a floating-point number.
  public var doubleValue: Double? {
    switch self {
    case .double(let value): value
    case .int(let value): Double(value)
    default: nil
    }
  }

  /// A boolean value.
  public var boolValue: Bool? {
    if case .bool(let value) = self { return value }
    return nil
  }

  /// The items of a list value.
  public var listValue: [PropertyValue]? {
    if case .list(let items) = self { return items }
    return nil
  }

  /// The entries of a map value, in the order they were written.
  public var mapValue: Properties? {
    if case .map(let map) = self { return map }
    return nil
  }

  /// Whether the value is YAML's `null` (`~`, `null` or an empty value).
  public var isNull: Bool { self == .null }

  /// The entry `key` of a map value; nil for a missing key or a value that
  /// is not a map.
  public subscript(key: String) -> PropertyValue? {
    mapValue?[key]
  }

  /// The item at `index` of a list value; nil when out of range or for a
  /// value that is not a list.
  public subscript(index: Int) -> PropertyValue? {
    guard let items = listValue, items.indices.contains(index) else { return nil }
    return items[index]
  }
}
