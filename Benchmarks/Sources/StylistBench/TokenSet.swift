import Foundation
import Stylist

/// A generated design-token set (DTCG 2025.10) and a small sheet that uses
/// it: what a team whose design tool exports its tokens has.
///
/// Three layers in the one set `base`, each aliasing the one below:
/// - palette (`palette.tokens.json`): `hues` hues × 11 steps of colour, one
///   colour space a hue, the 14 spaces of 2025.10 in turn (`hex` on sRGB,
///   `alpha` on 10 %), and fixed scales of every other primitive type
///   (dimension, duration, cubicBezier, fontFamily, fontWeight, number,
///   strokeStyle), 108 tokens;
/// - semantic (`semantic.tokens.json`): colours `color.AREA.INTENT.STATE`
///   (8 % of the tokens), spacings and sizes (1.5 %), each an alias of a
///   palette token, and fixed roles of the composite types (typography,
///   shadow, transition, border, gradient) whose fields alias the palette;
/// - components (`components.tokens.json`), the rest: 24 tokens a
///   component of every type, each an alias of a semantic token (two
///   deep) or of the component's own (three deep: `button.selected.border`
///   → `button.border` → `border.focus` → its colour's chain); `$type` written
///   on half, `$description` and `$extensions` on 10 % each, a `$deprecated`
///   token on one component in 20, a group `$extends` on one in 20.
///
/// Two modifiers of two contexts each: `appearance` (`light`, `dark`: every
/// semantic colour, dark on the mirrored step) and `density`
/// (`comfortable`, `compact`: every spacing and size, compact a step
/// smaller). Only the counts of hues, semantic colours, spacings and
/// components change with the size; files are indented as design tools
/// write JSON (two spaces, every object and list expanded).
struct TokenSet {
  /// Files by path relative to the folder they are written in, the sheet first.
  var files: [(path: String, text: String)] = []
  /// Tokens written in the base set's files.
  private(set) var baseTokens = 0
  /// Tokens written in the four contexts' files together.
  private(set) var contextTokens = 0

  static let sheetPath = "tokens-app.yaml"

  private var random: SeededGenerator
  /// Each file's tokens as (path, token or group property), in order.
  private typealias Entries = [(path: [String], value: JSON)]
  private var palette: Entries = []
  private var semantic: Entries = []
  private var components: Entries = []
  /// Semantic colours: path, hue, step.
  private var colours: [(path: [String], hue: String, step: Int)] = []
  /// Semantic spacings and sizes: path, primitive group, step.
  private var measures: [(path: [String], scale: String, step: Int)] = []
  private var componentNames: [String] = []

  init(tokens count: Int, seed: UInt64) {
    random = SeededGenerator(seed: seed)
    let hues = max(2, count / 250)
    writePalette(hues: hues)
    writeSemantic(colours: max(8, count * 8 / 100), measures: max(4, count * 3 / 200), hues: hues)
    writeComponents(until: count)
    baseTokens = [palette, semantic, components].reduce(0) { total, entries in
      total + entries.filter { $0.value.isToken }.count
    }

    let folder = "tokens/"
    files.append((Self.sheetPath, sheet(folder: folder)))
    files.append((folder + "system.resolver.json", Self.resolver))
    files.append((folder + "palette.tokens.json", JSON.tree(palette).text))
    files.append((folder + "semantic.tokens.json", JSON.tree(semantic).text))
    files.append((folder + "components.tokens.json", JSON.tree(components).text))
    for (context, entries) in contexts() {
      contextTokens += entries.filter { $0.value.isToken }.count
      files.append((folder + context + ".tokens.json", JSON.tree(entries).text))
    }
  }

  // MARK: Palette

  static let hueNames = [
    "gray", "blue", "red", "green", "orange", "purple", "teal", "pink", "yellow", "indigo", "cyan", "lime", "amber",
    "violet", "rose", "sky", "emerald", "slate", "brown", "sand",
  ]
  static let steps = ["50", "100", "200", "300", "400", "500", "600", "700", "800", "900", "950"]
  static let colourSpaces = [
    "srgb", "display-p3", "oklch", "hsl", "srgb-linear", "a98-rgb", "prophoto-rgb", "rec2020", "hwb", "lab", "lch",
    "oklab", "xyz-d65", "xyz-d50",
  ]
  static let spaceSteps = [0, 25, 50, 100, 150, 200, 300, 400, 500, 600, 800, 1000, 1200, 1600, 2000, 2400]
  static let sizeSteps = [100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1600, 2000, 2400, 3200, 4000]

