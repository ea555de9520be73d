/// A set of properties with where it was defined. Values can differ per theme
/// (themed variables, docs/SHEETS.md: Style sheets): `themed` holds the themes where they differ
/// from `properties`, the values under no theme.
public struct Style: Hashable, Sendable {
  /// The properties without a theme, in the order written: for a loaded
  /// style, under its selector's themes, or under the first set of themes
  /// a query can have when every query has one (an axis default).
  public var properties: Properties
  /// For each set of themes whose variables change a value, the properties
  /// under it, keyed by the themes with variables of the set (one theme
  /// is its own key): see ``properties(under:)``.
  public var themed: [ThemeSet: Properties]
  /// Where the style was written; nil for styles built in code.
  public var source: SourceLocation?
  /// The themes with variables that `themed`'s keys are made of, when the
  /// values depend on only some of them (a loaded style keeps the sets of
  /// themes its variables reach, not every set a query can have); nil:
  /// keys name every theme with variables.
  var dependsOn: Set<String>?
  /// For each top-level property a loaded style inherits through `extends`,
  /// the style it was written in (its registered selector and source):
  /// where a decoding error about it points.
  var inherited: [String: PropertyOrigin] = [:]

  /// A style with `properties`, and the values `themed` holds under each set of themes.
  public init(properties: Properties, themed: [ThemeSet: Properties] = [:], source: SourceLocation? = nil) {
    self.properties = properties
    self.themed = themed
    self.source = source
  }

  /// The properties as they resolve under `themes`: a single theme, or
  /// a query's themes with variables.
  public func properties(under themes: ThemeSet) -> Properties {
    themedProperties(under: themes) ?? properties
  }

  /// The properties under one theme, or none (nil): forwards to
  /// ``properties(under:)``.
  public func properties(underTheme theme: String?) -> Properties {
    properties(under: theme.map(ThemeSet.init) ?? .none)
  }

  /// The properties under `themes` where they differ from `properties`,
  /// else nil. Themes this style's values do not depend on are left out
  /// of the lookup.
  func themedProperties(under themes: ThemeSet) -> Properties? {
    guard !themed.isEmpty, !themes.isEmpty else { return nil }
    if let values = themed[themes] { return values }
    guard let dependsOn, themes.themes.count > 1 else { return nil }
    let kept = themes.filter(dependsOn.contains)
    return kept.isEmpty ? nil : themed[kept]
  }
}

/// The style a property was written in: its registered selector and its source.
struct PropertyOrigin: Hashable, Sendable {
  var rule: String
  var source: SourceLocation
}

/// A style registered for a selector.
///
/// The fields live in one shared box (copied on write), so handing a rule out
/// with every answer costs one retain instead of one per string and table.
public struct StyleRule: Hashable, Sendable {
  private var storage: Storage

  // Reads borrow the field in place; a write puts a new box in (rules are
  // built far more often than changed). Immutable fields spare every read
  // the exclusivity check and the copy a mutable class field costs.
  /// The selector the rule is registered for.
  public var selector: StyleSelector {
    _read { yield storage.selector }
    set { storage = Storage(selector: newValue, name: name, style: storage.style) }
  }
  /// The registered selector as written (group path and `@theme` in front).
  public var name: String {
    _read { yield storage.name }
    set { storage = Storage(selector: storage.selector, name: newValue, style: storage.style) }
  }

  /// Appends `name`'s UTF-8.
  func writeName(to text: inout [UInt8]) { text.append(utf8Of: storage.name) }

  /// The rule's style: its properties, themed values and source.
  public var style: Style {
    _read { yield storage.style }
    set { storage = Storage(selector: storage.selector, name: storage.name, style: newValue) }
  }

  /// A rule for `selector`; `name` is how it was spelled (defaults to the selector's text).
  public init(selector: StyleSelector, name: String? = nil, style: Style) {
    storage = Storage(selector: selector, name: name ?? selector.description, style: style)
  }

  /// A rule with literal `properties`, as an app or a test writes one:
  /// forwards to ``init(selector:name:style:)``.
  public init(_ selector: StyleSelector, _ properties: Properties, source: SourceLocation? = nil) {
    self.init(selector: selector, style: Style(properties: properties, source: source))
  }

  /// The style's properties under `themes`, read in place: going through
  /// `style` would copy the whole style (its tables and source) for every answer.
  func properties(under themes: ThemeSet) -> Properties { storage.style.properties(under: themes) }

  /// The style's properties under `themes` where they differ from the
  /// unthemed ones (`Style.themedProperties(under:)`), read in place.
  func themedProperties(under themes: ThemeSet) -> Properties? { storage.style.themedProperties(under: themes) }

  /// The style's source, read in place (see `properties(under:)`).
  var source: SourceLocation? { storage.style.source }

  /// Rules are equal when their names, selectors and styles are.
  public static func == (lhs: StyleRule, rhs: StyleRule) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.selector == rhs.selector && lhs.name == rhs.name && lhs.style == rhs.style)
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(selector)
    hasher.combine(name)
    hasher.combine(style)
  }

  private final class Storage: Sendable {
    let selector: StyleSelector
    let name: String
    let style: Style

    init(selector: StyleSelector, name: String, style: Style) {
      self.selector = selector
      self.name = name
      self.style = style
    }
  }
}

/// Precedence between themed and unthemed selectors (docs/SHEETS.md: Precedence).
public enum PrecedenceMode: String, Hashable, Sendable, CaseIterable {
  /// A themed selector beats every unthemed one (the default).
  case themed
  /// The greater vector wins; a themed selector only breaks ties.
  case classic
}
