import Foundation
import Testing

@testable import Stylist

@Suite struct SCSSExportTests {
  /// How the probe prints a leaf: a colour as its channels and alpha, a
  /// string interpolated (unquoted), anything else as Sass inspects it.
  private func print(_ expression: String, _ value: PropertyValue) -> String {
    if StyleColor(value) != nil {
      return "red(\(expression)) green(\(expression)) blue(\(expression)) alpha(\(expression))"
    }
    return value.stringValue != nil ? "\"#{\(expression)}\"" : "inspect(\(expression))"
  }

  /// Whether `printed` (Sass's output for a leaf) is `value`.
  private static func reads(_ printed: String, as value: PropertyValue) -> Bool {
    if let color = StyleColor(value) {
      let srgb = color.srgb
      let channels = srgb.values.map { Double(Int((StyleColor.unit($0) * 255).rounded())) } + [srgb.alpha]
      let numbers = printed.split(separator: " ").map { Double($0) }
      return numbers.count == 4 && zip(numbers, channels).allSatisfy { PlatformTools.close($0, $1) }
    }
    switch value {
    case .int(let number): return PlatformTools.close(Double(printed), Double(number))
    case .double(let number): return PlatformTools.close(Double(printed), number)
    case .bool(let flag): return printed == String(flag)
    case .string(let text): return printed == "\"" + text + "\""
    case .null: return printed == "null"
    case .list(let items):
      var printed = printed
      if printed.hasPrefix("cubic-bezier("), printed.hasSuffix(")") {
        printed = String(printed.dropFirst(13).dropLast())
      }
      if printed.hasPrefix("("), printed.hasSuffix(")") { printed = String(printed.dropFirst().dropLast()) }
      let parts = printed.components(separatedBy: ", ")
      return parts.count == items.count
        && zip(parts, items).allSatisfy { part, item in
          if case .string(let text) = item { return part == "\"" + text + "\"" }
          return reads(part, as: item)
        }
    case .map(let map):
      if map.isEmpty { return printed == "()" }
      guard let number = map["value"]?.doubleValue, let unit = map["unit"]?.stringValue, printed.hasSuffix(unit)
      else { return false }
      return PlatformTools.close(Double(printed.dropLast(unit.count)), number)
    }
  }

  /// The values of each declaration `pN: value` of each rule of `css`, by rule.
  private func rules(_ css: String) -> [String: [String]] {
    var result: [String: [String]] = [:]
    var current = ""
    for line in css.split(separator: "\n").map(String.init) {
      if line.hasSuffix(" {") {
        current = String(line.dropFirst().dropLast(2))
      } else if line.hasPrefix("  p"), let colon = line.firstIndex(of: ":") {
        var value = String(line[line.index(colon, offsetBy: 2)...])
        if value.hasSuffix(" }") { value = String(value.dropLast(2)) }
        if value.hasSuffix(";") { value = String(value.dropLast()) }
        result[current, default: []].append(value)
      }
    }
    return result
  }

  /// A generated token set of 1,200 tokens (every type, awkward names, two
  /// modifiers) exports to SCSS that `sassc` compiles.
  @Test func aRealSizedTokenSetCompiles() throws {
    let files = try TokenFiles()
    let export = try TokenExport(sheet: try StyleSheet(contentsOf: try ExportSheets.tokenSet(groups: 30, files: files)))
    try files.write("scss/_tokens.scss", export.files(.scss)[0].text)
    try files.write("scss/probe.scss", "@import \"tokens\";\n.p { a: $g0-t0; b: map-get($theme-dark, \"g0-t0\"); }\n")
    let compiled = try PlatformTools.run("sassc", ["probe.scss"], in: files.folder + "/scss", package: "sassc")
    #expect(compiled.status == 0, "sassc failed:\n\(compiled.error.prefix(2_000))")
  }

