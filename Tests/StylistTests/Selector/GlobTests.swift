import Testing

@testable import Stylist

@Suite struct GlobTests {
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
