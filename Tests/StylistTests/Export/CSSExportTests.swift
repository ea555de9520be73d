import Foundation
import Testing

@testable import Stylist

/// The CSS export, parsed back: every custom property of `:root` and of
/// each theme's rule is read as CSS reads it and compared with the
/// variable's value as a query sees it.
@Suite struct CSSExportTests {
  /// Rules by selector, each its declarations by (unescaped) name, in order.
  private func parse(_ css: String) -> [(selector: String, declarations: [(name: String, value: String)])] {
    var rules: [(selector: String, declarations: [(name: String, value: String)])] = []
    #expect(css.hasPrefix(ExportFormat.css.header))
    let css = String(css.dropFirst(ExportFormat.css.header.count))
    for block in css.components(separatedBy: "}\n") where !block.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    {
      let parts = block.components(separatedBy: " {\n")
      #expect(parts.count == 2, "a rule is a selector and its declarations: \(block)")
      guard parts.count == 2 else { continue }
      var declarations: [(name: String, value: String)] = []
      for line in parts[1].split(separator: "\n") {
        #expect(line.hasPrefix("  --") && line.hasSuffix(";"), "a declaration: \(line)")
        let text = line.dropFirst(2).dropLast()
        let colon = Self.unescapedColon(in: text)
        declarations.append((Self.unescaped(String(text[..<colon])), String(text[text.index(colon, offsetBy: 2)...])))
      }
      rules.append((parts[0].trimmingCharacters(in: .whitespacesAndNewlines), declarations))
    }
    return rules
  }

  private static func unescapedColon(in text: Substring) -> Substring.Index {
    var index = text.startIndex
    while index < text.endIndex {
      if text[index] == "\\" { index = text.index(after: index) } else if text[index] == ":" { return index }
      index = text.index(after: index)
    }
    return text.endIndex
  }

  /// A CSS identifier with its escapes undone (`\ ` a space, `\24 ` `$`).
  private static func unescaped(_ name: String) -> String {
    var result = ""
    var scalars = Array(name.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
      guard scalar == "\\", let next = scalars.first else {
        result.unicodeScalars.append(scalar)
        continue
      }
      let hex = scalars.prefix { $0.properties.isASCIIHexDigit }.prefix(6)
      if !hex.isEmpty {
        result.unicodeScalars.append(Unicode.Scalar(UInt32(String(String.UnicodeScalarView(hex)), radix: 16)!)!)
        scalars = scalars.dropFirst(hex.count)
        if scalars.first == " " { scalars = scalars.dropFirst() }
      } else {
        result.unicodeScalars.append(next)
        scalars = scalars.dropFirst()
      }
    }
    return result
  }

  /// Whether `css`, as CSS reads it, is `value`.
  private static func reads(_ css: String, as value: PropertyValue) -> Bool {
    if let color = StyleColor(value), !(value.stringValue.map { !$0.hasPrefix("#") } ?? false) {
      return readsColor(css, as: color)
    }
    switch value {
    case .int(let number): return Double(css) == Double(number)
    case .double(let number): return Double(css) == number
    case .bool(let flag): return css == String(flag)
    case .string(let text):
      return css == text
        || css == "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
          + "\""
    case .list(let items):
      var css = css
      if css.hasPrefix("cubic-bezier("), css.hasSuffix(")") { css = String(css.dropFirst(13).dropLast()) }
      let parts = css.components(separatedBy: ", ")
      return parts.count == items.count && zip(parts, items).allSatisfy { reads($0, as: $1) }
    case .map(let map):
      guard let number = map["value"]?.doubleValue, let unit = map["unit"]?.stringValue, css.hasSuffix(unit),
        let written = Double(css.dropLast(unit.count))
      else { return false }
      return written == number
    case .null: return css == "initial"
    }
  }

  private static func readsColor(_ css: String, as color: StyleColor) -> Bool {
    if css.hasPrefix("#") { return StyleColor(hex: css)?.hex == color.hex }
    guard let open = css.firstIndex(of: "("), css.hasSuffix(")") else { return false }
    var function = String(css[..<open])
    var arguments = css[css.index(after: open)..<css.index(before: css.endIndex)].split(separator: " ").map(String.init)
    if function == "color" { function = arguments.removeFirst() }
    var alpha = 1.0
    if let slash = arguments.firstIndex(of: "/") {
      alpha = Double(arguments[slash + 1])!
      arguments = Array(arguments[..<slash])
    }
    let components = arguments.map { $0 == "none" ? nil : Double($0.hasSuffix("%") ? String($0.dropLast()) : $0) }
    return function == color.colorSpace.rawValue && components == color.components && alpha == color.alpha
  }