  private static func hueName(_ index: Int) -> String {
    index < hueNames.count ? hueNames[index] : "hue\(index)"
  }

  private mutating func writePalette(hues: Int) {
    palette.append((["color", "$type"], .text("color")))
    for hue in 0..<hues {
      let space = Self.colourSpaces[hue % Self.colourSpaces.count]
      let angle = Double(hue) * 360 / Double(hues)
      let chroma = Double.random(in: 0.3...0.9, using: &random)
      for (index, step) in Self.steps.enumerated() {
        let lightness = 0.97 - 0.9 * Double(index) / Double(Self.steps.count - 1)
        var value = Self.colour(space: space, angle: angle, chroma: chroma, lightness: lightness)
        if chance(10), case .object(var fields) = value {
          fields.append(("alpha", .number((Double.random(in: 0.5...0.95, using: &random) * 100).rounded() / 100)))
          value = .object(fields)
        }
        palette.append((["color", Self.hueName(hue), step], token(value)))
      }
    }
    func scale(_ group: [String], type: String, _ values: [(String, JSON)]) {
      palette.append((group + ["$type"], .text(type)))
      for (name, value) in values { palette.append((group + [name], token(value))) }
    }
    scale(["space"], type: "dimension", Self.spaceSteps.map { ("\($0)", JSON.measure(Double($0) * 0.04, "px")) })
    scale(["size"], type: "dimension", Self.sizeSteps.map { ("\($0)", JSON.measure(Double($0) / 400, "rem")) })
    scale(
      ["radius"], type: "dimension",
      zip(["none", "xs", "s", "m", "l", "xl", "xxl", "full"], [0, 2, 4, 6, 8, 12, 16, 9999]).map {
        ($0, JSON.measure(Double($1), "px"))
      })
    scale(["borderWidth"], type: "dimension", [0, 1, 2, 4].map { ("\($0)", JSON.measure(Double($0), "px")) })
    scale(
      ["font", "size"], type: "dimension",
      zip(
        ["xs", "s", "m", "l", "xl", "2xl", "3xl", "4xl", "5xl", "6xl", "7xl", "8xl"],
        [0.75, 0.875, 1, 1.125, 1.25, 1.5, 1.875, 2.25, 3, 3.75, 4.5, 6]
      ).map { ($0, JSON.measure($1, "rem")) })
    scale(
      ["font", "letterSpacing"], type: "dimension",
      zip(["tighter", "tight", "normal", "wide", "wider"], [-0.8, -0.4, 0, 0.4, 0.8]).map {
        ($0, JSON.measure($1, "px"))
      })
    scale(
      ["font", "lineHeight"], type: "number",
      zip(["tight", "snug", "normal", "relaxed", "loose"], [1.1, 1.25, 1.5, 1.625, 2]).map { ($0, JSON.number($1)) })
    scale(
      ["font", "family"], type: "fontFamily",
      [
        ("sans", .list(["Inter", "Helvetica Neue", "Arial", "sans-serif"].map(JSON.text))),
        ("serif", .list(["Source Serif 4", "Georgia", "serif"].map(JSON.text))), ("mono", .text("JetBrains Mono")),
        ("display", .list(["Inter Display", "Inter", "sans-serif"].map(JSON.text))),
        ("rounded", .text("SF Pro Rounded")),
      ])
    scale(
      ["font", "weight"], type: "fontWeight",
      [
        ("thin", .number(100)), ("extraLight", .number(200)), ("light", .number(300)), ("regular", .text("regular")),
        ("medium", .number(500)), ("semiBold", .text("semi-bold")), ("bold", .number(700)),
        ("extraBold", .number(800)), ("black", .text("black")),
      ])
    scale(
      ["motion", "duration"], type: "duration",
      [
        ("instant", .measure(0, "ms")), ("fast", .measure(100, "ms")), ("moderate", .measure(200, "ms")),
        ("slow", .measure(300, "ms")), ("slower", .measure(500, "ms")), ("slowest", .measure(1, "s")),
        ("pause", .measure(2, "s")), ("delay", .measure(50, "ms")),
      ])
    let easings: [(String, [Double])] = [
      ("linear", [0, 0, 1, 1]), ("standard", [0.2, 0, 0, 1]), ("decelerate", [0, 0, 0.2, 1]),
      ("accelerate", [0.3, 0, 1, 1]), ("emphasized", [0.05, 0.7, 0.1, 1]), ("spring", [0.34, 1.56, 0.64, 1]),
    ]
    scale(["motion", "easing"], type: "cubicBezier", easings.map { ($0, JSON.list($1.map(JSON.number))) })
    scale(
      ["opacity"], type: "number", [0, 5, 10, 20, 40, 60, 80, 100].map { ("\($0)", JSON.number(Double($0) / 100)) })
    func dashes(_ lengths: [Double], cap: String) -> JSON {
      .object([("dashArray", .list(lengths.map { .measure($0, "px") })), ("lineCap", .text(cap))])
    }
    scale(
      ["stroke"], type: "strokeStyle",
      [
        ("solid", .text("solid")), ("dashed", .text("dashed")), ("dotted", .text("dotted")),
        ("double", .text("double")), ("dashedFine", dashes([2, 2], cap: "round")),
        ("dashedCoarse", dashes([6, 3], cap: "butt")),
      ])
  }

