import Testing

@testable import Stylist

@Suite struct GlobTests {
  /// Found by fuzzing: U+0605 glued `{` into one `Character`, which then went
  /// into the regex unescaped and failed to compile.
  /// A pattern that does not compile gives nil and frees its buffer once
  /// (a double free here was found by fuzzing; ASan checks it in `make sanitize`).
  @Test func invalidRegexIsNil() {
    #expect(POSIXRegex(extendedPattern: "a(") == nil)
  }

  @Test func metacharactersInsideGraphemeClusters() throws {
    let selector = try StyleSelector(parsing: "x\u{605}{*")
    guard case .glob(let glob) = selector.token.name else {
      Issue.record("expected a glob token")
      return
    }
    #expect(glob.matches("x\u{605}{yz"))
    #expect(!glob.matches("x\u{605}yz"))
    #expect(try StyleSelector(parsing: "a\u{605}*/t").components[0].name == .glob(Glob("a\u{605}*")))
  }

  @Test func translatesToAnchoredExtendedRegex() {
    #expect(Glob.extendedRegex(for: "form-*") == "^form-.*$")
    #expect(Glob.extendedRegex(for: "a.b+c?(d)|{e}^$\\*") == "^a\\.b\\+c\\?\\(d\\)\\|\\{e\\}\\^\\$\\\\.*$")
  }

  @Test(arguments: [
    ("form-*", "form-", true), ("form-*", "form-field", true), ("form-*", "xform-field", false),
    ("*-button", "big-button", true), ("*-button", "big-buttons", false),
    ("btn-*-large", "btn--large", true), ("btn-*-large", "btn-x-large", true), ("btn-*-large", "btn-large", false),
    ("a.*", "a.b", true), ("a.*", "ab", false), ("(x)*", "(x)y", true), ("x+*", "xx", false),
    ("caf\u{E9}-*", "caf\u{E9}-1", true),
  ])
  func matches(pattern: String, text: String, expected: Bool) {
    #expect(Glob(pattern).matches(text) == expected)
  }

  @Test func matchesAgainstNFC() throws {
    let selector = try StyleSelector(parsing: "cafe\u{301}*/x")
    let node = try NodeIdentifier(parsing: "caf\u{E9}s/x")
    #expect(selector.specificity(on: node) != nil)
  }
}
