import Stylist

/// A generated design system of realistic shape: what users have, at any size.
///
/// The vocabulary is fixed whatever the sheet's size (it comes from its own
/// seed): 300 token names with Zipf-like frequencies (`label`, `title`,
/// `icon` … are very common), 200 component names of which 30 start a path
/// (screens), 16 variant states, each component with 2–4 plausible variants,
/// ~14 plausible children and the tokens it plausibly holds. Only the number
/// of styles changes with the size, never their shape:
/// - a node *template* walks 1–8 components down the children lists, with a
///   variant on ~30 % of them, and ends in a token its innermost component holds;
/// - a selector is a template's token and an ordered subset of its components
///   (the innermost one 80 % of the time), the template's variants mostly
///   kept, `@dark/` on ~20 %; all unique;
/// - a style body has 3–6 properties (quoted colours, fonts, ints, floats,
///   bools, enum strings), a nested map on ~10 %, `$variable` references in
///   most, a few interpolations, `extends` on ~2 %, ~30 % in flow style; the
///   sheet has ~200 variable leaves, a `dark` theme re-pointing the semantic
///   colours, and a `default:`;
/// - query nodes are the templates of random selectors, each length as
///   often as the walk above makes it (uniqueness leaves a large sheet with
///   more long templates than a small one), perturbed (a variant changed,
///   an extra component inserted, `@dark/` on some, a few unknown tokens),
///   so most have several applicable selectors and few repeat.
///
/// With `skewedToken`, every selector and node has that token instead. With
/// `twoAxes`, the sheet declares appearance (light, dark) and density
/// (regular by default, compact, which re-points the spacings):
/// ~20 % of selectors name one axis's theme (`@dark/` or `@compact/`), ~5 %
/// both, and node lines name none, one or both; the same random draws as
/// the one-axis sheet otherwise.
struct DesignSystem {
  var yaml: String
  /// Query nodes, as text (one `batch` line each).
  var lines: [String]
  /// The lines parsed, for the library's benchmarks.
  var nodes: [NodeIdentifier] { lines.map { try! NodeIdentifier(parsing: $0) } }

  static let tokenCount = 300
  static let componentCount = 200
  static let screenCount = 30
  /// Components in a template, equally likely.
  static let templateLengths = 1...8

  /// The fixed vocabulary, the same for every size and seed.
  struct Vocabulary {
    var tokens: [String]
    var tokenWeights: [Double]
    var components: [String]
    var variants: [String]
    var plausibleVariants: [[Int]]
    var children: [[Int]]
    /// Tokens each component holds, most common first.
    var heldTokens: [[Int]]

    static let shared = Vocabulary()

    private init() {
      var random = SeededGenerator(seed: 0x5EED)
      let common = [
        "label", "title", "icon", "background", "text", "image", "subtitle", "border", "divider", "badge",
        "value", "caption", "placeholder", "indicator", "thumb", "track", "avatar", "heading", "body", "footer",
      ]
      tokens = common + (common.count..<DesignSystem.tokenCount).map { "atom\($0)" }
      // Zipf, s = 1: the k-th token is k times rarer than the first.
      tokenWeights = (0..<DesignSystem.tokenCount).map { 1 / Double($0 + 1) }
      let screens = [
        "home", "settings", "profile", "search", "checkout", "cart", "login", "onboarding", "feed", "inbox",
      ]
      let parts = [
        "header", "searchBar", "card", "list", "listItem", "button", "toolbar", "tabBar", "carousel", "form",
        "field", "dialog", "sheet", "menu", "row", "cell", "section", "banner", "chip", "toggle",
      ]
      components =
        screens + (screens.count..<DesignSystem.screenCount).map { "screen\($0)" } + parts
        + (DesignSystem.screenCount + parts.count..<DesignSystem.componentCount).map { "part\($0)" }
      variants = [
        "selected", "disabled", "focused", "pressed", "highlighted", "expanded", "collapsed", "paged", "compact",
        "regular", "error", "loading", "empty", "active", "inactive", "checked",
      ]
      let tokenWeights = self.tokenWeights
      func pickToken() -> Int { Self.weighted(tokenWeights, using: &random) }
      plausibleVariants = (0..<DesignSystem.componentCount).map { _ in
        Array((0..<16).shuffled(using: &random).prefix(Int.random(in: 2...4, using: &random)))
      }
      let inner = Array(DesignSystem.screenCount..<DesignSystem.componentCount)
      children = (0..<DesignSystem.componentCount).map { _ in
        Array(inner.shuffled(using: &random).prefix(Int.random(in: 12...16, using: &random)))
      }
      heldTokens = (0..<DesignSystem.componentCount).map { _ in
        var held: [Int] = []
        while held.count < 12 {
          let token = pickToken()
          if !held.contains(token) { held.append(token) }
        }
        return held.sorted()
      }
    }