  /// A colour of `space` from a hue angle, a chroma and a lightness (0–1),
  /// its components within the space's ranges.
  private static func colour(space: String, angle: Double, chroma: Double, lightness: Double) -> JSON {
    let radians = angle * .pi / 180
    let components: [Double]
    switch space {
    case "hsl": components = [angle, chroma * 100, lightness * 100]
    case "hwb": components = [angle, lightness * (1 - chroma) * 100, (1 - lightness) * (1 - chroma) * 100]
    case "lab": components = [lightness * 100, chroma * 80 * cos(radians), chroma * 80 * sin(radians)]
    case "lch": components = [lightness * 100, chroma * 130, angle]
    case "oklab": components = [lightness, chroma * 0.3 * cos(radians), chroma * 0.3 * sin(radians)]
    case "oklch": components = [lightness, chroma * 0.37, angle]
    default: components = rgb(angle: angle, saturation: chroma, lightness: lightness)
    }
    let rounded = components.map { ($0 * 10_000).rounded() / 10_000 }
    var fields: [(String, JSON)] = [("colorSpace", .text(space)), ("components", .list(rounded.map(JSON.number)))]
    if space == "srgb" {
      fields.append(("hex", .text("#" + rounded.map { String(format: "%02x", Int(($0 * 255).rounded())) }.joined())))
    }
    return .object(fields)
  }

  /// HSL to RGB (CSS Color 4), each 0–1.
  private static func rgb(angle: Double, saturation: Double, lightness: Double) -> [Double] {
    [0.0, 8, 4].map { offset in
      let k = (offset + angle / 30).truncatingRemainder(dividingBy: 12)
      let a = saturation * min(lightness, 1 - lightness)
      return min(1, max(0, lightness - a * max(-1, min(k - 3, 9 - k, 1))))
    }
  }

  // MARK: Semantic

  static let areas = [
    "text", "background", "surface", "border", "icon", "action", "feedback", "focus", "overlay", "data",
  ]
  static let intents = [
    "primary", "secondary", "tertiary", "muted", "subtle", "strong", "inverse", "brand", "accent", "success",
    "warning", "danger", "info", "neutral", "highlight", "disabled",
  ]
  static let states = ["default", "hover", "pressed", "selected"]
  static let measureKinds = [
    (group: "spacing", kinds: ["inset", "stack", "inline", "gutter", "section"], scale: "space"),
    (group: "sizing", kinds: ["control", "icon", "avatar", "touchTarget"], scale: "size"),
  ]
  static let measureSizes = ["xxs", "xs", "s", "m", "l", "xl", "xxl", "xxxl"]
  static let typographyRoles = ["display", "headline", "title", "body", "label", "caption", "code"]
  static let borderRoles = ["default", "subtle", "strong", "focus", "danger", "selected", "input", "divider"]
  static let transitionRoles = ["fast", "standard", "slow", "enter", "exit", "emphasized"]
  static let gradientRoles = ["brand", "sunrise", "ocean", "dusk", "scrim", "highlight"]
  static let emphasisRoles = ["disabled", "muted", "hover", "pressed", "scrim", "full"]
  static let shapeRoles = ["control", "card", "dialog", "pill", "chip", "input"]

