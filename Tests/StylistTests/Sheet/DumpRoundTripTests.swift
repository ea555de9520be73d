import Testing

@testable import Stylist

/// `dump` writes a sheet that loads back and answers as the original does:
/// random sheets with groups (entries starting with `*/` among them),
/// themes, axes, variables and odd characters in names and values, dumped
/// as YAML and as JSON under every set of themes a query can have, each
/// reloaded and asked the same nodes.
@Suite struct DumpRoundTripTests {
  /// Names that need quoting, escaping or care in YAML: line breaks that
  /// libyaml reads as such (U+2028, U+2029), a merge key, indicators,
  /// `: ` and ` #`, spaces, a non-NFC spelling.
  static let names = [
    "a", "b", "c", "x y", "<<", "#h", "-m", "q:", "k: v", "h #x", "é", "e\u{301}", "l\u{2028}s", "p\u{2029}", "&r",
    "%t", "'s", "\"d", "true", "12", "null", "~",
  ]
  /// Text values: every character YAML cannot hold raw in a scalar, and
  /// the ones it reads as something else.
  static let texts = [
    "plain", "a\u{2028}b", "c\u{2029}d", "e\u{85}f", "g\u{7F}h", "i\u{80}j", "k\u{9F}l", "m\u{FEFF}n", "\u{FFFE}",
    "tab\there", "line\nbreak", "cr\rlf", "<<", "- dash", "? q", ": c", "k: v", "x #c", " lead", "trail ", "true",
    "null", "0x1F", "1e3", ".inf", "\"q\"", "back\\slash", "$$literal", "price $$5", "", "é", "\u{1F600}", "\u{0}",
  ]