    static func weighted(_ weights: [Double], using random: inout SeededGenerator) -> Int {
      let total = weights.reduce(0, +)
      var point = Double.random(in: 0..<total, using: &random)
      for (index, weight) in weights.enumerated() {
        point -= weight
        if point < 0 { return index }
      }
      return weights.count - 1
    }
  }

  /// A path walked through the vocabulary: component ids, variant ids (or nil), a token id.
  struct Template {
    var components: [Int]
    var variants: [Int?]
    var token: Int
  }

  init(styles count: Int, skewedToken: String? = nil, twoAxes: Bool = false, nodes nodeCount: Int, seed: UInt64) {
    let vocabulary = Vocabulary.shared
    var random = SeededGenerator(seed: seed)
    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    /// Leading theme parts: on one axis `@dark/` `oneAxis` % of the time; on
    /// two, both, `@dark/` or `@compact/` (cumulative percentages). One draw either way.
    func themeParts(oneAxis: Int, both: Int, dark: Int, compact: Int) -> String {
      guard twoAxes else { return chance(oneAxis) ? "@dark/" : "" }
      let draw = Int.random(in: 0..<100, using: &random)
      return draw < both ? "@dark/@compact/" : draw < dark ? "@dark/" : draw < compact ? "@compact/" : ""
    }

    func template() -> Template {
      var components = [Int.random(in: 0..<DesignSystem.screenCount, using: &random)]
      let length = Int.random(in: DesignSystem.templateLengths, using: &random)
      while components.count < length {
        components.append(vocabulary.children[components.last!].randomElement(using: &random)!)
      }
      let variants = components.map { component in
        chance(30) ? vocabulary.plausibleVariants[component].randomElement(using: &random)! : nil
      }
      // The innermost component's tokens, weighted by the global frequencies.
      let held = vocabulary.heldTokens[components.last!]
      let token = held[Vocabulary.weighted(held.map { vocabulary.tokenWeights[$0] }, using: &random)]
      return Template(components: components, variants: variants, token: token)
    }
    func tokenName(_ id: Int) -> String { skewedToken ?? vocabulary.tokens[id] }
    func component(_ template: Template, _ index: Int, keepVariant: Bool) -> String {
      let name = vocabulary.components[template.components[index]]
      guard keepVariant, let variant = template.variants[index] else { return name }
      return "\(name)[\(vocabulary.variants[variant])]"
    }

    var yaml = Self.header
    yaml.reserveCapacity(count * 150 + yaml.count)
    var templates: [Template] = []
    var keys: Set<String> = []
    var written: [String] = []
    while written.count < count {
      let source = template()
      var parts: [String] = []
      let last = source.components.count - 1
      for index in 0...last {
        let keep = index == last ? chance(80) : chance(35)
        if keep { parts.append(component(source, index, keepVariant: chance(85))) }
      }
      let key =
        themeParts(oneAxis: 20, both: 5, dark: 15, compact: 25)
        + (parts + [tokenName(source.token)]).joined(separator: "/")
      guard keys.insert(key).inserted else { continue }
      yaml += "  \"\(key)\":"
      yaml += Self.body(index: written.count, extendsFrom: written, using: &random)
      written.append(key)
      templates.append(source)
    }
    yaml += Self.themes
    if twoAxes { yaml += Self.densityAxis }
    self.yaml = yaml

    // A large sheet keeps more long templates (a short one has few unique
    // selectors), so nodes are drawn by length first, as often as `template()`
    // walks that length: their shape does not change with the sheet's size.
    var templatesByLength: [Int: [Template]] = [:]
    for source in templates { templatesByLength[source.components.count, default: []].append(source) }
    var lines: [String] = []
    lines.reserveCapacity(nodeCount)
    for _ in 0..<nodeCount {
      let length = Int.random(in: DesignSystem.templateLengths, using: &random)
      var source = (templatesByLength[length] ?? templates).randomElement(using: &random)!
      // Perturb: a variant changed, a component inserted.
      if chance(30) {
        let index = Int.random(in: 0..<source.components.count, using: &random)
        source.variants[index] = vocabulary.plausibleVariants[source.components[index]].randomElement(using: &random)!
      }
      if chance(30) {
        let index = Int.random(in: 0...source.components.count, using: &random)
        let parent = index == 0 ? source.components[0] : source.components[index - 1]
        source.components.insert(vocabulary.children[parent].randomElement(using: &random)!, at: index)
        source.variants.insert(nil, at: index)
      }
      var line = themeParts(oneAxis: 10, both: 3, dark: 10, compact: 17)
      for index in source.components.indices {
        line += component(source, index, keepVariant: true)
        line += "/"
      }
      line += chance(2) ? "unknown\(Int.random(in: 0..<50, using: &random))" : tokenName(source.token)
      lines.append(line)
    }
    self.lines = lines
  }