  private mutating func writeSemantic(colours count: Int, measures measureCount: Int, hues: Int) {
    semantic.append((["color", "$type"], .text("color")))
    for index in 0..<count {
      let state = index / (Self.areas.count * Self.intents.count)
      let path = [
        "color", Self.areas[index % Self.areas.count], Self.intents[index / Self.areas.count % Self.intents.count],
        state < Self.states.count ? Self.states[state] : "state\(state)",
      ]
      // Never the middle step, so that dark's mirrored step differs.
      var step = Int.random(in: 0..<(Self.steps.count - 1), using: &random)
      if step >= Self.steps.count / 2 { step += 1 }
      let hue = Self.hueName(Int.random(in: 0..<hues, using: &random))
      colours.append((path, hue, step))
      semantic.append((path, token(.text("{color.\(hue).\(Self.steps[step])}"))))
    }
    for index in 0..<measureCount {
      let family = Self.measureKinds[index % 2]
      let nth = index / 2
      let kind = family.kinds[nth % family.kinds.count]
      let round = nth / family.kinds.count
      let size =
        round < Self.measureSizes.count ? Self.measureSizes[round] : "\(Self.measureSizes.last!)\(round)"
      // At least the second step, so that compact's smaller one differs.
      let steps = family.scale == "space" ? Self.spaceSteps : Self.sizeSteps
      let step = min(steps.count - 1, 1 + round + Int.random(in: 0...2, using: &random))
      let path = [family.group, kind, size]
      measures.append((path, family.scale, step))
      semantic.append((path, token(.text("{\(family.scale).\(steps[step])}"), type: "dimension")))
    }
    let sizes = ["xs", "s", "m", "l", "xl", "2xl", "3xl", "4xl", "5xl", "6xl", "7xl", "8xl"]
    for (role, fonts) in [
      ("brand", "sans"), ("editorial", "serif"), ("code", "mono"), ("display", "display"),
    ] {
      semantic.append((["typeface", role], token(.text("{font.family.\(fonts)}"), type: "fontFamily")))
    }
    for (role, weight) in [("regular", "regular"), ("strong", "bold"), ("emphasis", "semiBold"), ("subtle", "light")] {
      semantic.append((["fontWeight", role], token(.text("{font.weight.\(weight)}"), type: "fontWeight")))
    }
    for (index, role) in Self.typographyRoles.enumerated() {
      for (offset, size) in ["s", "m", "l"].enumerated() {
        let fontSize = min(sizes.count - 1, max(0, 7 - index + offset))
        let value = JSON.object([
          (
            "fontFamily",
            .text(role == "code" ? "{typeface.code}" : index < 2 ? "{typeface.display}" : "{typeface.brand}")
          ),
          ("fontSize", .text("{font.size.\(sizes[fontSize])}")),
          ("fontWeight", .text(index < 3 ? "{fontWeight.strong}" : "{fontWeight.regular}")),
          ("letterSpacing", .text(index < 2 ? "{font.letterSpacing.tight}" : "{font.letterSpacing.normal}")),
          ("lineHeight", .text(index < 3 ? "{font.lineHeight.snug}" : "{font.lineHeight.normal}")),
        ])
        semantic.append((["typography", role, size], token(value, type: "typography")))
      }
    }
    semantic.append((["elevation", "$type"], .text("shadow")))
    for level in 0..<6 {
      func shadow(_ y: Double, _ blur: Double, colour: JSON) -> JSON {
        .object([
          ("color", colour), ("offsetX", .measure(0, "px")), ("offsetY", .measure(y, "px")),
          ("blur", .measure(blur, "px")), ("spread", .measure(0, "px")),
        ])
      }
      let key = shadow(Double(level), Double(level * 2), colour: .text("{color.\(Self.hueName(0)).950}"))
      let ambient = shadow(
        Double(level) / 2, Double(level * 4),
        colour: .object([
          ("colorSpace", .text("srgb")), ("components", .list([0.0, 0, 0].map(JSON.number))),
          ("alpha", .number(0.12)),
        ]))
      semantic.append((["elevation", "\(level)"], token(level < 2 ? key : .list([key, ambient]))))
    }
    for (index, role) in Self.transitionRoles.enumerated() {
      let value = JSON.object([
        ("duration", .text("{motion.duration.\(["fast", "moderate", "slow"][index % 3])}")),
        ("delay", index % 2 == 0 ? JSON.measure(0, "ms") : JSON.text("{motion.duration.delay}")),
        (
          "timingFunction",
          .text("{motion.easing.\(["standard", "decelerate", "accelerate", "emphasized"][index % 4])}")
        ),
      ])
      semantic.append((["transition", role], token(value, type: "transition")))
    }
    for role in Self.borderRoles {
      let value = JSON.object([
        ("color", .text("{\(colour(in: "border"))}")),
        ("width", .text("{borderWidth.\(role == "focus" ? 2 : 1)}")),
        ("style", .text(role == "divider" ? "{stroke.dashedFine}" : "{stroke.solid}")),
      ])
      semantic.append((["border", role], token(value, type: "border")))
    }
    for role in Self.gradientRoles {
      let count = Int.random(in: 2...3, using: &random)
      var stops: [JSON] = []
      for index in 0..<count {
        let hue = Self.hueName(Int.random(in: 0..<hues, using: &random))
        stops.append(
          .object([
            ("color", .text("{color.\(hue).\(Self.steps[index * 4])}")),
            ("position", .number(Double(index) / Double(count - 1))),
          ]))
      }
      semantic.append((["gradient", role], token(.list(stops), type: "gradient")))
    }
    for (index, role) in Self.emphasisRoles.enumerated() {
      semantic.append(
        (["emphasis", role], token(.text("{opacity.\([40, 60, 80, 60, 20, 100][index])}"), type: "number")))
    }
    for (index, role) in Self.shapeRoles.enumerated() {
      semantic.append((["shape", role], token(.text("{radius.\(["s", "m", "l", "full", "full", "s"][index])}"))))
    }
  }

