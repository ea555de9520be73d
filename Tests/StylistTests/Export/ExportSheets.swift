import Foundation

@testable import Stylist

/// Sheets for the export tests: the design-token fixtures, a generated
/// sheet with two axes and unlisted themes, and a probe that reads every
/// variable through a style, so that values are compared as queries see them.
enum ExportSheets {
  /// A sheet of `count` variables in four groups: colours (hex strings),
  /// numbers, dimensions, references to earlier variables, strings and
  /// lists, one interpolation; themes `dark` (axis `appearance`, default
  /// `light`), `compact` (axis `density`, no default) and the unlisted `hc`
  /// each change some of them, with literals and references.
  static func generated(count: Int = 40) -> String {
    func path(_ index: Int) -> String { "grp\(index % 4).v\(index)" }
    func literal(_ index: Int, variant: Int) -> String {
      switch index % 5 {
      case 0: String(format: "\"#%02x%02x%02x\"", (index * 37 + variant * 90) % 256, (index * 11) % 256, variant * 60)
      case 1: variant == 0 ? "\(index)" : "\(Double(index) + 0.5 * Double(variant))"
      case 2: "{ value: \(index + variant), unit: \(variant == 2 ? "rem" : "px") }"
      case 3: "$\(path(index - 1 - variant))"
      default: variant == 1 ? "[\"Inter\", \"sans-serif\", \(index)]" : "\"font-\(index)-\(variant)\""
      }
    }
    func groups(_ indices: [Int], variant: Int) -> String {
      var text = ""
      for group in 0..<4 {
        let members = indices.filter { $0 % 4 == group }
        guard !members.isEmpty else { continue }
        text += "    grp\(group):\n"
        for index in members { text += "      v\(index): \(literal(index, variant: variant))\n" }
      }
      return text
    }
    let all = Array(0..<count)
    return """
      axes:
        appearance: { themes: [light, dark], default: light }
        density: [regular, compact]
      variables:
      \(groups(all, variant: 0).split(separator: "\n").map { "  " + $0.dropFirst(4) }.joined(separator: "\n"))
        label: "w-${grp1.v1} $$"
      themes:
        dark:
          variables:
      \(groups(all.filter { $0 % 3 == 0 || $0 == 1 }, variant: 1).split(separator: "\n").map { "      " + $0.dropFirst(4) }.joined(separator: "\n"))
        compact:
          variables:
      \(groups(all.filter { $0 % 4 == 2 && $0 % 3 != 0 }, variant: 2).split(separator: "\n").map { "      " + $0.dropFirst(4) }.joined(separator: "\n"))
        hc:
          variables:
      \(groups(all.filter { $0 % 6 == 5 }, variant: 3).split(separator: "\n").map { "      " + $0.dropFirst(4) }.joined(separator: "\n"))

      """
  }

  /// A sheet whose style `probe` has one property per variable path, each
  /// the variable's typed value.
  static func probe(_ paths: [String]) -> String {
    var text = "styles:\n  probe:\n"
    for (index, path) in paths.enumerated() { text += "    p\(index): \"${\(path)}\"\n" }
    return text
  }

  /// Every variable's path as the export writes them (a leaf, an empty
  /// map, a colour or dimension object), under no theme or any.
  static func variablePaths(_ export: TokenExport) -> [String] {
    Set((export.base + export.themed.flatMap(\.variables)).map(\.dottedPath)).sorted()
  }

  /// Every set of current themes a query can have: per axis each theme,
  /// and none where the axis has no default.
  static func themeCombinations(_ export: TokenExport) -> [[String]] {
    var combinations: [[String]] = [[]]
    for axis in export.axes {
      let choices: [String?] = axis.themes + (axis.defaultTheme == nil ? [nil] : [])
      combinations = combinations.flatMap { combination in choices.map { combination + ($0.map { [$0] } ?? []) } }
    }
    return combinations
  }
}

extension ExportSheets {
  /// Names that no Swift identifier or CSS name is as written: keywords,
  /// leading digits, spaces, names equal after conversion, non-ASCII, the
  /// export's own type names.
  static let awkwardNames = [
    "default", "class", "Type", "self", "Self", "init", "_", "1x", "2-col", "Body Large", "body-large", "bodyLarge",
    "café", "日本", "Tokens", "TokenColor", "Swift", "String", "$root", "a:b", "with \"quote\"",
  ]