  @Test(arguments: 0..<40)
  func dumpLoadsBackWithTheSameAnswers(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 17)
    let yaml = Self.sheet(using: &generator)
    let sheet: StyleSheet
    do { sheet = try StyleSheet(yaml: yaml, name: "random.yaml") } catch {
      Issue.record("seed \(seed): the generated sheet does not load: \(error)\n\(yaml)")
      return
    }
    let nodes = (0..<150).map { _ in Self.node(using: &generator) }
    for themes in Self.themeSets(of: sheet) {
      let original = StyleEngine(sheets: [sheet], themes: Set(themes))
      let dumped = sheet.resolvedSheet(themes: themes)
      for (format, text) in [("yaml", dumped.yamlText()), ("json", dumped.jsonText)] {
        let reloaded: StyleSheet
        do { reloaded = try StyleSheet(yaml: text, name: "dump.\(format)") } catch {
          Issue.record("seed \(seed), themes \(themes): the \(format) dump does not load: \(error)\n\(text)")
          continue
        }
        let engine = StyleEngine(sheets: [reloaded], themes: Set(themes))
        for node in nodes {
          let (before, after) = (original.bestMatch(for: node), engine.bestMatch(for: node))
          #expect(
            Self.answer(before) == Self.answer(after),
            "seed \(seed), themes \(themes), \(format), node \(node)")
        }
      }
    }
  }

  /// The selector and properties of an answer (sources differ by design).
  static func answer(_ resolution: Resolution) -> String {
    let properties = resolution.properties.map { PropertyValue.map($0).jsonText } ?? "none"
    return "\(resolution.match?.rule.name ?? "-") default:\(resolution.isDefault) \(properties)"
  }

  /// No theme, and each theme alone (axes at their defaults).
  static func themeSets(of sheet: StyleSheet) -> [[String]] {
    [[]] + sheet.themes.sorted().map { [$0] }
  }

  // MARK: - Random sheets, written as YAML by hand (every key and scalar
  // double-quoted with `\u` escapes), independent of the writer under test.

  static func quoted(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case " "..."~": output.unicodeScalars.append(scalar)
      default:
        let digits = String(scalar.value, radix: 16)
        output +=
          scalar.value > 0xFFFF
          ? "\\U" + String(repeating: "0", count: 8 - digits.count) + digits
          : "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
      }
    }
    return output + "\""
  }

  static func pick<T>(_ items: [T], _ generator: inout SeededGenerator) -> T {
    items.randomElement(using: &generator)!
  }

  static func chance(_ percent: Int, _ generator: inout SeededGenerator) -> Bool {
    Int.random(in: 0..<100, using: &generator) < percent
  }

  static func component(_ generator: inout SeededGenerator) -> String {
    var text = chance(15, &generator) ? "*" : pick(Array(names.prefix(4)) + names, &generator)
    if chance(10, &generator) && text != "*" { text += "*" }
    if chance(25, &generator) { text += "[" + pick(["v", "w", "*", "v*"], &generator) + "]" }
    return chance(8, &generator) ? ">" + text : text
  }

  /// A selector relative to where it is written: leading `*/` parts often.
  static func selector(_ generator: inout SeededGenerator) -> String {
    var parts: [String] = []
    if chance(30, &generator) { parts += Array(repeating: "*", count: Int.random(in: 1...2, using: &generator)) }
    for _ in 0..<Int.random(in: 0...2, using: &generator) { parts.append(component(&generator)) }
    parts.append(chance(10, &generator) ? "*" : pick(["t", "u", "t"] + names.prefix(3), &generator))
    return parts.joined(separator: "/")
  }

  static func value(_ generator: inout SeededGenerator, depth: Int = 0) -> String {
    switch Int.random(in: 0..<(depth < 2 ? 9 : 6), using: &generator) {
    case 0: return String(Int.random(in: -5...5, using: &generator))
    case 1: return pick(["1.5", "-0.25", ".inf", "-.inf", "true", "false", "null", "0x10"], &generator)
    case 2: return pick(["$v1", "$pal.c", "\"$v2 and $v1\"", "\"${v1}px\""], &generator)
    case 3, 4, 5: return quoted(pick(texts, &generator))
    case 6: return "[" + (0..<2).map { _ in value(&generator, depth: depth + 1) }.joined(separator: ", ") + "]"
    default:
      return "{ "
        + distinct(2, of: ["a", "<<", "x y", "p\u{2029}", "#h", "k: v"], &generator).map {
          quoted($0) + ": " + value(&generator, depth: depth + 1)
        }.joined(separator: ", ") + " }"
    }
  }

  /// `count` different items of `items`, in a random order.
  static func distinct(_ count: Int, of items: [String], _ generator: inout SeededGenerator) -> [String] {
    Array(items.shuffled(using: &generator).prefix(count))
  }

  static func body(_ generator: inout SeededGenerator, indent: String) -> String {
    distinct(
      Int.random(in: 1...3, using: &generator), of: ["color", "size", "<<", "x y", "l\u{2028}k", "font"], &generator
    ).map { indent + quoted($0) + ": " + value(&generator) + "\n" }.joined()
  }

  /// `count` keys made by `make`, each once (a repeated key is an error).
  static func keys(
    _ count: Int, _ generator: inout SeededGenerator, _ make: (inout SeededGenerator) -> String
  ) -> [String] {
    var keys: [String] = []
    for _ in 0..<count * 4 where keys.count < count {
      let key = make(&generator)
      if !keys.contains(key) { keys.append(key) }
    }
    return keys
  }

  static func styles(_ generator: inout SeededGenerator, indent: String, count: Int) -> String {
    keys(count, &generator, selector).map { key in
      indent + quoted(key) + ":\n" + body(&generator, indent: indent + "  ")
    }.joined()
  }

  static func groups(_ generator: inout SeededGenerator, indent: String, depth: Int = 0) -> String {
    let names = keys(Int.random(in: 1...2, using: &generator), &generator) { generator in
      pick(Array(Self.names.prefix(4)) + ["*", "g-*"], &generator) + (chance(30, &generator) ? "[v]" : "")
    }
    return names.map { name in
      var text = indent + quoted(name) + ":\n"
      text += styles(&generator, indent: indent + "  ", count: Int.random(in: 1...3, using: &generator))
      if depth == 0 && chance(40, &generator) {
        text += indent + "  groups:\n" + groups(&generator, indent: indent + "    ", depth: 1)
      }
      return text
    }.joined()
  }

  static func variables(_ generator: inout SeededGenerator, indent: String) -> String {
    indent + "v1: " + quoted(pick(texts.filter { !$0.contains("$") }, &generator)) + "\n" + indent + "v2: "
      + pick(["\"$v1!\"", "7", "$pal.c"], &generator) + "\n" + indent + "pal: { c: "
      + quoted(pick(["#FFF", "red", "l\u{2028}s", "\u{7F}"], &generator)) + " }\n"
  }

  static func sheet(using generator: inout SeededGenerator) -> String {
    var yaml = ""
    let hasAxes = chance(50, &generator)
    if hasAxes {
      yaml += "axes:\n  appearance: { themes: [light, dark], default: light }\n  density: [regular, compact]\n"
    }
    yaml += "variables:\n" + variables(&generator, indent: "  ")
    if chance(50, &generator) { yaml += "default:\n" + body(&generator, indent: "  ") }
    yaml += "styles:\n" + styles(&generator, indent: "  ", count: Int.random(in: 2...8, using: &generator))
    yaml += "groups:\n" + groups(&generator, indent: "  ")
    yaml += "themes:\n"
    for theme in hasAxes ? ["dark", "compact"] : ["dark", "hc"] {
      yaml += "  \(theme):\n"
      if chance(60, &generator) { yaml += "    variables:\n" + variables(&generator, indent: "      ") }
      yaml += "    styles:\n" + styles(&generator, indent: "      ", count: Int.random(in: 1...3, using: &generator))
      if chance(50, &generator) { yaml += "    groups:\n" + groups(&generator, indent: "      ") }
    }
    return yaml
  }

  static func node(using generator: inout SeededGenerator) -> NodeIdentifier {
    let path = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
      Component(
        name: NameRules.normalized(pick(Array(names.prefix(4)) + names + ["g-1"], &generator)[...]),
        variant: chance(30, &generator) ? pick(["v", "w"], &generator) : nil)
    }
    let token = NameRules.normalized(pick(["t", "u"] + names.prefix(3), &generator)[...])
    return NodeIdentifier(path: path, token: token)
  }
}
