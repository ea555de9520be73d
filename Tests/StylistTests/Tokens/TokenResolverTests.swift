import Foundation
import Testing

@testable import Stylist

/// The Resolver module of DTCG 2025.10: sets, modifiers, `resolutionOrder`.
@Suite struct TokenResolverTests {
  static let base = #"{ "$type": "number", "size": { "$value": 1 }, "gap": { "$value": "{size}" } }"#

  @Test func inlineEntriesAndContextsThatNameSets() throws {
    let files = try TokenFiles()
    try files.write("base.tokens.json", Self.base)
    try files.write(
      "r.resolver.json",
      """
      { "version": "2025.10",
        "sets": { "extra": { "sources": [{ "more": { "$type": "number", "$value": 5 } }] } },
        "resolutionOrder": [
          { "type": "set", "name": "base", "sources": [{ "$ref": "base.tokens.json" }] },
          { "type": "modifier", "name": "scale",
            "contexts": { "one": [], "two": [{ "$ref": "#/sets/extra" }, { "size": { "$type": "number", "$value": 2 } }] } }
        ] }
      """)
    try files.sheet(tokens: ["r.resolver.json"], "gap: $gap")
    #expect(try files.properties("sheet.yaml", "t") == ["gap": 1])
    #expect(try files.properties("sheet.yaml", "t", themes: ["two"]) == ["gap": 2])
    #expect(files.diagnostics("sheet.yaml").isEmpty)
    let sheet = try StyleSheet(contentsOf: files.folder + "/sheet.yaml")
    #expect(sheet.outline.axes.map(\.name) == ["scale"])
    #expect(sheet.outline.axes.first?.defaultTheme?.name == "one")
  }

  @Test func laterModifiersWinAndASheetThemeIsTheContext() throws {
    let files = try TokenFiles()
    try files.write("base.tokens.json", Self.base)
    try files.write(
      "r.resolver.json",
      """
      { "version": "2025.10",
        "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
        "modifiers": {
          "a": { "contexts": { "a1": [], "a2": [{ "size": { "$value": 10 } }] } },
          "b": { "contexts": { "b1": [], "b2": [{ "size": { "$value": 20 } }] }, "default": "b1" } },
        "resolutionOrder": [{ "$ref": "#/sets/base" }, { "$ref": "#/modifiers/a" }, { "$ref": "#/modifiers/b" }] }
      """)
    try files.write(
      "sheet.yaml",
      "tokens: [r.resolver.json]\nthemes:\n  b2: { variables: { gap: 30 } }\nstyles:\n  t: { gap: $gap, size: $size }\n"
    )
    #expect(try files.properties("sheet.yaml", "t", themes: ["a2"]) == ["gap": 10, "size": 10])
    #expect(try files.properties("sheet.yaml", "t", themes: ["a2", "b2"]) == ["gap": 30, "size": 20])
    #expect(try files.properties("sheet.yaml", "t", themes: ["b2"]) == ["gap": 30, "size": 20])
  }

  @Test func warningsOfAResolver() throws {
    let files = try TokenFiles()
    try files.write("base.tokens.json", Self.base)
    try files.write(
      "r.resolver.json",
      """
      { "version": "2025.10",
        "sets": { "base": { "sources": [{ "$ref": "base.tokens.json" }] } },
        "modifiers": { "solo": { "contexts": { "only": [] } } },
        "resolutionOrder": [{ "$ref": "#/modifiers/solo" }] }
      """)
    try files.sheet(tokens: ["r.resolver.json"], "gap: $gap")
    #expect(try files.properties("sheet.yaml", "t") == ["gap": 1])
    #expect(
      files.diagnostics("sheet.yaml") == [
        "r.resolver.json:2:13: warning: set 'base' is in no 'resolutionOrder' entry and no context: it applies first, beneath the rest [unlisted-set]",
        "r.resolver.json:3:18: warning: modifier 'solo' has one context: an axis of one theme [single-context-modifier]",
      ])
  }

  @Test func errorsOfAResolverInOnePass() throws {
    let files = try TokenFiles()
    try files.write(
      "r.resolver.json",
      """
      { "version": 2025.10,
        "modifiers": {
          "empty": { "contexts": {} },
          "x": { "contexts": { "dark": [], "light": [] }, "default": "drak" },
          "y": { "contexts": { "dark": [], "dim": [] } } },
        "resolutionOrder": [{ "$ref": "#/modifiers/empty" }, { "$ref": "#/modifiers/x" }, { "$ref": "#/modifiers/y" },
          { "$ref": "#/modifiers/z" }, { "$ref": "missing.tokens.json" }, { "name": "n" }] }
      """)
    #expect(
      files.diagnostics("r.resolver.json") == [
        "r.resolver.json:1:14: error: a resolver's 'version' must be the string \"2025.10\"",
        "r.resolver.json:3:5: error: modifier 'empty' has no contexts",
        "r.resolver.json:4:64: error: the default of modifier 'x' is 'drak', which is none of its contexts; did you mean 'dark'?",
        "r.resolver.json:5:26: error: theme 'dark' is already on axis 'x'; a theme belongs to one axis",
        "r.resolver.json:5:26: error: the default of axis 'y' is 'dark', which is not one of its themes (dim)",
        "r.resolver.json:7:15: error: '$ref' '#/modifiers/z' names no modifier 'z'; did you mean 'x'?",
        "r.resolver.json:7:44: error: a 'resolutionOrder' '$ref' must be '#/sets/name' or '#/modifiers/name'",
        "r.resolver.json:7:69: error: an inline 'resolutionOrder' item needs 'name' and 'type' (\"set\" or \"modifier\")",
      ])
  }

  /// `Fixtures/tokens/module.resolver.json`: what the Resolver module
  /// allows loads (`name` and `$extensions` on sets and modifiers, `$defs`,
  /// a file's part written `file.json#group`); a key it does not define
  /// is a warning.
  @Test func theModuleIsFollowedAsItIsWritten() throws {
    let path = FixturePaths.path("tokens/module.resolver.json")
    #expect(
      StyleSheet.diagnose([path]).map { FixturePaths.relative($0.description) } == [
        "tokens/module.resolver.json:20:7: warning: modifier 'brand' has a key 'owner' the Resolver module does not define [nonstandard-token]"
      ])
    let sheet = try StyleSheet(contentsOf: path)
    #expect(sheet.outline.axes.map(\.name) == ["brand"])
    let files = try TokenFiles()
    try files.sheet(tokens: [path], "accent: $accent")
    #expect(try files.properties("sheet.yaml", "t") == ["accent": 3])
    #expect(try files.properties("sheet.yaml", "t", themes: ["blue"]) == ["accent": 4])
  }

  @Test func aMissingSourceIsAnErrorAtItsRef() throws {
    let files = try TokenFiles()
    try files.write(
      "r.resolver.json",
      ##"{ "version": "2025.10", "sets": { "s": { "sources": [{ "$ref": "nope.tokens.json" }] } }, "resolutionOrder": [{ "$ref": "#/sets/s" }] }"##
    )
    #expect(
      files.diagnostics("r.resolver.json") == [
        "r.resolver.json:1:64: error: cannot read 'nope.tokens.json': no such file"
      ])
  }
}