  /// A semantic colour's dotted path, of `area` when there is one.
  private mutating func colour(in area: String) -> String {
    let inArea = colours.filter { $0.path[1] == area }
    return (inArea.isEmpty ? colours : inArea).randomElement(using: &random)!.path.joined(separator: ".")
  }

  private mutating func measure(_ group: String, _ kind: String? = nil) -> String {
    let matching = measures.filter { $0.path[0] == group && (kind == nil || $0.path[1] == kind) }
    let pool = matching.isEmpty ? measures.filter { $0.path[0] == group } : matching
    return pool.randomElement(using: &random)!.path.joined(separator: ".")
  }

  // MARK: Components

  static let componentBases = [
    "button", "iconButton", "textField", "searchBar", "checkbox", "radio", "toggle", "slider", "chip", "badge",
    "avatar", "card", "listItem", "menu", "menuItem", "dialog", "sheet", "toast", "tooltip", "banner", "tabBar", "tab",
    "navigationBar", "toolbar", "segmentedControl", "stepper", "progressBar", "spinner", "divider", "link", "table",
    "tableCell", "breadcrumb", "pagination", "accordion", "datePicker", "popover", "drawer", "header", "footer",
  ]
  static let productLines = ["", "Admin", "Mobile", "Marketing", "Checkout", "Editor", "Docs", "Dashboard"]

  private static func componentName(_ index: Int) -> String {
    let line = index / componentBases.count
    let suffix = line < productLines.count ? productLines[line] : "Line\(line)"
    return componentBases[index % componentBases.count] + suffix
  }

