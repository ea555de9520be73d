import Foundation
import Testing

@testable import Stylist

/// The Format module of DTCG 2025.10, read through a sheet's `tokens:`.
@Suite struct TokenFormatTests {
  @Test func aliasChainsFollowToTheEnd() throws {
    let files = try TokenFiles()
    try files.write(
      "a.tokens.json",
      """
      { "base": { "$type": "number", "one": { "$value": 1 } },
        "semantic": { "brand": { "$value": "{base.one}" }, "link": { "$value": "{semantic.brand}" } } }
      """)
    try files.sheet(tokens: ["a.tokens.json"], "link: $semantic.link, one: \"${base.one}\"")
    #expect(try files.properties("sheet.yaml", "t") == ["link": 1, "one": 1])
    #expect(files.diagnostics("sheet.yaml").isEmpty)
  }

  @Test func typeComesFromTheTokenItsAliasThenItsGroup() throws {
    let files = try TokenFiles()
    try files.write(
      "a.tokens.json",
      """
      { "size": { "$type": "dimension", "s": { "$value": { "value": 4, "unit": "px" } } },
        "alias": { "$value": "{size.s}" },
        "g": { "$type": "number", "own": { "$type": "duration", "$value": { "value": 1, "unit": "s" } },
               "nested": { "deep": { "$value": 2 } } } }
      """)
    let sheet = try StyleSheet(contentsOf: files.write("s.yaml", "tokens: [a.tokens.json]\n"))
    let types = Dictionary(uniqueKeysWithValues: sheet.outline.tokens.map { ($0.path, $0.type) })
    #expect(types == ["size.s": "dimension", "alias": "dimension", "g.own": "duration", "g.nested.deep": "number"])
  }

  @Test func pointersReachTokensAndPartsOfValues() throws {
    let files = try TokenFiles()
    try files.write(
      "a.tokens.json",
      """
      { "colors": { "$type": "color", "blue": { "$value": { "colorSpace": "srgb", "components": [0.2, 0.4, 0.9] } } },
        "semantic": {
          "primary": { "$ref": "#/colors/blue" },
          "hue": { "$type": "number", "$value": { "$ref": "#/colors/blue/$value/components/0" } },
          "mixed": { "$type": "color",
            "$value": { "colorSpace": "srgb", "components": [{ "$ref": "#/colors/blue/$value/components/0" }, 0, 0.7] } } } }
      """)
    try files.sheet(tokens: ["a.tokens.json"], "primary: $semantic.primary, hue: $semantic.hue, mixed: $semantic.mixed")
    let values = try #require(try files.properties("sheet.yaml", "t"))
    #expect(values["primary"] == ["colorSpace": "srgb", "components": [0.2, 0.4, 0.9]])
    #expect(values["hue"] == 0.2)
    #expect(values["mixed"] == ["colorSpace": "srgb", "components": [0.2, 0, 0.7]])
    #expect(files.diagnostics("sheet.yaml").isEmpty)
  }

