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

  /// The pattern `bytes` spell, for parsers that have scanned them: no
  /// string comparison or second scan for `*`.
  init(bytes: UnsafeBufferPointer<UInt8>) {
    if bytes.count == 1, bytes[0] == UInt8(ascii: "*") {
      self = .any
      return
    }
    let text = String(decoding: bytes, as: UTF8.self)
    self = bytes.contains(UInt8(ascii: "*")) ? .glob(Glob(text)) : .exact(text)
  }

  /// Whether `name` is accepted.
  public func matches(_ name: String) -> Bool {
    switch self {
    case .exact(let literal): literal == name
    case .any: true
    case .glob(let glob): glob.matches(name)
    }
  }

  /// The pattern as written.
  public var description: String {
    switch self {
    case .exact(let literal): literal
    case .any: "*"
    case .glob(let glob): glob.pattern
    }
  }

  /// Appends `description`'s UTF-8.
  func writeText(to text: inout [UInt8]) {
    switch self {
    case .exact(let literal): text.append(utf8Of: literal)
    case .any: text.append(UInt8(ascii: "*"))
    case .glob(let glob): text.append(utf8Of: glob.pattern)
    }
  }

  /// A hash consistent with `==`, without `Hasher` (see `StyleSelector.hash(into:)`).
  var nameHash: Int {
    switch self {
    case .exact(let literal): NameTable.hash(literal)
    case .any: 1
    case .glob(let glob): NameTable.hash(glob.pattern) &+ 2
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

  /// The pattern `text` spells between the brackets, `.unspecified` for
  /// none: read as a name pattern is (`*`, a glob, or a literal).
  init(_ text: String?) {
    guard let text else {
      self = .unspecified
      return
    }
    self.init(written: NamePattern(text))
  }

  /// The pattern `bytes` spell between the brackets (see `NamePattern.init(bytes:)`).
  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.init(written: NamePattern(bytes: bytes))
  }

  /// The variant pattern spelled as `name` is.
  private init(written name: NamePattern) {
    switch name {
    case .any: self = .any
    case .glob(let glob): self = .glob(glob)
    case .exact(let text): self = .exact(text)
    }
  }

  /// The name pattern spelled as this is; nil when unspecified.
  var written: NamePattern? {
    switch self {
    case .unspecified: nil
    case .any: .any
    case .glob(let glob): .glob(glob)
    case .exact(let text): .exact(text)
    }
  }

  /// Whether a component in state `variant` (nil: none) is accepted.
  public func matches(_ variant: String?) -> Bool {
    switch self {
    case .unspecified: true
    case .exact(let literal): variant == literal
    case .glob(let glob): variant.map(glob.matches) ?? false
    case .any: variant != nil
    }
  }

  /// A hash consistent with `==`, without `Hasher` (see `StyleSelector.contentHash`).
  var variantHash: Int {
    switch self {
    case .unspecified: 0
    case .any: 1
    case .exact(let literal): NameTable.hash(literal)
    case .glob(let glob): NameTable.hash(glob.pattern) &+ 2
    }
  }

  /// Appends the pattern as written after a component's name: `[v]`,
  /// `[form-*]`, `[*]`, or nothing when unspecified.
  func writeSuffix(to text: inout [UInt8]) {
    switch self {
    case .unspecified: return
    case .exact(let literal):
      text.append(UInt8(ascii: "["))
      text.append(utf8Of: literal)
    case .glob(let glob):
      text.append(UInt8(ascii: "["))
      text.append(utf8Of: glob.pattern)
    case .any: text.append(contentsOf: "[*".utf8)
    }
    text.append(UInt8(ascii: "]"))
  }
}
