import OrderedCollections

/// A style as written, before variables and `extends` are resolved.
///
/// Two references: the rule, and what is left to resolve (nil for most
/// styles). A class per definition cost an allocation and a retain and
/// release per field for every style of a big sheet, all freed right after
/// compiling.
struct StyleDefinition {
  /// Selector, name and source as registered, built once when read. For a
  /// literal body the style is final too, so compiling hands the rule on as
  /// it is.
  private(set) var rule: StyleRule
  /// A template body or `extends`; nil when `rule` is the compiled rule.
  private(set) var unresolved: Unresolved?
  /// The selector's `contentHash`, taken when it is read (its parts are in
  /// cache then): compiling finds repeated selectors from these alone.
  let selectorHash: Int

  /// A body evaluated per theme when compiled.
  enum Template {
    /// Any body: tags, lists, maps, merge keys, anchors.
    case node(YAMLNode)
    /// A flat map of untagged scalars, some with `$`: evaluated from the
    /// scalars as read, without building nodes (most template bodies).
    case flat(YAMLFlatMapping)
  }

  final class Unresolved {
    /// The template body; nil for a literal one, whose properties are
    /// `rule.style`'s.
    let template: Template?
    let extends: [Extension]

    init(template: Template?, extends: [Extension]) {
      self.template = template
      self.extends = extends
    }
  }

  /// `name` is nil when the key as written is the selector's text.
  init(selector: StyleSelector, name: String?, body: Body, file: String, mark: YAMLMark, extends: [Extension]) {
    let source = SourceLocation(file: file, line: mark.line, column: mark.column)
    selectorHash = selector.contentHash
    switch body {
    case .literal(let properties):
      rule = StyleRule(selector: selector, name: name, style: Style(properties: properties, source: source))
      unresolved = extends.isEmpty ? nil : Unresolved(template: nil, extends: extends)
    case .template(let node):
      rule = StyleRule(selector: selector, name: name, style: Style(properties: [:], source: source))
      unresolved = Unresolved(template: .node(node), extends: extends)
    case .flatTemplate(let mapping):
      rule = StyleRule(selector: selector, name: name, style: Style(properties: [:], source: source))
      unresolved = Unresolved(template: .flat(mapping), extends: extends)
    }
  }

  var selector: StyleSelector {
    _read { yield rule.selector }
  }
  /// The registered selector: the key as written, with group path and theme in front.
  var name: String { rule.name }
  var template: Template? { unresolved?.template }
  var extends: [Extension] { unresolved?.extends ?? [] }
  /// Where the key is (always set: `init` gives the rule's style a source).
  var source: SourceLocation { rule.style.source ?? SourceLocation(file: "", line: 0, column: 0) }
  var file: String { source.file }

  /// The properties as written, without `extends`.
  enum Body {
    /// Values fixed when read: a flat map of untagged scalars without `$`,
    /// the same under every theme and unable to expand. Most styles are
    /// like this; holding values instead of YAML nodes lets the document's
    /// node tree go as soon as it is read.
    case literal(Properties)
    /// Values built per theme from the nodes: anything with a `$`, a tag, a
    /// list or a map.
    case template(YAMLNode)
    /// Values built per theme from a flat map's scalars (some with `$`).
    case flatTemplate(YAMLFlatMapping)
  }

  struct Extension {
    var selector: StyleSelector
    var text: String
    var node: YAMLNode
  }

  /// Nothing left to resolve: `rule` is the compiled rule.
  var isResolved: Bool { unresolved == nil }

  /// Takes the compiled rule in place of the definition's own: the
  /// template goes, and the sheet and the definition share one rule.
  mutating func resolve(to compiled: StyleRule) {
    rule = compiled
    unresolved = nil
  }

  /// Drops the template of a definition a later one replaces: it is never compiled.
  mutating func dropTemplate() { unresolved = nil }
}

/// Everything read from the files of one load, in load order.
struct SheetDefinitions {
  var styles: [StyleDefinition] = []
  var defaultStyle: (body: YAMLNode, file: String, mark: YAMLMark)?
  var mode: PrecedenceMode?
  var variables: VariableTree = .empty
  var themeVariables: OrderedDictionary<String, VariableTree> = [:]
  /// Themes named by `themes:` blocks.
  var declaredThemes: OrderedSet<String> = []
  /// Files read, as named.
  var files: [String] = []
}

extension SheetDefinitions {
  /// Puts `layer` on top: its styles come later, its default, mode and
  /// variable leaves win.
  mutating func append(_ layer: SheetDefinitions) {
    styles.appendMoving(layer.styles)
    if let style = layer.defaultStyle { defaultStyle = style }
    if let layerMode = layer.mode { mode = layerMode }
    variables = variables.merged(with: layer.variables)
    for (theme, tree) in layer.themeVariables {
      themeVariables[theme] = (themeVariables[theme] ?? .empty).merged(with: tree)
    }
    declaredThemes.formUnion(layer.declaredThemes)
  }
}

extension Array {
  /// Appends `other`, taking its buffer when this array is empty: appending
  /// one by one would retain every element.
  mutating func appendMoving(_ other: consuming [Element]) {
    if isEmpty { self = other } else { self += other }
  }
}