  /// The Fixtures' token set (its resolver with two modifiers) exports to
  /// SCSS that `sassc` compiles, and a probe compiled against it prints
  /// every leaf's value under no theme (its variable) and under each theme
  /// (its map's entry) as the sheet's; each theme's map holds exactly what
  /// the theme changes.
  @Test func everyValueOfTheTokenFixturesReadsBackUnderEveryTheme() throws {
    let files = try TokenFiles()
    for (index, sheetPath) in [FixturePaths.path("tokens/app.yaml")].enumerated() {
      let export = try TokenExport(sheet: try StyleSheet(contentsOf: sheetPath))
      let file = export.files(.scss)[0]
      #expect(file.path == "_tokens.scss")
      try files.write("scss\(index)/_tokens.scss", file.text)
      let base = try PlatformTools.leaves(export, sheet: sheetPath, themes: [])
      let changes = try PlatformTools.changes(export, sheet: sheetPath, base: base)
      var names = SCSSRenderer.names()
      for (path, _) in ExportLeaves.flattened(export.base) + ExportLeaves.changes(export).flatMap(\.leaves) {
        names.add(.leaf(path), escaped: SCSSRenderer.escaped(path))
      }
      for (theme, _) in changes { names.add(.theme(theme), escaped: SCSSRenderer.escaped(["theme", theme])) }
      let variables = file.text.split(separator: "\n").filter { $0.hasPrefix("$") && !$0.hasSuffix("(") }
      #expect(variables.count == base.count + changes.filter { $0.leaves.isEmpty }.count)

      var checks: [String: [(path: [String], value: PropertyValue)]] = [:]
      var probe = "@import \"tokens\";\n"
      let sortedBase = base.sorted { $0.key.lexicographicallyPrecedes($1.key) }
      probe += ".base {\n"
      for (number, (path, value)) in sortedBase.enumerated() {
        probe += "  p\(number): \(print("$" + names.name(.leaf(path)), value));\n"
        checks["base", default: []].append((path, value))
      }
      probe += "}\n"
      for (theme, leaves) in changes {
        let map = "$" + names.name(.theme(theme))
        let rule = "theme-\(checks.count)"
        probe += ".\(rule) {\n  p0: inspect(map-keys(\(map)));\n"
        let keys = leaves.keys.map { names.name(.leaf($0)) }.sorted()
        checks[rule, default: []].append(([], .string(keys.map { "\"\($0)\"" }.joined(separator: ", "))))
        for (number, (path, value)) in leaves.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }).enumerated() {
          let entry = "map-get(\(map), \(SCSSRenderer.string(names.name(.leaf(path)))))"
          probe += "  p\(number + 1): \(print(entry, value));\n"
          checks[rule, default: []].append((path, value))
        }
        probe += "}\n"
      }
      try files.write("scss\(index)/probe.scss", probe)
      let compiled = try PlatformTools.run(
        "sassc", ["probe.scss"], in: files.folder + "/scss\(index)", package: "sassc")
      try #require(compiled.status == 0, "sassc failed:\n\(compiled.error.prefix(2_000))")
      let printed = rules(compiled.output)
      for (rule, expected) in checks {
        let values = printed[rule] ?? []
        #expect(values.count == expected.count, "\(rule)")
        for (value, (path, sheetValue)) in zip(values, expected) {
          if path.isEmpty {
            // The map's keys, in any order.
            #expect(
              Set(value.components(separatedBy: ", "))
                == Set(sheetValue.stringValue!.components(separatedBy: ", ")).subtracting([""])
                || (value == "()" && sheetValue.stringValue!.isEmpty), "\(rule) keys")
          } else {
            #expect(Self.reads(value, as: sheetValue), "\(rule) \(path): \(value) is not \(sheetValue)")
          }
        }
      }
    }
  }

  /// Names are Sass identifiers whatever the sheet's names: words joined
  /// with `-`, `_` before a leading digit; names that Sass reads as one
  /// (`c_d` and `c-d`: `_` is `-` to Sass) get `--2`, which no real name
  /// holds, the same in every theme's map.
  @Test func clashingNamesGetASuffixNoRealNameHas() throws {
    let sheet = try StyleSheet(contentsOf: FixturePaths.path("export/clashes.yaml"))
    let text = try TokenExport(sheet: sheet).files(.scss)[0].text
    #expect(
      text == """
        // Design tokens exported by `stylist export --format scss`.
        $u00fcber: 6;
        $u65e5u672c: 7;
        $a-b: 1;
        $a-b--2: 2;
        $a-b-2: 3;
        $c-d: 4;
        $c-d--2: 5;

        $theme-dark: (
          "a-b--2": 20,
          "c-d--2": 50
        );

        """)
    #expect(SCSSRenderer.escaped(["1x", "Body Large"]) == "_1x-Body-Large")
    #expect(SCSSRenderer.escaped(["$root"]) == "root")
    #expect(SCSSRenderer.escaped(["--"]) == "v")
  }
}
