import Foundation
import Stylist
import Testing

/// An app's own type named like one of Stylist's: the module name still
/// reaches Stylist's (`Stylist.Component`), since no Stylist type is named
/// `Stylist`.
private struct Component { var label: String }

@Suite struct TypedValueTests {
  static let sheet = """
    variables:
      brand: "#3366FF"
    themes:
      dark:
        variables:
          brand: "#99BBFF"
    styles:
      card/title:
        color: $brand
        size: 17
        weight: 1.5
        bold: true
        insets: { top: 4, bottom: 8.0 }
        fonts: [Inter, Helvetica]
      title:
        color: "#000000"
        size: "17pt"
    """

  @Test func appTypesCanBeNamedBesideStylists() throws {
    let mine = Component(label: "x")
    let theirs = Stylist.Component(name: "card", variant: "selected")
    #expect(mine.label == "x")
    #expect(theirs.description == "card[selected]")
  }

  @Test func typedReadsAndSubscripts() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.sheet, name: "app.yaml")])
    let properties = try #require(engine.bestMatch(for: "home/card/title").properties)
    #expect(properties["color"]?.stringValue == "#3366FF")
    #expect(properties["size"]?.intValue == 17)
    #expect(properties["size"]?.doubleValue == 17)
    #expect(properties["weight"]?.doubleValue == 1.5)
    #expect(properties["weight"]?.intValue == nil)
    #expect(properties["bold"]?.boolValue == true)
    #expect(properties["insets"]?["top"]?.intValue == 4)
    #expect(properties["insets"]?["bottom"]?.intValue == 8)
    #expect(properties["fonts"]?[1]?.stringValue == "Helvetica")
    #expect(properties["fonts"]?[2] == nil)
    #expect(properties["fonts"]?["x"] == nil)
    #expect(properties["color"]?.intValue == nil)
    engine.theme = "dark"
    #expect(engine.bestMatch(for: "home/card/title").properties?["color"]?.stringValue == "#99BBFF")
  }

  struct TitleStyle: Decodable, Equatable {
    struct Insets: Decodable, Equatable { var top: Double, bottom: Int }
    var color: String
    var size: Double
    var bold: Bool?
    var insets: Insets?
    var fonts: [String]?
  }

  @Test func answersDecodeIntoAppTypes() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.sheet, name: "app.yaml")])
    let style = try engine.bestMatch(for: "card/title").decode(TitleStyle.self)
    #expect(
      style
        == TitleStyle(
          color: "#3366FF", size: 17, bold: true, insets: .init(top: 4, bottom: 8), fonts: ["Inter", "Helvetica"]))
    let cascaded: TitleStyle = try engine.cascade(for: "card/title").decode()
    #expect(cascaded.color == "#3366FF")
  }

  @Test func decodingErrorsNameThePropertyAndTheStyle() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.sheet, name: "app.yaml")])
    #expect {
      _ = try engine.bestMatch(for: "title").decode(TitleStyle.self)
    } throws: { error in
      let error = try #require(error as? StyleDecodingError)
      return error.propertyPath == "size"
        && error.description
          == #"app.yaml:15:3: error: cannot decode 'size': expected a number, found the string "17pt""#
    }
    struct Wrong: Decodable {
      struct Insets: Decodable { var top: String }
      var insets: Insets
    }
    #expect {
      _ = try engine.bestMatch(for: "card/title").decode(Wrong.self)
    } throws: { error in
      (error as? StyleDecodingError)?.description
        == "app.yaml:8:3: error: cannot decode 'insets.top': expected a string, found the integer 4"
    }
    struct Missing: Decodable { var shadow: String }
    #expect {
      _ = try engine.bestMatch(for: "card/title").decode(Missing.self)
    } throws: { error in
      (error as? StyleDecodingError)?.description
        == "app.yaml:8:3: error: cannot decode 'shadow': missing property 'shadow'"
    }
    struct Fonts: Decodable { var fonts: [Int] }
    #expect {
      _ = try engine.bestMatch(for: "card/title").decode(Fonts.self)
    } throws: { error in
      (error as? StyleDecodingError)?.propertyPath == "fonts[0]"
    }
    #expect {
      _ = try engine.bestMatch(for: "nothing").decode(Missing.self)
    } throws: { error in
      (error as? StyleDecodingError)?.description
        == "error: cannot decode the style: no style applies to 'nothing' and the sheet has no default"
    }
  }

  /// A cascade merges several rules: an error names the rule whose value
  /// failed, where it was written, not the winner.
  @Test func cascadeDecodingErrorsNameTheRuleTheValueCameFrom() throws {
    let yaml = """
      styles:
        label: { size: big, insets: { top: x }, weight: 1 }
        home/label: { color: red, weight: heavy }
      """
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: yaml, name: "c.yaml")])
    let cascade = engine.cascade(for: "home/label")
    struct Sized: Decodable { var color: String, size: Double }
    #expect {
      _ = try cascade.decode(Sized.self)
    } throws: { error in
      let error = try #require(error as? StyleDecodingError)
      return error.rule == "label"
        && error.description == #"c.yaml:2:3: error: cannot decode 'size': expected a number, found the string "big""#
    }
    struct Inset: Decodable {
      struct Insets: Decodable { var top: Int }
      var insets: Insets
    }
    #expect {
      _ = try cascade.decode(Inset.self)
    } throws: { error in
      (error as? StyleDecodingError)?.description
        == #"c.yaml:2:3: error: cannot decode 'insets.top': expected an integer, found the string "x""#
    }
    // Both rules have `weight`; the merge keeps the stronger one's.
    struct Weighted: Decodable { var weight: Int }
    #expect {
      _ = try cascade.decode(Weighted.self)
    } throws: { error in
      let error = try #require(error as? StyleDecodingError)
      return error.rule == "home/label" && error.source?.description == "c.yaml:3:3"
    }
    // A property no rule has is the winner's to give.
    struct Missing: Decodable { var shadow: String }
    #expect {
      _ = try cascade.decode(Missing.self)
    } throws: { error in
      let error = try #require(error as? StyleDecodingError)
      return error.rule == "home/label" && error.source?.description == "c.yaml:3:3"
    }
    // A best match has one rule: its own.
    #expect {
      _ = try engine.bestMatch(for: "label").decode(Sized.self)
    } throws: { error in
      let error = try #require(error as? StyleDecodingError)
      return error.rule == "label" && error.source?.description == "c.yaml:2:3"
    }
  }

  /// A number that does not fit the type asked for is an error, `Float`
  /// as much as `UInt8`: never infinity, never clamped.
  @Test func numbersThatDoNotFitAreErrorsNotChangedValues() throws {
    let sheet = try StyleSheet(yaml: "styles:\n  t: { far: 1e39, near: 1.5, top: .inf, byte: 300 }\n", name: "n.yaml")
    let answer = StyleEngine(sheets: [sheet]).bestMatch(for: "t")
    struct Far: Decodable { var far: Float }
    #expect {
      _ = try answer.decode(Far.self)
    } throws: { error in
      (error as? StyleDecodingError)?.description == "n.yaml:2:3: error: cannot decode 'far': 1e+39 does not fit Float"
    }
    struct Byte: Decodable { var byte: UInt8 }
    #expect {
      _ = try answer.decode(Byte.self)
    } throws: { error in
      (error as? StyleDecodingError)?.description == "n.yaml:2:3: error: cannot decode 'byte': 300 does not fit UInt8"
    }
    struct Fits: Decodable { var near: Float, top: Float }
    let fits = try answer.decode(Fits.self)
    #expect(fits.near == 1.5 && fits.top == .infinity)
    // A double is an int only when it is one exactly.
    #expect(PropertyValue.double(9.3e18).intValue == nil && PropertyValue.double(-9.3e18).intValue == nil)
    #expect(PropertyValue.double(-9_223_372_036_854_775_808).intValue == .min)
  }

  /// `URL` and `Decimal` read as `JSONDecoder` reads them (their own
  /// conformances expect a map): the same values from the same text.
  @Test func urlsAndDecimalsDecodeAsJSONDecoderReadsThem() throws {
    struct Links: Decodable, Equatable {
      var home: URL
      var mirrors: [URL]
      var help: URL?
      var price: Decimal
      var count: Decimal
      var rates: [String: Decimal]
    }
    let yaml = """
      styles:
        t:
          home: https://example.com/a
          mirrors: [https://a.example/, "https://b.example/x?y=1"]
          price: 0.1
          count: 12
          rates: { low: -2.5e-3, high: 1e20 }
      """
    let answer = StyleEngine(sheets: [try StyleSheet(yaml: yaml, name: "u.yaml")]).bestMatch(for: "t")
    let json = #"""
      {"home": "https://example.com/a", "mirrors": ["https://a.example/", "https://b.example/x?y=1"],
       "price": 0.1, "count": 12, "rates": {"low": -2.5e-3, "high": 1e20}}
      """#
    let expected = try JSONDecoder().decode(Links.self, from: Data(json.utf8))
    #expect(try answer.decode(Links.self) == expected)
    #expect(expected.price == Decimal(string: "0.1") && expected.help == nil)

    struct Link: Decodable { var link: URL }
    struct Price: Decodable { var price: Decimal }
    let wrong = StyleEngine(sheets: [
      try StyleSheet(yaml: "styles:\n  t: { link: \"\", price: \"12\", far: 1e300 }\n", name: "w.yaml")
    ]).bestMatch(for: "t")
    #expect {
      _ = try wrong.decode(Link.self)
    } throws: { error in
      (error as? StyleDecodingError)?.message == #"the string "" is not a valid URL"#
    }
    #expect {
      _ = try wrong.decode(Price.self)
    } throws: { error in
      (error as? StyleDecodingError)?.message == #"expected a number, found the string "12""#
    }
    struct Far: Decodable { var far: Decimal }
    #expect {
      _ = try wrong.decode(Far.self)
    } throws: { error in
      (error as? StyleDecodingError)?.message == "1e+300 does not fit Decimal"
    }
  }

  /// JSON keeps values and their kinds; what it cannot keep (the order of an
  /// object's keys, `1.0` versus `1`) is what the comparison leaves out.
  @Test func propertyValuesRoundTripThroughJSON() throws {
    let value: PropertyValue = [
      "color": "#FFFFFF", "size": 12, "ratio": 0.75, "on": true, "none": nil,
      "list": [1, "two", [3.5], ["four": 4]], "map": ["inner": ["deep": false]],
      "far": .double(.infinity),
    ]
    let data = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(PropertyValue.self, from: data)
    #expect(Self.canonical(decoded) == Self.canonical(value))
    #expect(decoded["far"]?.doubleValue == nil)  // JSON has no infinity: it is the string ".inf"
    #expect(decoded["far"]?.stringValue == ".inf")
    let whole = try JSONDecoder().decode(PropertyValue.self, from: JSONEncoder().encode(PropertyValue.double(2)))
    #expect(whole.doubleValue == 2)
  }

  /// Maps' keys sorted, and infinity as the string JSON carries.
  private static func canonical(_ value: PropertyValue) -> PropertyValue {
    switch value {
    case .map(let map):
      var sorted = Properties()
      for key in map.keys.sorted() { sorted[key] = canonical(map[key]!) }
      return .map(sorted)
    case .list(let items): return .list(items.map(canonical))
    case .double(let number) where !number.isFinite: return .string(PropertyValue.yamlText(for: number))
    default: return value
    }
  }

  @Test func textImportsFromABaseDirectoryAndFileURLsWorkLikePaths() throws {
    let scratch = try Scratch("base")
    try scratch.write("tokens.yaml", "variables:\n  ink: \"#222222\"\n")
    let text = "imports: [tokens.yaml]\nstyles:\n  label: { color: $ink }\n"
    let sheet = try StyleSheet(yaml: text, name: "bundle.yaml", baseDirectory: scratch.folder)
    #expect(StyleEngine(sheets: [sheet]).bestMatch(for: "label").properties?["color"] == "#222222")
    try scratch.write("app.yaml", text)
    let fromURL = try StyleEngine(contentsOf: [scratch.folder.appendingPathComponent("app.yaml")])
    #expect(fromURL.bestMatch(for: "label").properties?["color"] == "#222222")
    let remote = URL(string: "https://example.com/app.yaml")!
    #expect(throws: SheetLoadError.self) { try StyleSheet(contentsOf: remote) }
    #expect(
      StyleSheet.diagnose([remote]).map(\.description) == [
        "https://example.com/app.yaml:1:1: error: cannot read 'https://example.com/app.yaml': only file URLs can be loaded"
      ])
    #expect(StyleSheet.diagnose([scratch.folder.appendingPathComponent("app.yaml")]).isEmpty)
    try scratch.write("tree.yaml", "theme: dark\ntree:\n  - group: home\n    children: [ { style: label } ]\n")
    let tree = try StyleTree(contentsOf: scratch.folder.appendingPathComponent("tree.yaml"))
    #expect(tree.theme == "dark")
    #expect(tree.identifiers == ["home/label"])
  }
}
