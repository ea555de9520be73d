/// A set of properties with where it was defined. Values can differ per theme
/// (themed variables, SPEC §5): `themed` holds the themes where they differ
/// from `properties`, the values under no theme.
public struct Style: Hashable, Sendable {
  public var properties: Properties
  public var themed: [String: Properties]
  public var source: SourceLocation?

  public init(properties: Properties, themed: [String: Properties] = [:], source: SourceLocation? = nil) {
    self.properties = properties
    self.themed = themed
    self.source = source
  }

  /// The properties as they resolve under `theme`.
  public func properties(underTheme theme: String?) -> Properties {
    if let theme, let values = themed[theme] { return values }
    return properties
  }
}

/// A style registered for a selector.
public struct StyleRule: Hashable, Sendable {
  public var selector: StyleSelector
  /// The registered selector as written (group path and `@theme` in front).
  public var name: String
  public var style: Style

  public init(selector: StyleSelector, name: String? = nil, style: Style) {
    self.selector = selector
    self.name = name ?? selector.description
    self.style = style
  }

  public init(_ selector: StyleSelector, _ properties: Properties, source: SourceLocation? = nil) {
    self.init(selector: selector, style: Style(properties: properties, source: source))
  }
}

/// Precedence between themed and unthemed selectors (SPEC §4).
public enum PrecedenceMode: String, Hashable, Sendable, CaseIterable {
  /// A themed selector beats every unthemed one (the default).
  case themed
  /// The greater vector wins; a themed selector only breaks ties.
  case classic
}
