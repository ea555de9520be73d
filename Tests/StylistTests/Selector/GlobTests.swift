import Testing

@testable import Stylist

@Suite struct GlobTests {
  /// A glob's literal parts are escaped by scalar, not by `Character`: U+0605
  /// glues `{` into one `Character`, and the `{` must still be escaped.
  /// A pattern that does not compile gives nil and frees its buffer once
  /// (ASan checks it in `make sanitize`).
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

  /// `name*` and `*name` compare bytes instead of running the regex; both
  /// must answer alike, combining marks and metacharacters included.
  @Test func prefixAndSuffixGlobsAgreeWithTheRegex() throws {
    let alphabet = Array("ab-.\u{E9}e\u{301}".unicodeScalars)
    var generator = SeededGenerator(seed: 11)
    func random(_ lengths: ClosedRange<Int>) -> String {
      var text = ""
      for _ in 0..<Int.random(in: lengths, using: &generator) {
        text.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
      }
      return text
    }
    for _ in 0..<5_000 {
      let stem = random(1...3)
      let pattern = Bool.random(using: &generator) ? stem + "*" : "*" + stem
      let name = random(0...5)
      let regex = try #require(POSIXRegex(extendedPattern: Glob.extendedRegex(for: pattern)))
      #expect(Glob(pattern).matches(name) == regex.matches(name), "\(pattern) \(name)")
    }
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
    // `*` and a combining mark make one `Character`: the suffix is the mark on.
    ("*\u{301}x", "e\u{301}x", true), ("*\u{301}x", "ex", false),
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
