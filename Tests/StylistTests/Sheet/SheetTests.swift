import Foundation
import Testing

@testable import Stylist

/// Every feature of SPEC §5, through `StyleSheet(yaml:)`.
@Suite struct SheetTests {
  func load(_ yaml: String) throws(SheetLoadError) -> StyleSheet { try StyleSheet(yaml: yaml, name: "test.yaml") }

  func properties(_ yaml: String, _ node: NodeIdentifier, theme: String? = nil) throws -> Properties? {
    StyleIndex(sheets: [try load(yaml)]).bestMatch(for: node, options: .init(theme: theme)).properties
  }

  func errors(_ yaml: String) -> [String] {
    do {
      _ = try load(yaml)
      return []
    } catch { return error.errors.map(\.description) }
  }

  @Test func coreSchemaTyping() throws {
    let values = try properties(
      """
      styles:
        t:
          a: ~
          b: null
          c: true
          d: False
          e: 42
          f: -7
          g: 0x1F
          h: 0o17
          i: 1.5
          j: -2e3
          k: .inf
          l: -.Inf
          m: .nan
          n: hello world
          o: "42"
          p: 'true'
          q: !!str 12
          r: !!int "12"
          s: !!float 3
          u: !!bool "true"
          v: !!null ""
          w:
          x: 1_000
      """, "t")!
    #expect(values["a"] == .null && values["b"] == .null && values["w"] == .null)
    #expect(values["c"] == .bool(true) && values["d"] == .bool(false))
    #expect(values["e"] == .int(42) && values["f"] == .int(-7) && values["g"] == .int(31) && values["h"] == .int(15))
    #expect(values["i"] == .double(1.5) && values["j"] == .double(-2000) && values["k"] == .double(.infinity))
    #expect(values["l"] == .double(-.infinity))
    if case .double(let nan)? = values["m"] { #expect(nan.isNaN) } else { Issue.record("nan") }
    #expect(values["n"] == "hello world" && values["o"] == "42" && values["p"] == "true" && values["q"] == "12")
    #expect(values["r"] == .int(12) && values["s"] == .double(3) && values["u"] == .bool(true) && values["v"] == .null)
    #expect(values["x"] == "1_000")
  }

  @Test func integerEdges() throws {
    let values = try properties(
      """
      styles:
        t: { a: 9223372036854775807, b: -9223372036854775808, d: +5, e: -0, f: 1-2, g: "-" }
      """, "t")!
    #expect(values["a"] == .int(.max) && values["b"] == .int(.min) && values["d"] == .int(5) && values["e"] == .int(0))
    #expect(values["f"] == "1-2" && values["g"] == "-")
    let radix = try properties(
      """
      styles:
        t:
          a: 0x7FFFFFFFFFFFFFFF
          b: 0o777777777777777777777
          c: 0x00000000000000000000ff
          d: 0x-1
          e: 0o+7
          f: 0o8
          g: 0xFG
          h: 12345678901234567890x
          i: !!float 99999999999999999999
          j: 1e308
          k: 1e-400
      """, "t")!
    #expect(radix["a"] == .int(.max) && radix["b"] == .int(.max) && radix["c"] == .int(255))
    // Only digits follow `0x` and `0o`; a sign or another letter makes a string.
    #expect(radix["d"] == "0x-1" && radix["e"] == "0o+7" && radix["f"] == "0o8" && radix["g"] == "0xFG")
    #expect(radix["h"] == "12345678901234567890x")
    #expect(radix["i"] == .double(1e20) && radix["j"] == .double(1e308) && radix["k"] == .double(0))
  }

  /// A number in the form of an int that does not fit `Int`, or in the form
  /// of a float past `Double`'s range, is an error at the scalar, tagged or
  /// not, in every base: never a rounded float, a string or infinity.
  @Test func outOfRangeNumbersAreErrorsAtTheScalar() {
    let sheet = """
      styles:
        t:
          a: 9223372036854775808
          b: -9223372036854775809
          c: 0xFFFFFFFFFFFFFFFF
          d: 0o1000000000000000000000
          e: 1e400
          f: !!int "99999999999999999999"
          g: !!float -1e400
          h: !local 99999999999999999999
          i: $big
          j: !!float 0x10000000000000000
        u: { k: [1, 99999999999999999999], l: 2 }
      variables:
        big: -1E999
      """
    let range = "(-9223372036854775808 to 9223372036854775807)"
    let double = "(at most 1.7976931348623157e+308 in size)"
    #expect(
      errors(sheet) == [
        "test.yaml:3:8: error: integer '9223372036854775808' is out of range \(range); quote it for a string",
        "test.yaml:4:8: error: integer '-9223372036854775809' is out of range \(range); quote it for a string",
        "test.yaml:5:8: error: integer '0xFFFFFFFFFFFFFFFF' is out of range \(range); quote it for a string",
        "test.yaml:6:8: error: integer '0o1000000000000000000000' is out of range \(range); quote it for a string",
        "test.yaml:7:8: error: number '1e400' is out of range \(double); quote it for a string",
        "test.yaml:8:8: error: integer '99999999999999999999' is out of range \(range)",
        "test.yaml:9:8: error: number '-1e400' is out of range \(double)",
        "test.yaml:10:8: error: integer '99999999999999999999' is out of range \(range); quote it for a string",
        "test.yaml:12:8: error: integer '0x10000000000000000' is out of range \(range)",
        "test.yaml:13:15: error: integer '99999999999999999999' is out of range \(range); quote it for a string",
        "test.yaml:15:8: error: number '-1E999' is out of range \(double); quote it for a string",
      ])
    // Quoted, each is the string it spells; the YAML writer quotes them so.
    #expect(throws: Never.self) { try load("styles:\n  t: { a: \"9223372036854775808\", b: '1e400' }\n") }
    for text in ["9223372036854775808", "0xFFFFFFFFFFFFFFFF", "1e400"] {
      #expect(PropertyValue.string(text).yamlText() == "\"\(text)\"\n")
    }
  }

