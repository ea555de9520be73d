import Foundation
import Testing

@testable import Stylist

/// Every format that can be read back gives back every variable under every
/// theme combination: random sheets with two axes of their own and a
/// resolver modifier (one context's name has a space), references and
/// interpolations that themes redirect, colour and dimension objects, empty
/// maps, odd strings (ones that read as aliases, `$`, unicode, CSS's
/// special characters), non-finite numbers and odd names (clashing after
/// escaping, keywords, leading digits, unicode). DTCG is imported through a
/// sheet naming the resolver; CSS is parsed and applied as a browser does;
/// Swift's names are the same in every namespace.
@Suite struct ExportRoundTripTests {
  static let seeds = 0..<80

  @Test func dtcgImportsBackUnderEveryCombination() throws {
    for seed in Self.seeds {
      let files = try TokenFiles()
      let (original, export) = try Self.exported(seed: seed, files: files)
      try export.write(.dtcg, to: files.folder + "/out")
      let importer = try files.write("import.yaml", "tokens: [out/\(DTCGRenderer.resolverName)]\n")
      let imported: StyleSheet
      do { imported = try StyleSheet(contentsOf: importer) } catch {
        Issue.record("seed \(seed): the export does not import: \(error)")
        continue
      }
      for themes in ExportSheets.themeCombinations(export) {
        let expected = try Self.values(original, themes)
        let actual = try Self.values(imported, themes)
        #expect(expected.count > 5)
        for (path, value) in expected {
          #expect(
            actual[path].map(value.isSame) == true,
            "seed \(seed), \(path) under \(themes): \(value) came back \(actual[path].map { "\($0)" } ?? "missing")")
        }
      }
    }
  }

  @Test func cssGivesEveryValueUnderEveryCombination() throws {
    for seed in Self.seeds {
      let files = try TokenFiles()
      let (original, export) = try Self.exported(seed: seed, files: files)
      let css = export.files(.css)[0].text
      let rules = Self.parse(css)
      let names = Self.cssNames(export)
      for themes in ExportSheets.themeCombinations(export) {
        let computed = Self.cascade(rules, dataTheme: themes.map(Self.word))
        for (path, value) in ExportLeaves.flattened(try Self.evaluated(original, themes)) {
          guard let name = names[path] else {
            Issue.record("seed \(seed): no property for \(path)")
            continue
          }
          #expect(
            computed[name] == CSSRenderer.value(value),
            "seed \(seed), \(path) (\(name)) under \(themes): \(computed[name] ?? "unset")\n\(css)")
        }
      }
    }
  }

  @Test func swiftNamesAreTheSameInEveryNamespace() throws {
    for seed in Self.seeds {
      let files = try TokenFiles()
      let (_, export) = try Self.exported(seed: seed, files: files)
      let members = Self.swiftMembers(export.files(.swift)[0].text)
      let tokens = Set(members["Tokens"] ?? [])
      #expect(tokens.count > 5)
      for (namespace, paths) in members where namespace != "Tokens" {
        for path in paths {
          #expect(tokens.contains(path), "seed \(seed): \(namespace).\(path) is no member of Tokens")
        }
      }
    }
  }

  /// The Swift of a few seeds compiles, each theme's members reached by
  /// the names `Tokens` gives them.
  @Test(arguments: [3, 11])
  func swiftCompiles(seed: Int) throws {
    let files = try TokenFiles()
    let (_, export) = try Self.exported(seed: seed, files: files)
    let text = export.files(.swift)[0].text
    try files.write("Tokens.swift", text)
    var reach = "func reach() {\n"
    for (namespace, paths) in Self.swiftMembers(text) where namespace != "Tokens" {
      for path in paths { reach += "  _ = (Tokens.\(path), TokenThemes.\(namespace).\(path))\n" }
    }
    try files.write("Reach.swift", reach + "}\n")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc", "-parse-as-library", "-typecheck", "Tokens.swift", "Reach.swift"]
    process.currentDirectoryURL = URL(fileURLWithPath: files.folder)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "seed \(seed):\n\(printed.prefix(3_000))\n\(text)")
  }

  // MARK: - The sheets

  /// The sheet of `seed` written into `files`, loaded, and its export.
  static func exported(seed: Int, files: TokenFiles) throws -> (StyleSheet, TokenExport) {
    var generator = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
    let sheet = try files.write("app.yaml", generate(using: &generator, files: files))
    let loaded = try StyleSheet(contentsOf: sheet)
    return (loaded, try TokenExport(sheet: loaded))
  }

  /// Sheet variable names: clashing after escaping (`a-b` beside the map
  /// `a`'s `b`, `c_d` beside `c-d`), keywords, the export's type names.
  static let sheetNames = [
    "a-b", "a-b-2", "c_d", "c-d", "class", "default", "Tokens", "self", "x", "y", "brand", "pad", "body-large",
    "bodyLarge",
  ]
  /// Token names no sheet can spell: leading digits, spaces, unicode, `$root`.
  static let tokenNames = ["1x", "2-col", "Body Large", "über", "日本", "😀", "a:b", "with \"quote\"", "$root", "ß"]
  /// Strings that read as something else somewhere: an alias, a
  /// reference, CSS's and Swift's special characters, a hex colour.
  static let texts = [
    "{brand}", "{a.b}", "$", "a $ b", "$$x", "price $5", "é☃😀", "semi;colon", "quote\"d", "back\\slash", "",
    " lead", "curly {x}", "#abc", "100%", "\\{brand}", "line\nbreak", "var(--a)",
  ]

  /// What a variable holds, kept by every theme: a scalar (which a
  /// template may interpolate), a list, or a colour, dimension or duration
  /// object.
  private enum Kind: Equatable {
    case scalar, list
    case object(Int)
  }

  /// One random sheet: axes `appearance` (light, dark; default light) and
  /// `density` (regular, compact; no default), the unlisted theme `hc`,
  /// and a resolver whose modifier `mode` has `day` and `night mode`.
  static func generate(using generator: inout SeededGenerator, files: TokenFiles) throws -> String {
    var variables: [(path: [String], kind: Kind)] = []
    func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &generator)] }
    func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < p }
    func quoted(_ text: String) -> String {
      var result = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "$": result += "$$"
        default: result.unicodeScalars.append(scalar)
        }
      }
      return result + "\""
    }
    /// A value of `kind` for the variable at `index`, referring only to
    /// earlier scalars, so no theme makes a cycle.
    func value(_ index: Int, _ kind: Kind) -> String {
      let scalars = variables.prefix(index).filter { $0.kind == .scalar }.map { $0.path.joined(separator: ".") }
      switch kind {
      case .object(let shape):
        switch shape {
        case 0:
          return
            "{ colorSpace: display-p3, components: [1, \(pick(["0.5", "0", "0.25"])), 0], alpha: \(pick(["0.8", "1", "0.5"])) }"
        case 1: return "{ colorSpace: srgb, components: [0, \(pick(["0.5", "1"])), 1] }"
        case 2: return "{ value: \(Int.random(in: 0..<20, using: &generator)), unit: \(pick(["px", "rem"])) }"
        default: return "{ value: \(Int.random(in: 1..<900, using: &generator)), unit: ms }"
        }
      case .list:
        let reference = scalars.isEmpty ? "3" : "$" + pick(scalars)
        return pick(["[1, 2, 3]", "[1, 2.5]", "[\"Inter\", \"{brand}\"]", "[\(quoted(pick(texts))), \(reference)]"])
      case .scalar:
        switch Int.random(in: 0..<9, using: &generator) {
        case 0, 1: return quoted(pick(texts))
        case 2: return String(format: "\"#%02X3B3B\"", Int.random(in: 0..<256, using: &generator))
        case 3: return "\(Int.random(in: -5..<100, using: &generator))"
        case 4: return pick(["0.5", "2.25", ".inf", "-.inf", ".nan", "1e300", "true"])
        case 5, 6:
          guard !scalars.isEmpty else { return "\(index)" }
          return "$" + pick(scalars)
        default:
          guard !scalars.isEmpty else { return quoted("plain \(index)") }
          return "\"${\(pick(scalars))}px solid ${\(pick(scalars))} $$\""
        }
      }
    }
    /// `entries` as a YAML block at `indent`, the group `a` nested.
    func block(_ entries: [(path: [String], value: String)], indent: String) -> String {
      var text = ""
      var grouped = ""
      for (path, value) in entries {
        if path.count == 1 {
          text += "\(indent)\(path[0]): \(value)\n"
        } else {
          grouped += "\(indent)  \(path[1]): \(value)\n"
        }
      }
      return text + (grouped.isEmpty ? "" : "\(indent)a:\n" + grouped)
    }
    var names = Set<String>()
    for index in 0..<Int.random(in: 6...12, using: &generator) {
      let grouped = chance(0.3)
      var name = grouped ? pick(["b", "b-2", "c_d", "default"]) : pick(sheetNames)
      if !names.insert((grouped ? "a." : "") + name).inserted {
        name += "-i\(index)"
        names.insert((grouped ? "a." : "") + name)
      }
      let kind: Kind = chance(0.15) ? .object(Int.random(in: 0..<4, using: &generator)) : chance(0.15) ? .list : .scalar
      variables.append((grouped ? ["a", name] : [name], kind))
    }
    var global = variables.enumerated().map { index, variable in (variable.path, value(index, variable.kind)) }
    global.append((["empty"], "{}"))
    var themes = ""
    for theme in ["dark", "compact", "hc", "light"] {
      var entries: [(path: [String], value: String)] = []
      for (index, variable) in variables.enumerated() where chance(0.35) {
        entries.append((variable.path, value(index, variable.kind)))
      }
      if !entries.isEmpty { themes += "  \(theme):\n    variables:\n" + block(entries, indent: "      ") }
    }
    // Tokens with names no sheet spells, in a group; one an alias of another.
    var core: [String] = []
    var night: [String] = []
    var aliasable: [String] = []
    for (index, name) in tokenNames.enumerated() where chance(0.6) {
      let key = PropertyValue.string(name).jsonText
      core.append("\(key): { \"$type\": \"number\", \"$value\": \(index) }")
      if name != "$root" { aliasable.append(name) }
      if chance(0.4) { night.append("\(key): { \"$type\": \"number\", \"$value\": \(index + 100) }") }
    }
    if let target = aliasable.first {
      core.append("\"ink\": { \"$value\": \(PropertyValue.string("{names.\(target)}").jsonText) }")
    }
    try files.write("core.tokens.json", "{ \"names\": {\n" + core.joined(separator: ",\n") + "\n} }\n")
    try files.write("night.tokens.json", "{ \"names\": {\n" + night.joined(separator: ",\n") + "\n} }\n")
    try files.write(
      "modes.resolver.json",
      """
      {
        "version": "2025.10",
        "sets": { "core": { "sources": [{ "$ref": "core.tokens.json" }] } },
        "modifiers": {
          "mode": { "contexts": { "day": [], "night mode": [{ "$ref": "night.tokens.json" }] }, "default": "day" }
        },
        "resolutionOrder": [{ "$ref": "#/sets/core" }, { "$ref": "#/modifiers/mode" }]
      }
      """)
    return "tokens: [modes.resolver.json]\naxes:\n  appearance: { themes: [light, dark], default: light }\n"
      + "  density: [regular, compact]\nvariables:\n" + block(global, indent: "  ")
      + (themes.isEmpty ? "" : "themes:\n" + themes)
  }

  // MARK: - Reading the outputs

  /// Every variable under `themes` as the export evaluates it (a query's
  /// evaluator), by dotted path.
  static func values(_ sheet: StyleSheet, _ themes: [String]) throws -> [String: PropertyValue] {
    var result: [String: PropertyValue] = [:]
    for variable in try evaluated(sheet, themes) { result[variable.dottedPath] = variable.value }
    return result
  }

  /// The variables under `themes` (the other axes at their defaults), as an export evaluates them.
  static func evaluated(_ sheet: StyleSheet, _ themes: [String]) throws -> [ExportedVariable] {
    let set = sheet.plan.valuesKey(sheet.plan.atDefaults(sheet.plan.themeSet(themes)))
    return try VariableEvaluation(sources: sheet.variableSources).variables(under: set)
  }

  /// A theme name as a `data-theme` word, as docs/CLI.md documents it:
  /// `%` and white space percent-encoded.
  static func word(_ theme: String) -> String {
    theme.unicodeScalars.map { scalar in
      scalar == "%" || scalar.properties.isWhitespace
        ? String(scalar).utf8.map { String(format: "%%%02X", $0) }.joined() : String(scalar)
    }.joined()
  }

  struct Rule {
    /// The `data-theme~=` words it asks for; empty for `:root`.
    var words: [String]
    var declarations: [(name: String, value: String)]
  }

  /// The rules of the export's CSS, names unescaped.
  static func parse(_ css: String) -> [Rule] {
    var rules: [Rule] = []
    let body = css.components(separatedBy: "\n").filter { !$0.hasPrefix("/*") }.joined(separator: "\n")
    for block in body.components(separatedBy: "}\n")
    where !block.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      let parts = block.components(separatedBy: " {\n")
      guard parts.count == 2 else {
        Issue.record("not a rule: \(block)")
        continue
      }
      let selector = parts[0].trimmingCharacters(in: .whitespacesAndNewlines)
      var words: [String] = []
      if selector != ":root" {
        for attribute in selector.components(separatedBy: "][") {
          let inner = attribute.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
          #expect(inner.hasPrefix("data-theme~=\""), "\(selector)")
          words.append(cssString(String(inner.dropFirst("data-theme~=".count))))
        }
      }
      var declarations: [(name: String, value: String)] = []
      for line in parts[1].split(separator: "\n") {
        let text = line.dropFirst(2).dropLast()
        var index = text.startIndex
        var name = ""
        while index < text.endIndex, text[index] != ":" {
          if text[index] == "\\" {
            index = text.index(after: index)
            let hex = text[index...].prefix { $0.isHexDigit }.prefix(6)
            if !hex.isEmpty {
              name.unicodeScalars.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!)
              index = text.index(index, offsetBy: hex.count)
              if index < text.endIndex, text[index] == " " { index = text.index(after: index) }
              continue
            }
          }
          name.append(text[index])
          index = text.index(after: index)
        }
        declarations.append((name, String(text[text.index(index, offsetBy: 2)...])))
      }
      rules.append(Rule(words: words, declarations: declarations))
    }
    return rules
  }

  /// A CSS string's text (`"…"`, `\"` and `\\` escaped).
  private static func cssString(_ text: String) -> String {
    var result = ""
    var escaped = false
    for character in text.dropFirst().dropLast() {
      if escaped || character != "\\" {
        result.append(character)
        escaped = false
      } else {
        escaped = true
      }
    }
    return result
  }

  /// The custom properties of an element whose `data-theme` is `dataTheme`
  /// (words) and which `:root` is: each from the matching rule of the
  /// greatest specificity (`:root` and each attribute selector count one),
  /// then the later; `var()` substituted from the element's own values.
  static func cascade(_ rules: [Rule], dataTheme: [String]) -> [String: String] {
    var winners: [String: (specificity: Int, value: String)] = [:]
    for rule in rules where rule.words.allSatisfy(dataTheme.contains) {
      let specificity = max(1, rule.words.count)
      for (name, value) in rule.declarations where (winners[name]?.specificity ?? 0) <= specificity {
        winners[name] = (specificity, value)
      }
    }
    var values = winners.mapValues(\.value)
    for (name, value) in values { values[name] = substituted(value, in: values, depth: 0) }
    _ = values
    return values
  }

  /// `value` with each `var(--name)` outside a string replaced by the
  /// element's `--name` (itself substituted), as CSS does.
  private static func substituted(_ value: String, in values: [String: String], depth: Int) -> String {
    guard depth < 20 else { return value }
    let characters = Array(value)
    var result = ""
    var index = 0
    var quote: Character?
    while index < characters.count {
      let character = characters[index]
      if let open = quote {
        result.append(character)
        if character == "\\", index + 1 < characters.count {
          result.append(characters[index + 1])
          index += 2
          continue
        }
        if character == open { quote = nil }
        index += 1
        continue
      }
      if character == "\"" || character == "'" {
        quote = character
        result.append(character)
        index += 1
        continue
      }
      if String(characters[index...].prefix(6)) == "var(--", let close = characters[index...].firstIndex(of: ")") {
        let name = String(characters[(index + 4)..<close])
        result += values[name].map { substituted($0, in: values, depth: depth + 1) } ?? ""
        index = close + 1
        continue
      }
      result.append(character)
      index += 1
    }
    return result
  }

  /// Each leaf path's property name as docs/CLI.md documents it: `--` and
  /// the path joined with `-`; a name a path earlier in the file took
  /// gets `.2`, `.3`….
  static func cssNames(_ export: TokenExport) -> [[String]: String] {
    var names: [[String]: String] = [:]
    var used: Set<String> = []
    let paths =
      ExportLeaves.flattened(export.base).map(\.path) + ExportLeaves.changes(export).flatMap { $0.leaves.map(\.path) }
    for path in paths where names[path] == nil {
      let base = "--" + path.joined(separator: "-")
      var name = base
      var number = 1
      while !used.insert(name).inserted {
        number += 1
        name = "\(base).\(number)"
      }
      names[path] = name
    }
    return names
  }

  /// The members of `Tokens` and of each `TokenThemes` namespace, by
  /// namespace, each as its dotted Swift path (`a.bodyLarge_2`).
  static func swiftMembers(_ text: String) -> [String: [String]] {
    var result: [String: [String]] = [:]
    var stack: [String] = []
    for line in text.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("public enum ") {
        let name = String(trimmed.dropFirst("public enum ".count).prefix { $0 != " " })
        stack.append(name)
        if trimmed.hasSuffix("}") { stack.removeLast() }
      } else if trimmed.hasPrefix("public static let "), let first = stack.first {
        let name = String(trimmed.dropFirst("public static let ".count).prefix { $0 != " " })
        let namespace = first == "TokenThemes" ? stack[1] : first
        let inner = first == "TokenThemes" ? stack.dropFirst(2) : stack.dropFirst()
        result[namespace, default: []].append((inner + [name]).joined(separator: "."))
      } else if trimmed == "}" {
        _ = stack.popLast()
      }
    }
    return result
  }
}
