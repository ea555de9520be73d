import OrderedCollections

/// A style as written, before variables and `extends` are resolved.
struct StyleDefinition {
  /// Selector, name and source as registered, built once when read; its
  /// style is empty: the compiled rule is a copy with the style filled in.
  let rule: StyleRule
  /// The properties as written (nil for none; `extends` and merge keys
  /// settled), evaluated under each theme when the sheet compiles.
  let body: SourceMap?
  let extends: [Extension]

  /// `name` is nil when the key as written is the selector's text.
  init(
    selector: StyleSelector, name: String?, body: SourceMap?, file: String, position: SourcePosition,
    extends: [Extension]
  ) {
    let source = position.location(in: file)
    rule = StyleRule(selector: selector, name: name, style: Style(properties: [:], source: source))
    self.body = body
    self.extends = extends
  }

  var selector: StyleSelector {
    _read { yield rule.selector }
  }
  /// The registered selector: the key as written, with group path and theme in front.
  var name: String { rule.name }
  /// Where the key is (always set: `init` gives the rule's style a source).
  var source: SourceLocation { rule.style.source ?? SourceLocation(file: "", line: 0, column: 0) }
  var file: String { source.file }

  struct Extension {
    var selector: StyleSelector
    var text: String
    var position: SourcePosition
  }
}

/// One `axes:` entry as written: merged with the others in load order when
/// the sheet compiles (`SheetCompiler.mergeAxes`).
struct AxisDeclaration {
  var name: String
  var themes: [(name: String, position: SourcePosition)] = []
  var defaultTheme: (name: String, position: SourcePosition)?
  var file: String
}

/// Everything read from the files of one load, in load order.
struct SheetDefinitions {
  var styles: [StyleDefinition] = []
  /// The `default:` body, read as a style's (its `extends` too), under the
  /// name `default`; it registers no selector.
  var defaultStyle: StyleDefinition?
  var mode: PrecedenceMode?
  var variables: VariableTree = .empty
  var themeVariables: OrderedDictionary<String, VariableTree> = [:]
  /// Themes named by `themes:` blocks.
  var declaredThemes: OrderedSet<String> = []
  /// `axes:` entries in load order.
  var axes: [AxisDeclaration] = []
  /// `contrast:`, merged part by part in load order.
  var contrast = ContrastDeclaration()
  /// Files read, as named.
  var files: [String] = []
  /// Every definition and use with its location, kept after the compile.
  var outline = SheetOutline()
}

extension SheetDefinitions {
  /// Puts `layer` on top: its styles come later, its default, mode,
  /// `contrast:` parts and variable leaves win.
  mutating func append(_ layer: SheetDefinitions) {
    styles.appendMoving(layer.styles)
    if let style = layer.defaultStyle { defaultStyle = style }
    if let layerMode = layer.mode { mode = layerMode }
    variables = variables.merged(with: layer.variables)
    for (theme, tree) in layer.themeVariables {
      themeVariables[theme] = (themeVariables[theme] ?? .empty).merged(with: tree)
    }
    declaredThemes.formUnion(layer.declaredThemes)
    axes.appendMoving(layer.axes)
    contrast.merge(layer.contrast)
    outline.append(layer.outline)
  }
}

extension Array {
  /// Appends `other`, taking its buffer when this array is empty: appending
  /// one by one would retain every element.
  mutating func appendMoving(_ other: consuming [Element]) {
    if isEmpty { self = other } else { self += other }
  }
}