  /// Small maps compare keys pairwise, larger ones hash them: both report
  /// every repeat against the first definition.
  @Test func duplicateKeysInSmallAndLargeMaps() {
    #expect(
      errors("styles:\n  t: { a: 1, b: 2, a: 3, a: 4 }\n") == [
        "test.yaml:2:20: error: duplicate key 'a' (first defined at 2:8)",
        "test.yaml:2:26: error: duplicate key 'a' (first defined at 2:8)",
      ])
    let keys = (0..<14).map { "k\($0): \($0)" }.joined(separator: ", ")
    #expect(
      errors("styles:\n  t: { \(keys), k3: x }\n") == [
        "test.yaml:2:\(8 + keys.utf8.count + 2): error: duplicate key 'k3' (first defined at 2:\(8 + 3 * 7))"
      ])
    // Keys compare as Swift strings in big maps too: decomposed `é` repeats precomposed `é`.
    let styles = (0..<14).map { "  k\($0): { a: 1 }\n" }.joined()
    #expect(
      errors("styles:\n\(styles)  \"caf\u{E9}\": { a: 1 }\n  \"cafe\u{301}\": { a: 2 }\n") == [
        "test.yaml:17:3: error: duplicate key 'cafe\u{301}' (first defined at 16:3)"
      ])
  }

  /// A style key written twice is one mistake, reported once: the duplicate
  /// key, not also the duplicate selector at the same place. Another
  /// spelling of the same selector is no repeated key, and still warns.
  @Test func aRepeatedStyleKeyIsReportedOnce() {
    do {
      _ = try load("styles:\n  a/b: { x: 1 }\n  a/b: { x: 2 }\n  \"*/a/b\": { x: 3 }\n")
      Issue.record("loaded a sheet with a repeated key")
    } catch {
      #expect(
        error.diagnostics.map(\.description) == [
          "test.yaml:3:3: error: duplicate key 'a/b' (first defined at 2:3)",
          "test.yaml:4:3: warning: duplicate selector '*/a/b' replaces the definition at test.yaml:3:3 [duplicate-selector]",
        ])
    }
  }

  @Test func badTagIsAnError() {
    #expect(errors("styles:\n  t: { a: !!int twelve }\n") == ["test.yaml:2:11: error: 'twelve' is not a valid int"])
  }

  /// A core schema tag types one kind of node; on another kind it is an
  /// error where it stands (it was ignored), and on its own kind it loads.
  @Test func aCoreTagOnAnotherKindOfNodeIsAnError() throws {
    #expect(
      errors("styles:\n  t: !!str { a: 1 }\n  u: { a: !!map x, b: !!int [1], c: !!seq { d: 1 } }\n") == [
        "test.yaml:2:6: error: the tag '!!str' is for scalars, not a map",
        "test.yaml:3:11: error: the tag '!!map' is for maps, not a scalar",
        "test.yaml:3:23: error: the tag '!!int' is for scalars, not a list",
        "test.yaml:3:37: error: the tag '!!seq' is for lists, not a map",
      ])
    let values = try properties("styles:\n  t: !!map { a: !!seq [1], b: !custom { c: 2 } }\n", "t")!
    #expect(values["a"] == .list([.int(1)]))
    #expect(values["b"] == .map(["c": .int(2)]))
  }

  @Test func keyOrderIsKept() throws {
    let values = try properties("styles:\n  t: { z: 1, a: 2, m: 3 }\n", "t")!
    #expect(Array(values.keys) == ["z", "a", "m"])
  }

  @Test func variables() throws {
    let yaml = """
      variables:
        brand: "#DB3B3B"
        size: 12
        pair: [1, 2]
        colors: { text: "#111111", muted: $colors.text }
        derived: "$brand:0.2"
        late: $later
        later: ${size}
        price: "$$5 and $$$size"
      styles:
        t:
          color: $brand
          size: $size
          quoted: "$size"
          braces: ${size}
          pair: $pair
          colors: $colors
          text: $colors.text
          muted: $colors.muted
          alpha: $derived
          label: "size ${size}px"
          dotted: $size.5
          late: $late
          price: $price
          lone: "a $ b"
      """
    let values = try properties(yaml, "t")!
    #expect(values["color"] == "#DB3B3B")
    #expect(values["size"] == .int(12) && values["quoted"] == .int(12) && values["braces"] == .int(12))
    #expect(values["pair"] == [1, 2])
    #expect(values["colors"] == ["text": "#111111", "muted": "#111111"])
    #expect(values["text"] == "#111111" && values["muted"] == "#111111")
    #expect(values["alpha"] == "#DB3B3B:0.2")
    #expect(values["label"] == "size 12px")
    #expect(values["dotted"] == "12.5")
    #expect(values["late"] == .int(12))
    #expect(values["price"] == "$5 and $12")
    #expect(values["lone"] == "a $ b")
  }

  @Test func themedVariablesShadowLeafByLeaf() throws {
    let yaml = """
      variables:
        colors: { text: "#111111", muted: "#666666" }
      styles:
        t: { color: $colors.text, all: $colors }
      themes:
        dark:
          variables: { colors: { text: "#EEEEEE" } }
      """
    #expect(try properties(yaml, "t")?["color"] == "#111111")
    let dark = try properties(yaml, "t", theme: "dark")!
    #expect(dark["color"] == "#EEEEEE")
    #expect(dark["all"] == ["text": "#EEEEEE", "muted": "#666666"])
    #expect(try properties(yaml, "t", theme: "undeclared")?["color"] == "#111111")
  }

  @Test func groupsAndThemesRegisterFullSelectors() throws {
    let sheet = try load(
      """
      groups:
        client:
          heading: { a: 1 }
          "@dark/title": { b: 2 }
          groups:
            searchbar[disabled]:
              close: { c: 3 }
      themes:
        dark:
          styles:
            title: { d: 4 }
          groups:
            client: { body: { e: 5 } }
      """)
    #expect(
      sheet.rules.map(\.name) == [
        "client/heading", "@dark/client/title", "client/searchbar[disabled]/close", "@dark/title", "@dark/client/body",
      ])
    #expect(sheet.rules.map(\.selector.description) == sheet.rules.map(\.name))
    #expect(sheet.themes == ["dark"])
  }

  @Test func extendsGoesUnderneathRecursively() throws {
    let yaml = """
      variables: { brand: red }
      styles:
        primaryButton:
          extends: [themed, button]
          color: $brand
        themed: { tint: $brand, color: blue }
        button: { extends: base, radius: 4 }
        base: { radius: 0, border: 1 }
      """
    let values = try properties(yaml, "primaryButton")!
    #expect(values == ["tint": "red", "color": "red", "radius": 4, "border": 1])
  }

  /// A rule's name is its key as written, kept apart from the selector
  /// only when it is not the selector's text; a new selector keeps the name.
  @Test func ruleNamesAreKeysAsWritten() throws {
    let sheet = try load("styles:\n  \"*/card/title\": {}\n  card/label: {}\n  \"@dark/*[*]/x*\": {}\n")
    #expect(sheet.rules.map(\.name) == ["*/card/title", "card/label", "@dark/*[*]/x*"])
    #expect(sheet.rules.map(\.selector.description) == ["card/title", "card/label", "@dark/*[*]/x*"])
    var rule = StyleRule(selector: "card/title", style: Style(properties: [:]))
    #expect(rule.name == "card/title")
    rule.selector = "other/title"
    #expect(rule.name == "card/title")
    rule.name = "renamed"
    #expect(rule.name == "renamed" && rule.selector == "other/title")
  }

  @Test func laterDefinitionReplacesEntirely() throws {
    let sheet = try load("styles:\n  title: { a: 1, b: 2 }\n  \"*/title\": { c: 3 }\n  other: {}\n")
    #expect(sheet.rules.map(\.name) == ["*/title", "other"])
    #expect(sheet.rules[0].style.properties == ["c": 3])
    #expect(
      sheet.warnings.map(\.description) == [
        "test.yaml:3:3: warning: duplicate selector '*/title' replaces the definition at test.yaml:2:3 [duplicate-selector]"
      ])
  }

  @Test func lintAddsSelectorsThatCanNeverWin() throws {
    let path = FixturePaths.path("sheets/shadowed.yaml")
    let sheet = try StyleSheet(contentsOf: path)
    #expect(sheet.warnings.isEmpty)
    let warnings = StyleSheet.diagnose([path])
    #expect(warnings.map(\.location.line) == [5, 9, 13])
    #expect(warnings.allSatisfy { $0.severity == .warning && $0.message.contains("can never win") })
  }

  /// Each themed style is compared with the unthemed ones that have its
  /// token and its rarest exact name: 1,200 themed `label`s over 1,200
  /// unthemed ones (1.44 million pairs by token alone, past the comparison
  /// budget) are all checked, each against the one it replaces.
  @Test func themedStylesMeetOnlyTheStylesTheyMayReplace() throws {
    var yaml = "mode: themed\nthemes: { dark: {} }\nstyles:\n"
    for index in 0..<1_200 {
      yaml += "  \"part\(index)[pressed]/label\": { color: red, size: 1 }\n"
      yaml += "  \"@dark/part\(index)/label\": { color: blue }\n"
    }
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("replacements-\(getpid()).yaml")
    defer { try? FileManager.default.removeItem(at: scratch) }
    try Data(yaml.utf8).write(to: scratch)
    let warnings = StyleSheet.diagnose([scratch.path]).filter { $0.kind == .themedDropsProperties }
    #expect(warnings.count == 1_200)
    #expect(warnings.last?.message.contains("'part1199[pressed]/label' ('size')") == true)
  }

  /// A themed style replaces every unthemed style whose components it can
  /// be placed on in order, however many more that one has: a `>` part
  /// needs a `>` part right after its predecessor's place.
  @Test func themedStylesReplaceLongerSelectorsTheyApplyWherever() throws {
    let warnings = StyleSheet.diagnose([FixturePaths.path("sheets/themed-drops-deeper.yaml")])
    #expect(warnings.allSatisfy { $0.kind == .themedDropsProperties })
    #expect(warnings.map(\.location.line) == [5, 7, 10])
    #expect(warnings[0].message.contains("'home/card/title' ('size')"))
    #expect(warnings[1].message.contains("'home/header[selected]/searchBar/label' ('bold')"))
    #expect(warnings[2].message.contains("'app/list/>row/caption' ('size')"))
  }

  /// The placement test itself, pair by pair (themes aside).
  @Test(arguments: [
    ("card/title", "home/card/title", true),
    ("title", "home/card/title", true),
    ("home/title", "home/card/title", true),
    ("card/home/title", "home/card/title", false),
    ("card[x]/title", "home/card/title", false),
    ("card/title", "home/card[x]/title", true),
    ("c*/title", "home/card/title", true),
    ("*/title", "home/card/title", true),
    (">home/title", "home/card/title", false),
    (">home/title", ">home/card/title", true),
    ("card/>title", "home/card/>title", true),
    ("home/>title", "home/card/>title", false),
    ("card/>title", "home/card/title", false),
    ("home/>card/title", "home/>card/x/title", true),
    ("x/>card/title", "x/home/>card/title", false),
    ("*/>card/title", "x/home/>card/title", true),
    ("*/>card/title", ">card/title", false),
    ("card/t*", "home/card/title", true),
    ("card/title", "home/card/t*", false),
  ])
  func placementOfOneSelectorOnAnother(themed: String, unthemed: String, applies: Bool) throws {
    var budget = 1_000
    let (mine, theirs) = (try StyleSelector(parsing: themed), try StyleSelector(parsing: unthemed))
    #expect(mine.appliesWherever(theirs, budget: &budget) == applies)
  }

  /// A themed style checked against its unthemed twin, and in themed mode
  /// against every unthemed style it beats wherever that one applies: kept
  /// properties (written out or through `extends`) are fine, dropped ones
  /// are named.
  @Test func lintAddsThemedStylesThatDropProperties() throws {
    let path = FixturePaths.path("sheets/themed-drops.yaml")
    #expect(try StyleSheet(contentsOf: path).warnings.isEmpty)
    let warnings = StyleSheet.diagnose([path])
    #expect(warnings.allSatisfy { $0.kind == .themedDropsProperties })
    #expect(warnings.map(\.location.line) == [4, 10, 14])
    #expect(warnings.first?.message.contains("drops its properties 'size', 'bold'") == true)
    #expect(warnings[1].message.contains("drops properties: 'toolbar/icon' ('size')"))
    // In classic mode `@dark/icon` loses to the longer `toolbar/icon`: only twins replace.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("classic-\(getpid()).yaml")
    defer { try? FileManager.default.removeItem(at: scratch) }
    try Data(("mode: classic\n" + String(contentsOfFile: path, encoding: .utf8)).utf8).write(to: scratch)
    #expect(StyleSheet.diagnose([scratch.path]).map(\.location.line) == [5, 15])
  }

  @Test func anchorsAliasesAndMergeKeys() throws {
    let yaml = """
      styles:
        base: &base { color: red, size: 1 }
        t:
          <<: *base
          size: 2
        u:
          <<: [{ a: 1 }, { a: 2, b: 2 }]
        v: *base
      """
    #expect(try properties(yaml, "t") == ["color": "red", "size": 2])
    #expect(try properties(yaml, "u") == ["a": 1, "b": 2])
    #expect(try properties(yaml, "v") == ["color": "red", "size": 1])
  }

  @Test func documentsAreLayers() throws {
    let sheet = try load("styles:\n  t: { a: 1 }\n  u: { b: 1 }\n---\nstyles:\n  t: { a: 2 }\ndefault: { d: 1 }\n")
    #expect(sheet.rules.map(\.name) == ["u", "t"])
    #expect(sheet.rules[1].style.properties == ["a": 2])
    #expect(sheet.rules[1].style.source == SourceLocation(file: "test.yaml", line: 6, column: 3))
    #expect(sheet.defaultStyle?.properties == ["d": 1])
  }

  @Test func jsonIsYAML() throws {
    let sheet = try load(#"{"mode": "classic", "styles": {"a/b": {"x": [1, 2.5, "s", null, true]}}}"#)
    #expect(sheet.mode == .classic)
    #expect(sheet.rules[0].style.properties["x"] == [1, 2.5, "s", nil, true])
  }

  @Test func sourceIsTheKeyPosition() throws {
    let sheet = try load("styles:\n  title: { a: 1 }\n  \"@dark/x\":\n    b: 2\n")
    #expect(sheet.rules.map { $0.style.source!.description } == ["test.yaml:2:3", "test.yaml:3:3"])
  }

  @Test func importsLoadFirstAndOnce() throws {
    let sheet = try StyleSheet(contentsOf: FixturePaths.path("sheets/app.yaml"))
    #expect(
      sheet.files.map(FixturePaths.relative) == ["sheets/app.yaml", "sheets/base.yaml", "sheets/shared/colors.yaml"])
    #expect(sheet.rules.map(\.name) == ["swatch", "label", "title/x", "title"])
    #expect(
      sheet.rules.map { FixturePaths.relative($0.style.source!.file) } == [
        "sheets/shared/colors.yaml", "sheets/app.yaml", "sheets/app.yaml", "sheets/app.yaml",
      ])
    let index = StyleIndex(sheets: [sheet])
    #expect(index.bestMatch(for: "title").properties == ["font": "app", "color": "#0000FF"])
  }

  @Test func everyFixtureLoads() throws {
    for path in [
      "demo/demo.yaml", "seed/readme-table.yaml", "seed/themes.yaml", "seed/spec-example.yaml", "sheets/app.yaml",
    ] {
      let sheet = try StyleSheet(contentsOf: FixturePaths.path(path))
      #expect(!sheet.rules.isEmpty, "\(path)")
    }
    #expect(try StyleSheet(contentsOf: FixturePaths.path("demo/demo.yaml")).rules.count >= 60)
  }

  @Test func specExampleResolves() throws {
    let index = StyleIndex(sheets: [try StyleSheet(contentsOf: FixturePaths.path("seed/spec-example.yaml"))])
    #expect(index.bestMatch(for: "primaryButton").properties == ["tint": "#DB3B3B", "color": "#DB3B3B"])
    #expect(index.bestMatch(for: "x/clientlistitem/heading").match?.rule.name == "clientlistitem/heading")
    #expect(index.bestMatch(for: "a/clientlistitem/b/body").properties == ["font": "body", "background": "red"])
    #expect(index.bestMatch(for: "title", options: .init(theme: "dark")).properties == ["color": "white"])
    #expect(index.bestMatch(for: "element/title").properties == ["font": "title", "color": "#111111"])
    #expect(index.bestMatch(for: "unknown").properties == ["background": "green"])
  }

  @Test func reloadKeepsLastGoodSnapshot() throws {
    let stylist = try StyleEngine(contentsOf: [FixturePaths.path("seed/readme-table.yaml")])
    let before = stylist.index.rules.count
    #expect(throws: SheetLoadError.self) { try stylist.reload(contentsOf: [FixturePaths.path("bad/many-errors.yaml")]) }
    #expect(stylist.index.rules.count == before)
    try stylist.reload(contentsOf: [FixturePaths.path("seed/themes.yaml")])
    #expect(stylist.index.rules.count == 2)
  }

  @Test func dumpIsFullyResolved() throws {
    let sheet = try StyleSheet(contentsOf: FixturePaths.path("seed/spec-example.yaml"))
    let dump = sheet.resolvedDump(theme: "dark")
    guard case .map(let top) = dump, case .map(let styles)? = top["styles"] else {
      Issue.record("dump shape")
      return
    }
    #expect(styles["title"] == ["font": "title", "color": "#EEEEEE"])
    #expect(styles["primaryButton"] == ["tint": "#DB3B3B", "color": "#DB3B3B"])
    #expect(styles["@dark/title"] == ["color": "white"])
    #expect(top["default"] == ["background": "green"])
  }

  @Test func jsonAndYAMLText() throws {
    let value: PropertyValue = [
      "s": "a\"b\n", "n": nil, "l": [1, 2.5, .double(.infinity)], "m": [:], "q": "true", "e": "",
    ]
    #expect(value.jsonText == #"{"s":"a\"b\n","n":null,"l":[1,2.5,".inf"],"m":{},"q":"true","e":""}"#)
    let yaml = value.yamlText()
    #expect(yaml == "s: \"a\\\"b\\n\"\nn: null\nl:\n  - 1\n  - 2.5\n  - .inf\nm: {}\nq: \"true\"\ne: \"\"\n")
    let reloaded = try load("styles:\n  t:\n" + value.yamlText(indent: 4))
    #expect(reloaded.rules[0].style.properties["q"] == "true")
    #expect(reloaded.rules[0].style.properties["s"] == "a\"b\n")
  }

  @Test func lintWarnings() throws {
    let sheet = try load("variables: { used: 1, unused: 2 }\nstyles:\n  a//b: { x: $used }\n")
    #expect(
      sheet.warnings.map(\.description) == [
        "test.yaml:1:23: warning: unused variable 'unused' [unused-variable]",
        "test.yaml:3:3: warning: ignored empty component in 'a//b' [empty-component]",
      ])
    #expect(sheet.warnings.map(\.kind) == [.unusedVariable, .emptyComponent])
  }

  /// A group entry's leading `*/` parts are dropped, as a selector's are:
  /// `*/c` in `title` registers, and matches, `title/c`; the `*` just
  /// outside a `>` part stays.
  @Test func groupEntriesDropLeadingWildcards() throws {
    let sheet = try load(
      """
      groups:
        title:
          "*/c": { v: 1 }
          "* / * /f": { v: 2 }
          "*/>d/e": { v: 3 }
          "*": { v: 4 }
      themes:
        dark:
          groups:
            title:
              "*/c": { v: 5 }
      """)
    #expect(sheet.rules.map(\.name) == ["title/c", "title/f", "title/*/>d/e", "title/*", "@dark/title/c"])
    let index = StyleIndex(sheets: [sheet])
    for rule in sheet.rules {
      // The name, written as a style of its own, is the same selector.
      #expect(try StyleSelector(parsing: rule.name) == rule.selector, "\(rule.name)")
    }
    #expect(index.bestMatch(for: "title/c", options: .init()).match?.rule.name == "title/c")
    #expect(index.bestMatch(for: "title/c", options: .init(theme: "dark")).match?.rule.name == "@dark/title/c")
    #expect(index.bestMatch(for: "title/d/e", options: .init()).match?.rule.name == "title/*")
    #expect(index.bestMatch(for: "title/q/d/e", options: .init()).match?.rule.name == "title/*/>d/e")
  }

  /// Every character YAML cannot hold raw (line breaks libyaml knows,
  /// DEL, C1 controls, byte order marks) is written escaped, and a `<<`
  /// key quoted, so the text loads back to the same value.
  @Test func yamlTextEscapesWhatYAMLCannotHoldRaw() throws {
    let odd = [
      "a\u{2028}b", "c\u{2029}d", "e\u{85}f", "g\u{7F}h", "\u{80}\u{9F}", "m\u{FEFF}n", "\u{FFFE}\u{FFFF}", "x\ty",
    ]
    var properties = Properties()
    for (position, text) in odd.enumerated() { properties["k\(position)"] = .string(text) }
    properties["<<"] = "merge"
    properties["l\u{2028}k"] = "key"
    let value = PropertyValue.map(properties)
    let yaml = value.yamlText(indent: 4)
    #expect(yaml.contains("\"<<\": merge"))
    #expect(!yaml.unicodeScalars.contains { [0x85, 0x7F, 0x2028, 0x2029, 0xFEFF].contains($0.value) })
    #expect(try load("styles:\n  t:\n" + yaml).rules[0].style.properties == properties)
    #expect(try load(#"{"styles":{"t":"# + value.jsonText + "}}").rules[0].style.properties == properties)
  }

  /// Variables no style uses are checked too, and a style's body reports
  /// each of its problems (SPEC §5.1: all problems of a file in one pass).
  @Test func everyVariableAndEveryEntryIsChecked() throws {
    #expect(
      errors("variables: { a: $q1, b: $q2, c: $d, d: $c, ok: 1 }\nstyles:\n  s: { w: $zzz, v: $yyy, u: $ok }\n")
        == [
          "test.yaml:1:17: error: unknown variable 'q1'",
          "test.yaml:1:25: error: unknown variable 'q2'",
          "test.yaml:1:40: error: variable cycle: c -> d -> c",
          "test.yaml:3:11: error: unknown variable 'zzz'",
          "test.yaml:3:20: error: unknown variable 'yyy'",
        ])
    // Unused, and fine under every set of themes a query can have: a
    // theme-only variable, and one that needs an axis's default.
    let sheet = try load(
      """
      axes:
        appearance: { themes: [light, dark], default: light }
      variables: { alias: $fg }
      themes:
        light: { variables: { fg: black } }
        dark: { variables: { fg: white } }
        hc: { variables: { accent: red } }
      """)
    // `fg` is referred to (by `alias`), so only the others are unused.
    #expect(sheet.warnings.map(\.message) == ["unused variable 'alias'", "unused variable 'accent'"])
    // Without the default, no theme defines `fg` for a query with none.
    #expect(
      errors(
        "axes: { appearance: [light, dark] }\nvariables: { alias: $fg }\nthemes:\n  light: { variables: { fg: black } }\n"
      )
        == [
          "test.yaml:2:21: error: unknown variable 'fg': only themes define it ('light'), and a query can have none of them current"
        ])
  }

  /// Under a theme, an entry after a failed one still lines up with the
  /// unthemed values, so each failing entry reports.
  @Test func everyEntryReportsUnderATheme() {
    #expect(
      errors(
        "variables: { t1: 1, t2: 2 }\nstyles:\n  s: { a: $t1, b: 1, c: $t2 }\n"
          + "themes:\n  dark: { variables: { t1: $zzz, t2: $yyy } }\n")
        == [
          "test.yaml:5:28: error: unknown variable 'zzz' under theme 'dark'",
          "test.yaml:5:38: error: unknown variable 'yyy' under theme 'dark'",
        ])
  }

  /// A style failing under one theme is still evaluated under the themes of
  /// other axes: each theme's error is reported, and the set holding both
  /// repeats neither.
  @Test func eachThemesErrorIsReported() {
    #expect(
      errors(
        "axes:\n  appearance: [light, dark]\n  density: [regular, compact]\n"
          + "variables: { c: red }\nstyles:\n  title: { color: $c }\n"
          + "themes:\n  dark: { variables: { c: $nope } }\n  compact: { variables: { c: $nada } }\n")
        == [
          "test.yaml:8:27: error: unknown variable 'nope' under theme 'dark'",
          "test.yaml:9:30: error: unknown variable 'nada' under theme 'compact'",
        ])
  }

  /// A token library no style uses is checked under each theme it
  /// reaches, not under every set of themes: a thousand tokens over four
  /// axes of three themes load, each reported unused.
  @Test func unusedTokensAcrossManyAxesLoad() throws {
    var yaml = "axes:\n"
    for axis in 0..<4 { yaml += "  ax\(axis): [" + (0..<3).map { "a\(axis)t\($0)" }.joined(separator: ", ") + "]\n" }
    yaml += "variables:\n  color: { primary: \"#000\" }\n  space: 4\n"
    for token in 0..<1_000 { yaml += "  tok\(token): { c: $color.primary, pad: $space }\n" }
    yaml += "styles:\n  s: { c: $tok0 }\nthemes:\n"
    for axis in 0..<4 {
      for theme in 0..<3 {
        yaml += "  a\(axis)t\(theme): { variables: { color: { primary: \"#\(axis)\(theme)0\" }, space: \(theme) } }\n"
      }
    }
    let sheet = try load(yaml)
    // Two leaves (`c`, `pad`) of each of 999 tokens.
    #expect(sheet.warnings.filter { $0.kind == .unusedVariable }.count == 1_998)
    // An unknown name in one of them is still found, under the theme that makes it.
    let broken = yaml.replacingOccurrences(
      of: "a3t2: { variables: { color: { primary: \"#320\" }", with: "a3t2: { variables: { color: { primary: $nope }")
    #expect(errors(broken).first?.hasSuffix("error: unknown variable 'nope' under theme 'a3t2'") == true)
  }

  /// Interpolation has a byte budget of its own, scaled to the sheet: a
  /// design system that interpolates a long font list into every style loads.
  @Test func interpolationOfRealisticSheetsLoads() throws {
    let family = String(repeating: "Helvetica Neue, ", count: 25)
    var yaml = "variables: { font: { family: \"\(family)\" }, size: 12 }\nstyles:\n"
    for style in 0..<5_000 { yaml += "  s\(style): { font: \"${font.family} ${size}px\" }\n" }
    let sheet = try load(yaml)
    #expect(sheet.rules.count == 5_000)
    #expect(sheet.rules[0].style.properties["font"] == .string(family + " 12px"))
  }

  /// `default:` is a style body like any other: `extends` puts the named
  /// styles' properties underneath (not a property called `extends`),
  /// under every theme; a null `default:` clears an earlier sheet's.
  @Test func defaultExtendsLikeAStyle() throws {
    let sheet = try load(
      """
      variables: { ink: black }
      styles:
        base: { color: $ink, size: 1 }
        "@dark/accent": { glow: true }
      default: { extends: [base, "@dark/accent"], size: 2 }
      themes:
        dark: { variables: { ink: white } }
      """)
    #expect(sheet.defaultStyle?.properties == ["color": "black", "size": 2, "glow": true])
    #expect(sheet.defaultStyle?.properties(underTheme: "dark") == ["color": "white", "size": 2, "glow": true])
    #expect(
      errors("styles:\n  base: { a: 1 }\ndefault: { extends: [bsae] }\n")
        == ["test.yaml:3:22: error: extends unknown selector 'bsae'; did you mean 'base'?"])
    #expect(try load("default: { a: 1 }\n---\ndefault: ~\n").defaultStyle == nil)
    #expect(try load("default: ~\n").defaultStyle == nil)
  }
}
