/// A path component of a selector: `name`, `name[v]`, `*`, `*[v]`, a glob,
/// each optionally written `>x` to require direct nesting (docs/SHEETS.md: Selectors).
public struct SelectorComponent: Hashable, Sendable {
  /// What names the part accepts.
  public var name: NamePattern
  /// What variants the part accepts.
  public var variant: VariantPattern
  /// Written `>x`: must sit directly inside the component just outside it
  /// (or, for the outermost component, at the root of the node's path).
  public var isDirectChild: Bool

  /// A part; `isDirectChild` for one written after `>`.
  public init(name: NamePattern, variant: VariantPattern = .unspecified, isDirectChild: Bool = false) {
    self.name = name
    self.variant = variant
    self.isDirectChild = isDirectChild
  }

  /// Whether the part accepts `component` (name and variant).
  public func matches(_ component: Component) -> Bool {
    name.matches(component.name) && variant.matches(component.variant)
  }

  /// The bare `*` that leading-component normalisation drops (docs/SHEETS.md: Selectors).
  var isBareWildcard: Bool { name == .any && variant == .unspecified && !isDirectChild }
}

extension SelectorComponent: CustomStringConvertible {
  /// The part as written.
  public var description: String {
    String(writingUTF8: writeText)
  }

  /// Appends `description`'s UTF-8.
  func writeText(to text: inout [UInt8]) {
    if isDirectChild { text.append(UInt8(ascii: ">")) }
    name.writeText(to: &text)
    variant.writeSuffix(to: &text)
  }
}

/// The rightmost part of a selector: a name, `*` or a glob; never a variant.
public struct TokenPattern: Hashable, Sendable, CustomStringConvertible {
  /// What token names the pattern accepts.
  public var name: NamePattern
  /// Whether the token must sit directly inside the last component (`>token`).
  public var isDirectChild: Bool

  /// A token pattern.
  public init(name: NamePattern, isDirectChild: Bool = false) {
    self.name = name
    self.isDirectChild = isDirectChild
  }

  /// The token as written.
  public var description: String {
    String(writingUTF8: writeText)
  }

  /// Appends `description`'s UTF-8.
  func writeText(to text: inout [UInt8]) {
    if isDirectChild { text.append(UInt8(ascii: ">")) }
    name.writeText(to: &text)
  }
}