  /// Properties: colours, fonts, sizes … with references to the variables
  /// below; block style (70 %) or flow style (30 %).
  private static func body(index: Int, extendsFrom earlier: [String], using random: inout SeededGenerator) -> String {
    func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    func pick<T>(_ values: [T]) -> T { values.randomElement(using: &random)! }
    var fields: [(String, String)] = []
    if chance(2), !earlier.isEmpty {
      fields.append(
        ("extends", "[\"\(earlier[Int.random(in: max(0, earlier.count - 500)..<earlier.count, using: &random)])\"]"))
    }
    let kinds = [
      "color", "background", "font", "size", "padding", "radius", "opacity", "visible", "alignment", "weight",
    ]
    .shuffled(using: &random).prefix(Int.random(in: 3...6, using: &random))
    for kind in kinds {
      let literal = chance(25)
      let value: String
      switch kind {
      case "color", "background":
        value =
          literal
          ? colour(using: &random)
          : chance(5)
            ? "\"$colors.\(pick(semanticColors)):0.\(Int.random(in: 1...9, using: &random))\""
            : "$colors.\(pick(semanticColors))"
      case "font":
        value =
          literal
          ? "\"Inter-\(pick(["Regular", "Bold", "Medium"])) \(Int.random(in: 10...32, using: &random))\""
          : chance(5) ? "\"${fonts.family}-Bold\"" : "$fonts.\(pick(fontRoles))"
      case "size": value = literal ? "\(Int.random(in: 8...64, using: &random))" : "$spacing.\(pick(spacings))"
      case "padding": value = literal ? "\(Int.random(in: 0...32, using: &random))" : "$spacing.\(pick(spacings))"
      case "radius":
        value = literal ? "\(Int.random(in: 0...24, using: &random)).5" : "$radius.\(pick(["s", "m", "l"]))"
      case "opacity":
        value =
          literal ? "0.\(Int.random(in: 1...9, using: &random))" : "$opacity.\(pick(["disabled", "muted", "full"]))"
      case "visible": value = pick(["true", "false"])
      case "alignment": value = pick(["leading", "center", "trailing", "\"justified\""])
      default: value = "\(Int.random(in: 1...9, using: &random) * 100)"
      }
      fields.append((kind, value))
    }
    if chance(10) {
      fields.append(("shadow", "{ radius: \(Int.random(in: 1...12, using: &random)), color: $colors.shadow, y: 2 }"))
    }
    if chance(30) {
      return " { " + fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " }\n"
    }
    return "\n" + fields.map { "    \($0.0): \($0.1)\n" }.joined()
  }

