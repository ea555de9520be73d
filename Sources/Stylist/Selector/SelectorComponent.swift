/// A path component of a selector: `name`, `name[v]`, `*`, `*[v]`, a glob,
/// each optionally written `>x` to require direct nesting (SPEC §3.1, §3.4).
public struct SelectorComponent: Hashable, Sendable {
  public var name: NamePattern
  public var variant: VariantPattern
  /// Written `>x`: must sit directly inside the component just outside it
  /// (or, for the outermost component, at the root of the node's path).
  public var isDirectChild: Bool

  public init(name: NamePattern, variant: VariantPattern = .unspecified, isDirectChild: Bool = false) {
    self.name = name
    self.variant = variant
    self.isDirectChild = isDirectChild
  }

  public func matches(_ component: Component) -> Bool {
    name.matches(component.name) && variant.matches(component.variant)
  }

  /// The bare `*` that leading-component normalisation drops (SPEC §3.1).
  var isBareWildcard: Bool { name == .any && variant == .unspecified && !isDirectChild }
}

extension SelectorComponent: CustomStringConvertible {
  public var description: String {
    (isDirectChild ? ">" : "") + name.description + variant.suffix
  }
}

/// The rightmost part of a selector: a name, `*` or a glob; never a variant.
public struct TokenPattern: Hashable, Sendable, CustomStringConvertible {
  public var name: NamePattern
  public var isDirectChild: Bool

  public init(name: NamePattern, isDirectChild: Bool = false) {
    self.name = name
    self.isDirectChild = isDirectChild
  }

  public var description: String { (isDirectChild ? ">" : "") + name.description }
}
