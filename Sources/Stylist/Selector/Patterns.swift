/// How a selector names a component or token.
public enum NamePattern: Hashable, Sendable, CustomStringConvertible {
  /// A literal name, compared for equality.
  case exact(String)
  /// The bare `*`: any name.
  case any
  /// A name with `*` inside, such as `form-*`.
  case glob(Glob)

  init(_ text: String) {
    if text == "*" {
      self = .any
    } else if text.containsByte(UInt8(ascii: "*")) {
      self = .glob(Glob(text))
    } else {
      self = .exact(text)
    }
  }

  public func matches(_ name: String) -> Bool {
    switch self {
    case .exact(let literal): literal == name
    case .any: true
    case .glob(let glob): glob.matches(name)
    }
  }

  public var description: String {
    switch self {
    case .exact(let literal): literal
    case .any: "*"
    case .glob(let glob): glob.pattern
    }
  }
}

/// What a selector component says about the node component's variant.
public enum VariantPattern: Hashable, Sendable {
  /// No variant written: any variant or none.
  case unspecified
  /// `[v]`: exactly v.
  case exact(String)
  /// `[form-*]`: some variant matching the glob.
  case glob(Glob)
  /// `[*]`: some variant.
  case any

  init(_ text: String?) {
    guard let text else {
      self = .unspecified
      return
    }
    if text == "*" {
      self = .any
    } else if text.containsByte(UInt8(ascii: "*")) {
      self = .glob(Glob(text))
    } else {
      self = .exact(text)
    }
  }

  public func matches(_ variant: String?) -> Bool {
    switch self {
    case .unspecified: true
    case .exact(let literal): variant == literal
    case .glob(let glob): variant.map(glob.matches) ?? false
    case .any: variant != nil
    }
  }

  var suffix: String {
    switch self {
    case .unspecified: ""
    case .exact(let literal): "[\(literal)]"
    case .glob(let glob): "[\(glob.pattern)]"
    case .any: "[*]"
    }
  }
}
