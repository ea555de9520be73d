/// A path component of a node identifier: `name` or `name[variant]`.
public struct Component: Hashable, Sendable {
  /// The component's name (`header`).
  public var name: String
  /// Its state, if any (`selected` in `header[selected]`).
  public var variant: String?

  /// A component named `name` in state `variant`.
  public init(name: String, variant: String? = nil) {
    self.name = name
    self.variant = variant
  }

  /// Parses one component such as `searchbar[disabled]`.
  public init(parsing text: String) throws(SyntaxError) {
    let (components, _) = PathScanner.split(text)
    guard components.count == 1, let raw = components.first else {
      throw SyntaxError("expected exactly one component", column: 1)
    }
    self = try Component(raw)
  }

  init(_ raw: RawComponent) throws(SyntaxError) {
    let (name, variant, variantColumn) = try PathScanner.splitVariant(raw)
    try NameRules.validate(name, column: raw.column, allowWildcard: false)
    self.name = NameRules.normalized(name)
    if let variant {
      try NameRules.validate(variant, column: variantColumn, allowWildcard: false)
      self.variant = NameRules.normalized(variant)
    }
  }
}

extension Component: LosslessStringConvertible, ExpressibleByStringLiteral {
  /// `name` or `name[variant]`.
  public var description: String {
    if let variant { return "\(name)[\(variant)]" }
    return name
  }

  /// Parses `name` or `name[variant]`; nil when invalid.
  public init?(_ description: String) {
    guard let parsed = try? Component(parsing: description) else { return nil }
    self = parsed
  }

  /// A literal must be a valid component; an invalid one is a programming error.
  public init(stringLiteral value: String) {
    do { self = try Component(parsing: value) } catch {
      preconditionFailure("invalid component literal '\(value)': \(error)")
    }
  }
}
