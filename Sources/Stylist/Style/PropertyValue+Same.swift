extension PropertyValue {
  /// Whether `other` is the same value as this one, as every comparison
  /// of values for people (`diff`, what an export's theme changes) asks:
  /// equal, except that NaN is the same as NaN (the sheet wrote the same
  /// `.nan` both times) and a map's entries may be in any order (a
  /// property is the same wherever it sits in its style).
  public func isSame(as other: PropertyValue) -> Bool {
    switch (self, other) {
    case (.double(let left), .double(let right)): return left == right || (left.isNaN && right.isNaN)
    case (.list(let left), .list(let right)):
      return left.count == right.count && zip(left, right).allSatisfy { $0.isSame(as: $1) }
    case (.map(let left), .map(let right)): return Self.sameEntries(left, right)
    default: return self == other
    }
  }

  /// The same keys with the same values (``isSame(as:)``), in any order.
  public static func sameEntries(_ left: Properties, _ right: Properties) -> Bool {
    left.count == right.count && left.allSatisfy { key, value in right[key].map(value.isSame) ?? false }
  }
}