  @Test func groupsExtendByDeepMerge() throws {
    let files = try TokenFiles()
    try files.write(
      "a.tokens.json",
      """
      { "input": { "$type": "dimension", "field": { "width": { "$value": { "value": 12, "unit": "rem" } },
                                                    "height": { "$value": { "value": 2, "unit": "rem" } } } },
        "input-amount": { "$extends": "{input}", "field": { "width": { "$value": { "value": 100, "unit": "px" } } } } }
      """)
    try files.sheet(tokens: ["a.tokens.json"], "w: $input-amount.field.width, h: $input-amount.field.height")
    #expect(
      try files.properties("sheet.yaml", "t") == [
        "w": ["value": 100, "unit": "px"], "h": ["value": 2, "unit": "rem"],
      ])
  }

  @Test func aLaterFileReplacesATokenWholeAndMergesGroups() throws {
    let files = try TokenFiles()
    try files.write(
      "a.tokens.json",
      #"{ "c": { "$type": "color", "x": { "$value": { "colorSpace": "srgb", "components": [1, 0, 0], "alpha": 0.5 } }, "y": { "$value": "{c.x}" } } }"#
    )
    try files.write(
      "b.tokens.json", #"{ "c": { "x": { "$value": { "colorSpace": "srgb", "components": [0, 0, 1] } } } }"#)
    try files.sheet(tokens: ["a.tokens.json", "b.tokens.json"], "x: $c.x, y: $c.y")
    let blue: PropertyValue = ["colorSpace": "srgb", "components": [0, 0, 1]]
    #expect(try files.properties("sheet.yaml", "t") == ["x": blue, "y": blue])
  }

  @Test func referenceSyntaxSpellsTokenNames() throws {
    let files = try TokenFiles()
    try files.write(
      "a.tokens.json",
      """
      { "space": { "$type": "number", "100": { "$value": 4 } },
        "font": { "Body Large": { "$type": "number", "$value": 18 } },
        "accent": { "$type": "number", "$root": { "$value": 1 }, "muted": { "$value": 2 } } }
      """)
    try files.write(
      "sheet.yaml",
      """
      tokens: [a.tokens.json]
      variables: { size: 12 }
      styles:
        t: { space: $space.100, body: "${font.Body Large}", root: "${accent.$root}", dotted: $size.5, label: "${space.100}px" }
      """)
    #expect(
      try files.properties("sheet.yaml", "t") == [
        "space": 4, "body": 18, "root": 1, "dotted": "12.5", "label": "4px",
      ])
  }

  @Test func aSheetVariableShadowsATokenWithAWarning() throws {
    let files = try TokenFiles()
    try files.write("a.tokens.json", #"{ "gap": { "$type": "number", "$value": 4 } }"#)
    try files.write("sheet.yaml", "tokens: [a.tokens.json]\nvariables: { gap: 8 }\nstyles:\n  t: { gap: $gap }\n")
    #expect(try files.properties("sheet.yaml", "t") == ["gap": 8])
    #expect(
      files.diagnostics("sheet.yaml") == [
        "sheet.yaml:2:14: warning: variable 'gap' shadows the design token at a.tokens.json:1:3 [shadowed-token]"
      ])
  }

  @Test func unusedTokensAreCheckedButNotWarnedOf() throws {
    let files = try TokenFiles()
    try files.write(
      "a.tokens.json",
      #"{ "n": { "$type": "number", "one": { "$value": 1 }, "bad": { "$value": "{n.onne}" } } }"#)
    try files.write("sheet.yaml", "tokens: [a.tokens.json]\n")
    #expect(
      files.diagnostics("sheet.yaml") == [
        "a.tokens.json:1:73: error: unknown variable 'n.onne'; did you mean 'n.one'?"
      ])
  }

  @Test func errorsOfAFileAreReportedInOnePass() throws {
    let files = try TokenFiles()
    try files.write(
      "a.tokens.json",
      """
      {
        "$bad": { "$value": 1 },
        "dot.ted": { "$value": 1 },
        "both": { "$type": "number", "$value": 1, "child": { "$value": 2 } },
        "g": { "$extends": "{nowhere}" },
        "p": { "$type": "number", "$value": { "$ref": "#/q" } },
        "loop1": { "$extends": "{loop2}" },
        "loop2": { "$extends": "{loop1}" },
        "notgroup": { "$extends": "{p}" }
      }
      """)
    #expect(
      files.diagnostics("a.tokens.json") == [
        "a.tokens.json:2:3: error: invalid token name '$bad': a name cannot start with '$' (the format's own properties do)",
        "a.tokens.json:3:3: error: invalid token name 'dot.ted': a name is not empty and holds no '{', '}' or '.'",
        "a.tokens.json:4:45: error: token 'both' has '$value' and a child token 'child': an object is a token or a group, not both",
        "a.tokens.json:5:22: error: '$extends' names no group 'nowhere'",
        "a.tokens.json:6:39: error: '$ref' '#/q' points at no token; did you mean 'p'?",
        "a.tokens.json:8:26: error: group extension cycle: loop1 -> loop2 -> loop1",
        "a.tokens.json:9:29: error: '$extends' must name a group, and 'p' is a token",
      ])
  }

  @Test func aliasCyclesAreErrors() throws {
    let files = try TokenFiles()
    try files.write(
      "a.tokens.json",
      #"{ "$type": "number", "a": { "$value": "{b}" }, "b": { "$value": "{c}" }, "c": { "$value": "{a}" } }"#)
    #expect(
      files.diagnostics("a.tokens.json") == [
        "a.tokens.json:1:40: error: alias cycle: a -> b -> c -> a",
        "a.tokens.json:1:66: error: alias cycle: b -> c -> a -> b",
        "a.tokens.json:1:92: error: alias cycle: c -> a -> b -> c",
      ])
  }

  @Test func invalidJSONIsALocatedError() throws {
    let files = try TokenFiles()
    try files.write("a.tokens.json", "{ \"a\": { \"$value\": 1 ,, } }")
    let diagnostics = files.diagnostics("a.tokens.json")
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.hasPrefix("a.tokens.json:1:") == true)
  }

  @Test func aMissingTokenFileIsAnErrorWhereItIsNamed() throws {
    let files = try TokenFiles()
    try files.write("sheet.yaml", "tokens: [missing.tokens.json]\n")
    #expect(
      files.diagnostics("sheet.yaml") == [
        "sheet.yaml:1:10: error: cannot read 'missing.tokens.json': no such file"
      ])
    try files.write("palette.tokens.json", "{}")
    try files.write("typo.yaml", "tokens: [palete.tokens.json]\n")
    #expect(
      files.diagnostics("typo.yaml") == [
        "typo.yaml:1:10: error: cannot read 'palete.tokens.json': no such file; did you mean 'palette.tokens.json'?"
      ])
  }
}