  private mutating func writeComponents(until count: Int) {
    var written = [palette, semantic].reduce(0) { total, entries in total + entries.filter { $0.value.isToken }.count }
    while written < count {
      let name = Self.componentName(componentNames.count)
      componentNames.append(name)
      let before = components.count
      func add(_ path: [String], _ alias: String, type: String, typed: Bool? = nil) {
        let value = token(.text("{\(alias)}"), type: (typed ?? chance(50)) ? type : nil, annotated: true)
        components.append(([name] + path, value))
      }
      add(
        ["background"], colour(in: ["background", "surface", "action"].randomElement(using: &random)!), type: "color")
      add(["foreground"], colour(in: "text"), type: "color")
      add(["iconColor"], colour(in: "icon"), type: "color")
      if chance(50) {
        add(["border"], "border.\(Self.borderRoles.randomElement(using: &random)!)", type: "border")
      } else {
        let value = JSON.object([
          ("color", .text("{\(colour(in: "border"))}")), ("width", .text("{borderWidth.1}")),
          ("style", .text("{stroke.\(["solid", "dashed", "dashedFine"].randomElement(using: &random)!)}")),
        ])
        components.append(([name, "border"], token(value, type: "border", annotated: true)))
      }
      add(["radius"], "shape.\(Self.shapeRoles.randomElement(using: &random)!)", type: "dimension")
      add(["paddingX"], measure("spacing", "inset"), type: "dimension")
      add(["paddingY"], measure("spacing", "inset"), type: "dimension")
      add(["gap"], measure("spacing", "inline"), type: "dimension")
      add(["minHeight"], measure("sizing", "control"), type: "dimension")
      let typography =
        "\(Self.typographyRoles.randomElement(using: &random)!).\(["s", "m", "l"].randomElement(using: &random)!)"
      add(["typography"], "typography.\(typography)", type: "typography")
      add(
        ["fontFamily"], "typeface.\(["brand", "brand", "editorial", "code"].randomElement(using: &random)!)",
        type: "fontFamily")
      add(
        ["fontWeight"], "fontWeight.\(["regular", "strong", "emphasis"].randomElement(using: &random)!)",
        type: "fontWeight")
      add(["shadow"], "elevation.\(Int.random(in: 0..<6, using: &random))", type: "shadow")
      add(["transition"], "transition.\(Self.transitionRoles.randomElement(using: &random)!)", type: "transition")
      add(
        ["duration"], "motion.duration.\(["fast", "moderate", "slow"].randomElement(using: &random)!)", type: "duration"
      )
      add(
        ["easing"], "motion.easing.\(["standard", "decelerate", "emphasized"].randomElement(using: &random)!)",
        type: "cubicBezier")
      add(["opacity"], "emphasis.\(Self.emphasisRoles.randomElement(using: &random)!)", type: "number")
      add(
        ["outline"], "stroke.\(["solid", "dashed", "dotted", "dashedCoarse"].randomElement(using: &random)!)",
        type: "strokeStyle")
      if chance(25) {
        add(["gradient"], "gradient.\(Self.gradientRoles.randomElement(using: &random)!)", type: "gradient")
      } else {
        add(["iconSize"], measure("sizing", "icon"), type: "dimension")
      }
      // States: semantic colours, or the component's own tokens (three deep).
      add(["hover", "background"], colour(in: "action"), type: "color")
      add(["pressed", "background"], colour(in: "action"), type: "color")
      add(["selected", "border"], "\(name).border", type: "border")
      add(["disabled", "opacity"], "\(name).opacity", type: "number")
      add(["focus", "outline"], "\(name).outline", type: "strokeStyle")
      if componentNames.count % 20 == 7 {
        let value = JSON.object(
          token(.text("{\(name).background}")).fields + [("$deprecated", .text("Use \(name).background."))])
        components.append(([name, "legacyBackground"], value))
      }
      if componentNames.count % 20 == 13 {
        let compact = name + "Compact"
        components.append(([compact, "$extends"], .text("{\(name)}")))
        add(["paddingX"], measure("spacing", "inset"), type: "dimension", typed: true)
        components[components.count - 1].path[0] = compact
        add(["minHeight"], measure("sizing", "control"), type: "dimension", typed: true)
        components[components.count - 1].path[0] = compact
      }
      written += components[before...].filter { $0.value.isToken }.count
    }
  }

  // MARK: Contexts, resolver, sheet

