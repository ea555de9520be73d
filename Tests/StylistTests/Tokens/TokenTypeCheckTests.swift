import Foundation
import Testing

@testable import Stylist

/// Every 2025.10 type is checked field by field: what strays loads as
/// written, with a `nonstandard-token` warning at the field.
@Suite struct TokenTypeCheckTests {
  /// Values as the 2025.10 specification writes them, one per type: no warning.
  static let standard: [(type: String, value: String)] = [
    ("color", ##"{ "colorSpace": "srgb", "components": [1, 0, 0.5], "alpha": 0.5, "hex": "#ff0080" }"##),
    ("color", #"{ "colorSpace": "oklch", "components": [0.63, 0.26, 29.2] }"#),
    ("color", #"{ "colorSpace": "hsl", "components": ["none", 50, 40] }"#),
    ("color", #"{ "colorSpace": "lab", "components": [50, -20, 30] }"#),
    ("color", #"{ "colorSpace": "display-p3", "components": [1, 0.5, 0] }"#),
    ("dimension", #"{ "value": 0.5, "unit": "rem" }"#),
    ("duration", #"{ "value": 100, "unit": "ms" }"#),
    ("fontFamily", #"["Helvetica", "Arial", "sans-serif"]"#),
    ("fontFamily", #""Comic Sans MS""#),
    ("fontWeight", "350"),
    ("fontWeight", #""extra-bold""#),
    ("cubicBezier", "[0.5, 0, 1, 1]"),
    ("number", "1.5"),
    ("strokeStyle", #""dashed""#),
    ("strokeStyle", #"{ "dashArray": [{ "value": 0.5, "unit": "rem" }], "lineCap": "round" }"#),
    (
      "border",
      #"{ "color": { "colorSpace": "srgb", "components": [0, 0, 0] }, "width": { "value": 3, "unit": "px" }, "style": "solid" }"#
    ),
    (
      "transition",
      #"{ "duration": { "value": 200, "unit": "ms" }, "delay": { "value": 0, "unit": "ms" }, "timingFunction": [0.5, 0, 1, 1] }"#
    ),
    (
      "shadow",
      #"{ "color": "{c}", "offsetX": { "value": 0.5, "unit": "rem" }, "offsetY": { "value": 0.5, "unit": "rem" }, "blur": { "value": 1.5, "unit": "rem" }, "spread": { "value": 0, "unit": "rem" } }"#
    ),
    (
      "shadow",
      #"[{ "color": "{c}", "offsetX": "{d}", "offsetY": "{d}", "blur": "{d}", "spread": "{d}", "inset": true }]"#
    ),
    ("gradient", #"[{ "color": "{c}", "position": 0 }, { "color": "{c}", "position": 1 }]"#),
    (
      "typography",
      #"{ "fontFamily": "Roboto", "fontSize": { "value": 42, "unit": "px" }, "fontWeight": 700, "letterSpacing": { "value": 0.1, "unit": "px" }, "lineHeight": 1.2 }"#
    ),
  ]

  /// Values that stray, and the warning each gives.
  static let nonstandard: [(type: String, value: String, warning: String)] = [
    ("color", ##""#fff""##, "the value must be a colour object with 'colorSpace' and 'components', not a string"),
    ("color", #"{ "colorSpace": "cmyk", "components": [0, 0, 0] }"#, "unknown colour space 'cmyk'"),
    ("color", #"{ "colorSpace": "srgb", "components": [2, 0, 0] }"#, "component 2.0 is outside srgb's range"),
    ("color", #"{ "colorSpace": "srgb", "components": [1, 0] }"#, "a colour needs 'components', a list of 3 numbers"),
    (
      "color", ##"{ "colorSpace": "srgb", "components": [1, 0, 0], "hex": "#fff" }"##,
      "'hex' must be a 6-digit '#rrggbb' string"
    ),
    (
      "color", #"{ "colorSpace": "srgb", "components": [1, 0, 0], "alpha": 2 }"#, "'alpha' must be a number from 0 to 1"
    ),
    ("dimension", #"{ "value": 1, "unit": "em" }"#, "'unit' must be 'px' or 'rem'"),
    ("dimension", #""4px""#, "the value must be an object with 'value' and 'unit', not a string"),
    ("duration", #"{ "value": 1, "unit": "min" }"#, "'unit' must be 'ms' or 's'"),
    ("fontFamily", "[1]", "a font family must be a name, not a number"),
    ("fontWeight", "1200", "a font weight must be from 1 to 1000"),
    ("fontWeight", #""fat""#, "unknown font weight 'fat'"),
    ("cubicBezier", "[2, 0, 1, 1]", "a cubic Bézier's x must be from 0 to 1"),
    ("cubicBezier", "[0, 1]", "the value must be a list of 4 numbers"),
    ("number", #""1""#, "the value must be a number, not a string"),
    ("strokeStyle", #""wavy""#, "unknown stroke style 'wavy'"),
    ("border", #"{ "color": "{c}", "width": "{d}" }"#, "the value needs 'style'"),
    (
      "transition", #"{ "duration": "{t}", "delay": "{t}", "timingFunction": "{b}", "speed": 1 }"#,
      "the value has no field 'speed'"
    ),
    (
      "shadow",
      #"{ "color": "{c}", "offsetX": "{d}", "offsetY": "{d}", "blur": "{d}", "spread": "{d}", "inset": "yes" }"#,
      "'inset' must be true or false"
    ),
    ("gradient", #"[{ "color": "{c}", "position": 2 }]"#, "a stop's 'position' must be a number from 0 to 1"),
    (
      "typography",
      #"{ "fontFamily": "A", "fontSize": "{d}", "fontWeight": 400, "letterSpacing": "{d}", "lineHeight": { "value": 20, "unit": "px" } }"#,
      "'lineHeight' must be a number, not an object"
    ),
  ]

  static let referenced =
    #""c": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0, 0, 0] } }, "d": { "$type": "dimension", "$value": { "value": 1, "unit": "px" } }, "t": { "$type": "duration", "$value": { "value": 1, "unit": "s" } }, "b": { "$type": "cubicBezier", "$value": [0, 0, 1, 1] }"#

  func warnings(type: String, value: String) throws -> [String] {
    let files = try TokenFiles()
    try files.write("a.tokens.json", "{ \(Self.referenced),\n\"x\": { \"$type\": \"\(type)\", \"$value\": \(value) } }")
    return files.diagnostics("a.tokens.json")
  }

  @Test func standardValuesOfEveryTypeLoadQuietly() throws {
    #expect(Set(Self.standard.map(\.type)) == Set(TokenType.allCases.map(\.rawValue)))
    for (type, value) in Self.standard {
      #expect(try warnings(type: type, value: value) == [], "\(type): \(value)")
    }
  }

  @Test func nonstandardValuesWarnAndLoad() throws {
    for (type, value, warning) in Self.nonstandard {
      let diagnostics = try warnings(type: type, value: value)
      #expect(diagnostics.count == 1, "\(type): \(value)")
      #expect(
        diagnostics.first?.hasSuffix(": warning: \(type) token 'x': \(warning) [nonstandard-token]") == true,
        "\(diagnostics)")
      #expect(diagnostics.first?.hasPrefix("a.tokens.json:2:") == true, "\(diagnostics)")
    }
  }

  @Test func unknownAndMissingTypesAndStrayKeysWarn() throws {
    let files = try TokenFiles()
    try files.write(
      "a.tokens.json",
      #"{ "a": { "$type": "string", "$value": "amber" }, "b": { "$value": 1 }, "c": { "$type": "number", "$value": 1, "alpha": 0.5 } }"#
    )
    try files.sheet(tokens: ["a.tokens.json"], "a: $a, b: $b, c: $c")
    #expect(try files.properties("sheet.yaml", "t") == ["a": "amber", "b": 1, "c": 1])
    #expect(
      files.diagnostics("sheet.yaml") == [
        "a.tokens.json:1:3: warning: token 'a' has the type 'string', which the format does not define [nonstandard-token]",
        "a.tokens.json:1:50: warning: token 'b' has no '$type', its own, its alias's or a group's [nonstandard-token]",
        "a.tokens.json:1:111: warning: token 'c' has a key 'alpha' the format does not define [nonstandard-token]",
      ])
  }
}