  static let semanticColors = [
    "text", "textSecondary", "textDisabled", "background", "surface", "surfaceRaised", "primary", "onPrimary",
    "secondary", "onSecondary", "accent", "border", "divider", "error", "warning", "success", "link", "icon",
    "iconMuted", "overlay",
  ]
  static let fontRoles = ["title", "headline", "body", "caption", "button", "label", "mono", "display"]
  static let spacings = ["xxs", "xs", "s", "m", "l", "xl", "xxl"]

  /// `variables:` (~200 leaves) and a `default:`, then `styles:`.
  private static let header: String = {
    var random = SeededGenerator(seed: 0xC0105)
    func hex() -> String { colour(using: &random) }
    var text = "version: 1\nmode: themed\nvariables:\n  palette:\n"
    for hue in ["gray", "blue", "red", "green", "orange", "purple", "teal", "pink"] {
      text += "    \(hue): {"
      text += (1...13).map { " s\($0 * 50): \(hex())" }.joined(separator: ",")
      text += " }\n"
    }
    text += "  colors:\n"
    for (index, name) in semanticColors.enumerated() {
      text += "    \(name): $palette.\(["gray", "blue", "red", "green"][index % 4]).s\((index % 9 + 1) * 50)\n"
    }
    text += "    shadow: \"#00000033\"\n  fonts:\n    family: Inter\n"
    for (index, role) in fontRoles.enumerated() {
      text += "    \(role): \"${fonts.family}-Regular \(12 + 2 * index)\"\n"
    }
    text += "  spacing: {"
    text += spacings.enumerated().map { " \($0.element): \(2 << $0.offset)" }.joined(separator: ",") + " }\n"
    text += "  radius: { s: 2, m: 6, l: 12 }\n  opacity: { disabled: 0.38, muted: 0.6, full: 1.0 }\n"
    text += "  durations: {" + (1...20).map { " d\($0): \($0 * 50)" }.joined(separator: ",") + " }\n"
    text += "  zIndex: {" + (1...20).map { " z\($0): \($0 * 10)" }.joined(separator: ",") + " }\n"
    text += "default:\n  color: $colors.text\n  font: $fonts.body\nstyles:\n"
    return text
  }()

  /// The `dark` theme re-points the semantic colours.
  private static let themes: String = {
    var text = "themes:\n  dark:\n    variables:\n      colors:\n"
    for (index, name) in semanticColors.enumerated() {
      text += "        \(name): $palette.\(["gray", "blue", "purple", "teal"][index % 4]).s\(650 - (index % 9) * 50)\n"
    }
    return text
  }()

  /// The `compact` theme (tighter spacings) and the two axes, after `themes:`.
  private static let densityAxis: String = {
    var text = "  compact:\n    variables:\n      spacing: {"
    text += spacings.enumerated().map { " \($0.element): \(1 << $0.offset)" }.joined(separator: ",") + " }\n"
    text += "axes:\n  appearance: [light, dark]\n  density: { themes: [regular, compact], default: regular }\n"
    return text
  }()

  /// A quoted `#rrggbb` colour: always six digits, as design tokens write them.
  private static func colour(using random: inout SeededGenerator) -> String {
    let digits = String(Int.random(in: 0...0xFF_FFFF, using: &random), radix: 16)
    return "\"#\(String(repeating: "0", count: 6 - digits.count))\(digits)\""
  }
}
