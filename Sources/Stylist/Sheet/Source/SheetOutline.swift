/// What the loaded files define and use, each with where it is written: a
/// read-only map of a sheet for tools (a linter, a language server, a diff)
/// that need the definitions rather than the compiled rules.
///
/// Everything is listed as written, in load order (imports first), before
/// a later definition replaces an earlier one: a selector written twice is
/// two styles here and one rule in ``StyleSheet/rules``.
public struct SheetOutline: Sendable, Hashable {
  /// Every style entry, the `default:` style among them (named `default`).
  public internal(set) var styles: [StyleEntry] = []
  /// Every group entry, nested ones included.
  public internal(set) var groups: [Group] = []
  /// Every entry of a `themes:` block.
  public internal(set) var themes: [Theme] = []
  /// Every `axes:` entry (an axis written in two files is two entries).
  public internal(set) var axes: [Axis] = []
  /// Every variable leaf, global and themed.
  public internal(set) var variables: [Variable] = []
  /// Every use of a variable (`$colors.text`, `${size}`) in a style's or a
  /// variable's value; a value shared through a YAML alias counts once.
  public internal(set) var variableUses: [Use] = []
  /// Every `extends` target, with the style that names it.
  public internal(set) var extensions: [Extension] = []
  /// Every design token of the token files a sheet names, as variables
  /// see them (a resolver context's under its theme).
  public internal(set) var tokens: [Token] = []

  public init() {}

  /// A style entry: the selector it registers and where its key is.
  public struct StyleEntry: Sendable, Hashable {
    /// The registered name: the key with its group path and block theme in front.
    public var name: String
    public var location: SourceLocation { position.location(in: file) }
    let file: String
    let position: SourcePosition
  }

  /// A group entry (`groups: { toolbar: … }`).
  public struct Group: Sendable, Hashable {
    /// The group's path, outer groups first (`toolbar/button`).
    public var path: String
    /// The theme of the `themes:` block it is in; nil outside one.
    public var theme: String?
    public var location: SourceLocation { position.location(in: file) }
    let file: String
    let position: SourcePosition
  }

  /// A theme declared by a `themes:` block.
  public struct Theme: Sendable, Hashable {
    public var name: String
    public var location: SourceLocation { position.location(in: file) }
    let file: String
    let position: SourcePosition
  }

  /// An `axes:` entry: its themes and default, each where it is written.
  public struct Axis: Sendable, Hashable {
    public var name: String
    public var themes: [Name]
    public var defaultTheme: Name?
    public var location: SourceLocation { position.location(in: file) }
    let file: String
    let position: SourcePosition
  }

  /// A name written in an `axes:` entry.
  public struct Name: Sendable, Hashable {
    public var name: String
    public var location: SourceLocation { position.location(in: file) }
    let file: String
    let position: SourcePosition
  }

  /// A variable leaf (`colors.text`), where its key is.
  public struct Variable: Sendable, Hashable {
    /// The path, names joined by `.`.
    public var path: String
    /// The theme whose `variables:` define it; nil for a global one.
    public var theme: String?
    public var location: SourceLocation { position.location(in: file) }
    let file: String
    let position: SourcePosition
  }

  /// A use of a variable: the path as written and where its `$` is (the
  /// scalar's start when the scalar spans lines).
  public struct Use: Sendable, Hashable {
    public var path: String
    public var location: SourceLocation { position.location(in: file) }
    let file: String
    let position: SourcePosition
  }

  /// An `extends` target as written, and the style that names it.
  public struct Extension: Sendable, Hashable {
    /// The target selector, as written (spaces around it trimmed).
    public var target: String
    /// The registered name of the extending style.
    public var style: String
    public var location: SourceLocation { position.location(in: file) }
    let file: String
    let position: SourcePosition
  }
}

extension SheetOutline {
  /// A design token (docs/SHEETS.md: Design tokens): its path, its type as the
  /// format settles it, its documentation, where its name is.
  public struct Token: Sendable, Hashable {
    /// The path, names joined by `.`, as a variable reference spells it.
    public var path: String
    /// The resolver context whose sources define it; nil for a set's.
    public var theme: String?
    /// `$type`: its own, the aliased token's, or the nearest group's; nil when none.
    public var type: String?
    /// `$description`, its own or nil.
    public var description: String?
    /// Whether it is `$deprecated` (its own or its group's), and why.
    public var deprecation: Deprecation?
    /// `$extensions` as written (tools' own data, kept, not interpreted).
    public var extensions: PropertyValue?
    /// The colour `$value` writes as a DTCG colour object (`colorSpace`,
    /// `components`, `alpha`), for an editor to draw; nil for any other
    /// value, a hex string or an alias among them.
    public var color: StyleColor?
    public var location: SourceLocation { position.location(in: file) }
    /// Where `$value`'s value starts: the `{` of a flow object, the first
    /// key of a block one.
    public var valueLocation: SourceLocation { valuePosition.location(in: file) }
    let file: String
    let position: SourcePosition
    let valuePosition: SourcePosition

    /// A deprecated token's reason, when it gives one.
    public struct Deprecation: Sendable, Hashable {
      public var reason: String?
    }
  }

  /// Puts `layer`'s entries after these.
  mutating func append(_ layer: consuming SheetOutline) {
    styles.appendMoving(layer.styles)
    groups.appendMoving(layer.groups)
    themes.appendMoving(layer.themes)
    axes.appendMoving(layer.axes)
    variables.appendMoving(layer.variables)
    variableUses.appendMoving(layer.variableUses)
    extensions.appendMoving(layer.extensions)
    tokens.appendMoving(layer.tokens)
  }
}

extension SheetOutline {
  /// The variables nothing refers to: no use names the variable or a map
  /// holding it (`$colors` uses `colors.text`). A use in a variable's value
  /// counts as much as one in a style's, so a variable that only an
  /// unreferenced one uses is not listed: deleting it would break the
  /// sheet. A variable written again (a later layer) is listed at its last
  /// definition. In load order.
  func unreferencedVariables() -> [Variable] {
    let used = Set(variableUses.lazy.map(\.path))
    struct Key: Hashable {
      var path: String
      var theme: String?
    }
    var last: [Key: Int] = [:]
    for (index, variable) in variables.enumerated() { last[Key(path: variable.path, theme: variable.theme)] = index }
    return variables.indices.lazy
      .filter { last[Key(path: self.variables[$0].path, theme: self.variables[$0].theme)] == $0 }
      .map { self.variables[$0] }
      .filter { !used.containsVariable(orMapOf: $0.path) }
  }
}