  /// The four contexts' files (folder/name) and their tokens.
  private func contexts() -> [(String, Entries)] {
    func colours(dark: Bool) -> Entries {
      let group: Entries = [(["color", "$type"], .text("color"))]
      return group
        + self.colours.map { colour in
          let step = dark ? Self.steps.count - 1 - colour.step : colour.step
          return (
            path: colour.path, value: JSON.object([("$value", .text("{color.\(colour.hue).\(Self.steps[step])}"))])
          )
        }
    }
    func measures(compact: Bool) -> Entries {
      let groups: Entries = [(["spacing", "$type"], .text("dimension")), (["sizing", "$type"], .text("dimension"))]
      return groups
        + self.measures.map { measure in
          let steps = measure.scale == "space" ? Self.spaceSteps : Self.sizeSteps
          let step = compact ? measure.step - 1 : measure.step
          return (path: measure.path, value: JSON.object([("$value", .text("{\(measure.scale).\(steps[step])}"))]))
        }
    }
    return [
      ("theme/light", colours(dark: false)), ("theme/dark", colours(dark: true)),
      ("density/comfortable", measures(compact: false)), ("density/compact", measures(compact: true)),
    ]
  }

  /// The resolver: the set `base` (palette, semantic, components), then
  /// `appearance` and `density`, each context one file of its folder.
  static let resolver: String = {
    func reference(_ target: String) -> JSON { .object([("$ref", .text(target))]) }
    func modifier(_ folder: String, _ contexts: [String]) -> JSON {
      let written: [(String, JSON)] = contexts.map { ($0, JSON.list([reference("\(folder)/\($0).tokens.json")])) }
      return .object([("contexts", .object(written)), ("default", .text(contexts[0]))])
    }
    let base = JSON.object([
      ("description", .text("Palette, semantic and component tokens")),
      ("sources", .list(["palette", "semantic", "components"].map { reference("\($0).tokens.json") })),
    ])
    let order = ["#/sets/base", "#/modifiers/appearance", "#/modifiers/density"].map(reference)
    return JSON.object([
      ("$schema", .text("https://www.designtokens.org/schemas/2025.10/resolver.json")),
      ("name", .text("Generated design system")), ("version", .text("2025.10")),
      ("sets", .object([("base", base)])),
      (
        "modifiers",
        .object([
          ("appearance", modifier("theme", ["light", "dark"])),
          ("density", modifier("density", ["comfortable", "compact"])),
        ])
      ),
      ("resolutionOrder", .list(order)),
    ]).text
  }()

  /// A sheet of about 30 styles over the tokens: `title` on semantic
  /// tokens (a text colour and a spacing, so that it changes with every
  /// context), four styles on each of the first eight components.
  private func sheet(folder: String) -> String {
    let text = colours.first { $0.path[1] == "text" } ?? colours[0]
    let spacing = measures.first { $0.path[0] == "spacing" } ?? measures[0]
    var yaml = """
      version: 1
      tokens: [\(folder)system.resolver.json]
      default: { color: $\(text.path.joined(separator: ".")), font: $typography.body.m }
      styles:
        title:
          color: $\(text.path.joined(separator: "."))
          padding: $\(spacing.path.joined(separator: "."))
          font: $typography.title.l
          transition: $transition.standard
          fill: $gradient.brand

      """
    for name in componentNames.prefix(8) {
      yaml +=
        "  \"\(name)/label\": { color: $\(name).foreground, font: $\(name).typography, weight: $\(name).fontWeight }\n"
      yaml += "  \"\(name)/background\":\n    color: $\(name).background\n    border: $\(name).border\n"
      yaml += "    radius: $\(name).radius\n    shadow: $\(name).shadow\n    padding: $\(name).paddingX\n"
      yaml += "  \"\(name)[disabled]/label\": { color: $\(name).foreground, opacity: $\(name).disabled.opacity }\n"
      yaml +=
        "  \"\(name)[pressed]/background\": { color: $\(name).pressed.background, transition: $\(name).transition, "
      yaml += "easing: $\(name).easing, outline: $\(name).focus.outline }\n"
    }
    return yaml
  }

