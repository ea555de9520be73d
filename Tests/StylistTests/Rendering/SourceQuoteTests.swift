import Testing

@testable import Stylist

/// A diagnostic's quote: the text, then a caret under the column.
@Suite struct SourceQuoteTests {
  func drawn(_ text: String, _ column: Int) -> String? {
    SourceQuote(text, column: column).lines.map { $0.text + "\n" + $0.caret }
  }

  @Test func theCaretSitsUnderTheColumn() {
    #expect(drawn("@dark/@light/title", 7) == "  @dark/@light/title\n        ^")
    #expect(drawn("a/b[", 5) == "  a/b[\n      ^", "one past the end points at what is missing")
    #expect(drawn("é/*/b", 3) == "  é/*/b\n    ^", "columns count Unicode scalars")
    #expect(drawn("\ta/*", 4) == "  \ta/*\n  \t  ^", "tabs are kept in the padding")
  }

  @Test func nothingIsDrawnForAColumnOutsideOrSeveralLines() {
    #expect(drawn("abc", 0) == nil)
    #expect(drawn("abc", 5) == nil)
    #expect(drawn("a\nb", 1) == nil)
  }

  /// A long text is cut around the column, so a megabyte line quotes
  /// as a short one.
  @Test func aLongTextIsCutAroundTheColumn() throws {
    let text = String(repeating: "a/", count: 50_000) + "*/b"
    let column = 100_001
    let lines = try #require(SourceQuote(text, column: column).lines)
    #expect(lines.text.unicodeScalars.count == 2 + SourceQuote.maxScalars + 1)
    #expect(lines.text.hasPrefix("  …") && !lines.text.hasSuffix("…"))
    let caretColumn = lines.caret.count
    #expect(Array(lines.text)[caretColumn - 1] == "*")
    let middle = try #require(SourceQuote(text + String(repeating: "/c", count: 1000), column: column).lines)
    #expect(middle.text.hasPrefix("  …") && middle.text.hasSuffix("…"))
    #expect(Array(middle.text)[middle.caret.count - 1] == "*")
    #expect(middle.text.unicodeScalars.count == 2 + SourceQuote.maxScalars + 2)
  }

  @Test func theTextRendererDrawsItUnderTheMessage() {
    let diagnostic = SyntaxError("wildcards are only allowed in selectors", column: 3).diagnostic(
      inNode: "a/*/b", file: "<command line>")
    #expect(
      TextRenderer().diagnostics([diagnostic])
        == "<command line>:1:3: error: invalid node 'a/*/b': wildcards are only allowed in selectors\n"
        + "  a/*/b\n    ^\n")
    #expect(diagnostic.description.contains("\n") == false)
  }
}