  /// A DTCG token set as design tools export one: `groups` groups of 40
  /// tokens cycling through every type of 2025.10 and several colour
  /// spaces, aliases into earlier groups, a group of awkward names, and a
  /// resolver with two modifiers (`appearance`: light, dark; `density`:
  /// comfortable, compact), whose dark and compact contexts change a
  /// tenth of the tokens. Written into `files`; returns the sheet naming it.
  static func tokenSet(groups: Int, files: TokenFiles) throws -> String {
    func token(_ type: String, _ value: PropertyValue) -> PropertyValue { ["$type": .string(type), "$value": value] }
    func color(_ space: String, _ components: [PropertyValue], alpha: Double = 1) -> PropertyValue {
      ["colorSpace": .string(space), "components": .list(components), "alpha": .double(alpha)]
    }
    func dimension(_ value: Double, _ unit: String = "px") -> PropertyValue {
      ["value": .double(value), "unit": .string(unit)]
    }
    func value(_ group: Int, _ index: Int, variant: Int) -> PropertyValue {
      let n = Double(group * 40 + index + variant)
      switch index % 14 {
      case 0: return token("color", color("srgb", [.double(n.truncatingRemainder(dividingBy: 10) / 10), 0.5, 0.25]))
      case 1: return token("color", color("oklch", [0.6, 0.1, .double(n.truncatingRemainder(dividingBy: 360))]))
      case 2: return token("color", color("display-p3", [1, .double(0.5 / (n + 1)), 0], alpha: 0.5))
      case 3: return token("dimension", dimension(n, index % 2 == 0 ? "px" : "rem"))
      case 4: return token("duration", ["value": .double(n * 10), "unit": "ms"])
      case 5: return token("number", .double(n / 4))
      case 6: return token("fontFamily", ["Inter", "Helvetica Neue", .string("f\(Int(n))")])
      case 7: return token("fontWeight", .int(100 * (1 + Int(n) % 9)))
      case 8: return token("cubicBezier", [0.25, 0.1, .double(n / 1000), 1])
      case 9:
        return token(
          "shadow",
          [
            [
              "color": color("srgb", [0, 0, 0], alpha: 0.2), "offsetX": dimension(0), "offsetY": dimension(n),
              "blur": dimension(2 * n), "spread": dimension(0),
            ]
          ])
      case 10:
        return token(
          "typography",
          [
            "fontFamily": "Inter", "fontSize": dimension(n), "fontWeight": 400, "letterSpacing": dimension(0),
            "lineHeight": 1.5,
          ])
      case 11: return group > 0 ? ["$value": .string("{g\(group - 1).t\(index - 11)}")] : token("number", 1)
      case 12: return token("strokeStyle", variant == 0 ? "dashed" : "solid")
      default:
        return token("border", ["color": .string("{g\(group).t0}"), "width": dimension(1), "style": "solid"])
      }
    }
    func tokens(variant: Int, keep: (Int, Int) -> Bool) -> PropertyValue {
      var root = Properties()
      for group in 0..<groups {
        var members = Properties()
        for index in 0..<40 where keep(group, index) { members["t\(index)"] = value(group, index, variant: variant) }
        if !members.isEmpty { root["g\(group)"] = .map(members) }
      }
      var awkward = Properties()
      for (index, name) in awkwardNames.enumerated() where keep(0, index) {
        awkward[name] = token("number", .int(index + variant * 100))
      }
      if !awkward.isEmpty { root["names"] = .map(awkward) }
      return .map(root)
    }
    try files.write("set.tokens.json", tokens(variant: 0) { _, _ in true }.jsonText)
    try files.write("dark.tokens.json", tokens(variant: 1) { group, index in (group + index) % 10 == 0 }.jsonText)
    try files.write("compact.tokens.json", tokens(variant: 2) { group, index in (group + index) % 10 == 5 }.jsonText)
    try files.write(
      "system.resolver.json",
      """
      {
        "version": "2025.10",
        "sets": { "set": { "sources": [{ "$ref": "set.tokens.json" }] } },
        "modifiers": {
          "appearance": { "contexts": { "light": [], "dark": [{ "$ref": "dark.tokens.json" }] }, "default": "light" },
          "density": { "contexts": { "comfortable": [], "compact": [{ "$ref": "compact.tokens.json" }] } }
        },
        "resolutionOrder": [{ "$ref": "#/sets/set" }, { "$ref": "#/modifiers/appearance" }, { "$ref": "#/modifiers/density" }]
      }
      """)
    return try files.write("app.yaml", "tokens: [system.resolver.json]\n")
  }
}