  /// The values a query sees for every variable under `themes`, as leaves
  /// (a map that is no colour, dimension or duration split by key, a list
  /// holding such a map or a list by index), by path joined with `-`.
  private func leaves(_ sheet: StyleSheet, paths: [String], themes: [String]) -> [String: PropertyValue] {
    let properties = StyleEngine(sheets: [sheet], themes: Set(themes)).bestMatch(for: "probe").properties ?? [:]
    var result: [String: PropertyValue] = [:]
    func isSingle(_ value: PropertyValue) -> Bool {
      guard value.mapValue != nil else { return true }
      return StyleColor(value) != nil || value.dimensionValue != nil || value.durationValue != nil
    }
    func add(_ value: PropertyValue, _ name: String) {
      switch value {
      case .map(let map) where !isSingle(value) && !map.isEmpty:
        for (key, entry) in map { add(entry, name + "-" + key) }
      case .list(let items) where items.contains(where: { !isSingle($0) || $0.isList }):
        for (index, item) in items.enumerated() { add(item, name + "-\(index)") }
      default: result[name] = value
      }
    }
    for (key, value) in properties { add(value, paths[Int(key.dropFirst())!].replacingOccurrences(of: ".", with: "-")) }
    return result
  }

  @Test func everyValueOfTheTokenFixturesReadsBackAsTheVariable() throws {
    let files = try TokenFiles()
    let sheetPath = FixturePaths.path("tokens/app.yaml")
    let sheet = try StyleSheet(contentsOf: sheetPath)
    let export = try TokenExport(sheet: sheet)
    let rules = parse(export.files(.css)[0].text)
    let paths = ExportSheets.variablePaths(export)
    let probed = try StyleSheet(contentsOf: [sheetPath, try files.write("probe.yaml", ExportSheets.probe(paths))])
    let base = leaves(probed, paths: paths, themes: [])
    #expect(rules.first?.selector == ":root")
    #expect(Set(rules[0].declarations.map(\.name)) == Set(base.keys.map { "--" + $0 }))
    for (name, css) in rules[0].declarations {
      #expect(Self.reads(css, as: base[String(name.dropFirst(2))]!), "\(name): \(css)")
    }
    let themed = export.axes.flatMap(\.themes)
    var expectedRules = 1
    for theme in themed {
      let values = leaves(probed, paths: paths, themes: [theme])
      let changed = values.filter { base[$0.key] != $0.value }
      guard !changed.isEmpty else { continue }
      expectedRules += 1
      let rule = rules.first { $0.selector == "[data-theme~=\"\(theme)\"]" }
      #expect(Set(rule?.declarations.map(\.name) ?? []) == Set(changed.keys.map { "--" + $0 }), "\(theme)")
      for (name, css) in rule?.declarations ?? [] {
        #expect(Self.reads(css, as: changed[String(name.dropFirst(2))]!), "\(theme) \(name): \(css)")
      }
    }
    #expect(rules.count == expectedRules)
    #expect(expectedRules >= 3)
  }

  /// A timing curve is a CSS `cubic-bezier()`, as a token or as a
  /// transition's part; another list of four numbers stays a list.
  @Test func timingCurvesAreCubicBeziers() throws {
    let files = try TokenFiles()
    let tokens = try files.write(
      "t.tokens.json",
      """
      {
        "ease": { "$type": "cubicBezier", "$value": [0.25, 0.1, 0.25, 1] },
        "fade": { "$type": "transition", "$value": {
          "duration": { "value": 150, "unit": "ms" }, "delay": { "value": 0, "unit": "ms" },
          "timingFunction": "{ease}" } },
        "grid": { "$value": [1, 2, 3, 4] }
      }
      """)
    let sheet = try StyleSheet(contentsOf: try files.write("s.yaml", "tokens: [\(tokens)]\n"))
    let css = try TokenExport(sheet: sheet).files(.css)[0].text
    #expect(css.contains("  --ease: cubic-bezier(0.25, 0.1, 0.25, 1);\n"))
    #expect(css.contains("  --fade-timingFunction: cubic-bezier(0.25, 0.1, 0.25, 1);\n"))
    #expect(css.contains("  --grid: 1, 2, 3, 4;\n"))
  }

  @Test func namesAreEscapedAndColoursKeepTheirSpace() throws {
    let files = try TokenFiles()
    let tokens = try files.write(
      "t.tokens.json",
      """
      {
        "a b": { "$type": "number", "$value": 1 },
        "p3": { "$type": "color", "$value": { "colorSpace": "display-p3", "components": [1, 0, 0.5], "alpha": 0.5 } },
        "hsl": { "$type": "color", "$value": { "colorSpace": "hsl", "components": [120, 50, "none"] } },
        "c": { "x:y": { "$type": "number", "$value": 2 }, "9": { "$type": "dimension", "$value": { "value": 2, "unit": "rem" } } },
        "s": { "$value": "a;b" }
      }
      """)
    let sheet = try StyleSheet(contentsOf: tokens)
    let css = try TokenExport(sheet: sheet).files(.css)[0].text
    #expect(
      css == """
        /* Design tokens exported by `stylist export --format css`. */
        :root {
          --a\\ b: 1;
          --p3: color(display-p3 1 0 0.5 / 0.5);
          --hsl: hsl(120 50% none);
          --c-x\\:y: 2;
          --c-9: 2rem;
          --s: "a;b";
        }

        """)
  }
}