  /// Checks that the sheet at `path` loads as this set promises: no error
  /// or warning, the two modifiers as axes, and `title` answered with a
  /// different value under each of the four combinations of contexts.
  static func check(sheet path: String) throws {
    let sheet: StyleSheet
    do {
      sheet = try StyleSheet(contentsOf: path)
    } catch {
      throw BenchError("the token workload does not load:\n\(error)")
    }
    guard sheet.warnings.isEmpty else {
      throw BenchError(
        "the token workload loads with warnings:\n" + sheet.warnings.map(\.description).joined(separator: "\n"))
    }
    guard sheet.axes.map(\.name) == ["appearance", "density"] else {
      throw BenchError("the token workload's axes are \(sheet.axes.map(\.name)), not appearance and density")
    }
    let engine = StyleEngine(sheets: [sheet])
    var answers: Set<Properties> = []
    for appearance in ["light", "dark"] {
      for density in ["comfortable", "compact"] {
        let answer = try engine.bestMatch(parsing: "@\(appearance)/@\(density)/title")
        guard answer.match != nil, let properties = answer.properties else {
          throw BenchError("no style answers title under \(appearance) and \(density)")
        }
        answers.insert(properties)
      }
    }
    guard answers.count == 4 else { throw BenchError("title's answer does not change with every context") }
  }

  // MARK: Helpers

  private mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }

  /// A token object: `$value`, a `$type` when given, and with `annotated`
  /// a `$description` and `$extensions` on 10 % each.
  private mutating func token(_ value: JSON, type: String? = nil, annotated: Bool = false) -> JSON {
    var fields: [(String, JSON)] = [("$value", value)]
    if let type { fields.append(("$type", .text(type))) }
    if annotated && chance(10) { fields.append(("$description", .text("Generated token for the bench."))) }
    if annotated && chance(10) {
      let id = "VariableID:\(Int.random(in: 1...9999, using: &random)):\(Int.random(in: 1...999, using: &random))"
      fields.append(
        (
          "$extensions",
          .object([("com.figma", .object([("variableId", .text(id)), ("scopes", .list([.text("ALL_SCOPES")]))]))])
        ))
    }
    return .object(fields)
  }
}

/// JSON as design tools write it: two-space indent, every object and list expanded.
indirect enum JSON {
  case text(String)
  case number(Double)
  case list([JSON])
  case object([(String, JSON)])

  /// A dimension or duration object.
  static func measure(_ value: Double, _ unit: String) -> JSON {
    .object([("value", .number(value)), ("unit", .text(unit))])
  }

  /// Whether this is a token (an object with `$value`), not a group's property.
  var isToken: Bool { fields.contains { $0.0 == "$value" } }

  var fields: [(String, JSON)] {
    if case .object(let fields) = self { fields } else { [] }
  }

  /// Entries nested by their paths, in the order each name first appears.
  static func tree(_ entries: [(path: [String], value: JSON)]) -> JSON {
    var order: [String] = []
    var inner: [String: [(path: [String], value: JSON)]] = [:]
    for (path, value) in entries {
      if inner[path[0]] == nil { order.append(path[0]) }
      inner[path[0], default: []].append((Array(path.dropFirst()), value))
    }
    return .object(
      order.map { name in
        let items = inner[name]!
        return (name, items.count == 1 && items[0].path.isEmpty ? items[0].value : tree(items))
      })
  }

  var text: String {
    var text = ""
    write(into: &text, indent: "")
    return text + "\n"
  }

  private func write(into text: inout String, indent: String) {
    let inner = indent + "  "
    switch self {
    case .text(let value):
      text +=
        "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        + "\""
    case .number(let value):
      text += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    case .list(let items):
      text += "[\n"
      for (index, item) in items.enumerated() {
        text += inner
        item.write(into: &text, indent: inner)
        text += index == items.count - 1 ? "\n" : ",\n"
      }
      text += indent + "]"
    case .object(let fields):
      text += "{\n"
      for (index, (key, value)) in fields.enumerated() {
        text += inner + "\"" + key + "\": "
        value.write(into: &text, indent: inner)
        text += index == fields.count - 1 ? "\n" : ",\n"
      }
      text += indent + "}"
    }
  }
}
