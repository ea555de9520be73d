/// A length as design tokens write it (DTCG 2025.10 `dimension`): a
/// number and a unit, `px` or `rem` (docs/SHEETS.md: Design tokens).
public struct StyleDimension: Hashable, Sendable {
  public enum Unit: String, Hashable, Sendable {
    case px, rem
  }

  public var value: Double
  public var unit: Unit

  public init(value: Double, unit: Unit) {
    self.value = value
    self.unit = unit
  }

  /// The dimension a value gives: `{ value, unit }` with a unit of `px`
  /// or `rem`; nil for anything else.
  public init?(_ value: PropertyValue) {
    guard let number = value["value"]?.doubleValue,
      let unit = value["unit"]?.stringValue.flatMap(Unit.init(rawValue:))
    else { return nil }
    self.init(value: number, unit: unit)
  }

  /// The length in points (CSS pixels), a rem being `remBase` of them.
  public func points(remBase: Double = 16) -> Double {
    unit == .px ? value : value * remBase
  }
}

/// A time as design tokens write it (DTCG 2025.10 `duration`): a number
/// and a unit, `ms` or `s`.
public struct StyleDuration: Hashable, Sendable {
  public var seconds: Double

  public init(seconds: Double) { self.seconds = seconds }

  /// The duration a value gives: `{ value, unit }` with a unit of `ms` or
  /// `s`; nil for anything else.
  public init?(_ value: PropertyValue) {
    guard let number = value["value"]?.doubleValue, let unit = value["unit"]?.stringValue else { return nil }
    switch unit {
    case "ms": seconds = number / 1000
    case "s": seconds = number
    default: return nil
    }
  }
}

extension PropertyValue {
  /// The dimension this value gives (``StyleDimension/init(_:)``).
  public var dimensionValue: StyleDimension? { StyleDimension(self) }
  /// The duration this value gives (``StyleDuration/init(_:)``).
  public var durationValue: StyleDuration? { StyleDuration(self) }
}

extension StyleDimension: Decodable {
  public init(from decoder: any Decoder) throws {
    let value = try PropertyValue(from: decoder)
    guard let dimension = StyleDimension(value) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "expected a dimension: { value, unit: px or rem }, found \(value.kindDescription)"))
    }
    self = dimension
  }
}

extension StyleDuration: Decodable {
  public init(from decoder: any Decoder) throws {
    let value = try PropertyValue(from: decoder)
    guard let duration = StyleDuration(value) else {
      throw DecodingError.dataCorrupted(
        .init(
          codingPath: decoder.codingPath,
          debugDescription: "expected a duration: { value, unit: ms or s }, found \(value.kindDescription)"))
    }
    self = duration
  }
}
