import Testing

@testable import Stylist

@Suite struct NodeIdentifierTests {
  @Test func parsesPathAndToken() throws {
    let node = try NodeIdentifier(parsing: "home/header[selected]/searchBar/label")
    #expect(node.theme == nil)
    #expect(
      node.path == [
        Component(name: "home"), Component(name: "header", variant: "selected"), Component(name: "searchBar"),
      ])
    #expect(node.token == "label")
  }

  @Test func trimsSpacesAndDropsEmptyComponents() throws {
    let node = try NodeIdentifier(parsing: " /home// \t header /label/ ")
    #expect(node.description == "home/header/label")
  }

  @Test func leadingThemeIsSugar() throws {
    let node = try NodeIdentifier(parsing: "@dark/element/title")
    #expect(node.theme == "dark")
    #expect(node.path == ["element"])
    #expect(node.description == "@dark/element/title")
  }

  @Test func atElsewhereIsOrdinary() throws {
    let node = try NodeIdentifier(parsing: "element/@searchBar/x")
    #expect(node.theme == nil)
    #expect(node.path.map(\.name) == ["element", "@searchBar"])
  }

  /// U+0605 forms one `Character` with what follows; delimiters must still count.
  @Test func delimitersInsideGraphemeClusters() throws {
    let node = try NodeIdentifier(parsing: "a\u{605}/b\u{605}[v]/c")
    #expect(node.path == [Component(name: "a\u{605}"), Component(name: "b\u{605}", variant: "v")])
    #expect(node.token == "c")
    #expect(throws: SyntaxError("wildcards are only allowed in selectors", column: 3)) {
      try NodeIdentifier(parsing: "a\u{605}*/c")
    }
  }

  @Test func printsBackLosslessly() throws {
    for text in ["title", "a/b[c]/d", "@t/a[b]/c", "ünï/cödé", "a b/c"] {
      let node = try NodeIdentifier(parsing: text)
      #expect(NodeIdentifier(node.description) == node)
    }
  }

  @Test func normalisesToNFC() throws {
    let decomposed = try NodeIdentifier(parsing: "cafe\u{301}/x")
    let composed = try NodeIdentifier(parsing: "caf\u{E9}/x")
    #expect(decomposed == composed)
    #expect(Array(decomposed.path[0].name.unicodeScalars) == Array("caf\u{E9}".unicodeScalars))
  }

  @Test func nestsWithin() {
    let close: NodeIdentifier = "close"
    #expect(close.within("client", "searchbar").description == "client/searchbar/close")
    #expect(close.within("searchbar[disabled]").within("client").description == "client/searchbar[disabled]/close")
  }

  @Test func stringLiteral() {
    let node: NodeIdentifier = "a/b[v]/c"
    #expect(node.path[1].variant == "v")
  }

  @Test(arguments: [
    ("", "empty node identifier", 1),
    (" / ", "empty node identifier", 1),
    ("a/label[x]", "variants apply to components, not to the token", 3),
    ("@dark", "'@dark' needs a node after it", 1),
    ("@dark/", "'@dark' needs a node after it", 1),
    ("@/x", "empty theme name after '@'", 1),
    ("@da*rk/x", "a theme is a plain name (no variant, no wildcard)", 4),
    // A plain part's variant is split while scanning: the theme still sees it.
    ("@dark[x]/a/b", "a theme is a plain name (no variant, no wildcard)", 6),
    ("a/*/b", "wildcards are only allowed in selectors", 3),
    ("a/b*c/d", "wildcards are only allowed in selectors", 4),
    ("a/b[*]/c", "wildcards are only allowed in selectors", 5),
    ("a/[v]/c", "missing name before '['", 3),
    ("a/b[v/c", "missing ']' to close the variant", 4),
    ("a/b[]/c", "empty variant '[]'", 4),
    ("a/b[v]x/c", "unexpected text after the variant", 7),
    ("a/b]/c", "unexpected ']' without '['", 4),
    ("a/b[v[w]]/c", "'[' inside a variant", 6),
    ("a/b\u{7}/c", "control character in a name", 4),
  ])
  func rejects(text: String, message: String, column: Int) {
    #expect(throws: SyntaxError(message, column: column)) { try NodeIdentifier(parsing: text) }
  }
}

/// `NodeScanner` (bytes) against the component scanner selectors use
/// (`PathScanner` on `String`s), which parsed node identifiers before: the
/// same identifiers, or the same error at the same column, on random text.
@Suite struct NodeScannerOracleTests {
  static func parsedByComponents(_ text: String) throws(SyntaxError) -> NodeIdentifier {
    var (raws, _) = PathScanner.split(text)
    guard !raws.isEmpty else { throw SyntaxError("empty node identifier", column: 1) }
    // Leading `@` parts are themes while another part follows them.
    var themes: [String] = []
    while raws[0].text.firstByte == UInt8(ascii: "@"), raws.count > 1 || themes.isEmpty {
      let themeRaw = raws.removeFirst()
      themes.append(try StyleSelector.parseTheme(themeRaw))
      if raws.isEmpty { throw SyntaxError("'\(themeRaw.text)' needs a node after it", column: themeRaw.column) }
    }
    let tokenRaw = raws.removeLast()
    let token = try Component(tokenRaw)
    if token.variant != nil {
      throw SyntaxError("variants apply to components, not to the token", column: tokenRaw.column)
    }
    var path: [Component] = []
    for raw in raws { path.append(try Component(raw)) }
    return NodeIdentifier(themes: themes, path: path, token: token.name)
  }

  /// The node as `batch` scans it (`NodeLine`, from bytes), read back.
  static func scannedAsLine(_ text: String) throws(SyntaxError) -> NodeIdentifier {
    try Array(text.utf8).withUnsafeBufferPointer { bytes throws(SyntaxError) in
      try NodeLine.with(utf8: bytes) { line in
        NodeIdentifier(
          themes: line.themeTexts,
          path: (0..<line.depth).map { Component(name: line.name(at: $0), variant: line.variant(at: $0)) },
          token: line.tokenText)
      }
    }
  }

  /// Long lines, with text that is not ASCII or not UTF-8 at all: the same
  /// node as parsing the (repaired) text.
  @Test(arguments: [0, 31, 32, 33, 100])
  func aLineOfAnyLengthScansAsTheIdentifier(components: Int) throws {
    for last in ["label", "lab\u{E9}l", "labe\u{301}l"] {
      let text = "@dark/" + (0..<components).map { "part\($0)[v\($0 % 3)]" }.joined(separator: "/") + "/" + last
      #expect(try Self.scannedAsLine(text) == NodeIdentifier(parsing: text))
    }
    let invalid = Array("a/b/".utf8) + [0xFF, 0xC3] + Array("/x".utf8)
    let repaired = String(decoding: invalid, as: UTF8.self)
    let line = try invalid.withUnsafeBufferPointer { bytes in try NodeLine.with(utf8: bytes) { $0.name(at: 2) } }
    #expect(line == (try NodeIdentifier(parsing: repaired)).path[2].name)
  }

  /// Short texts of every kind of piece, and long ones (`scan` tests eight
  /// bytes at a time, so a piece must be seen at every place in a word and
  /// across words) mostly of names, where the odd piece stands out.
  @Test(arguments: [(11, 0...9, 0), (12, 10...40, 12), (13, 40...90, 12)])
  func agreesWithTheComponentScanner(seed: UInt64, pieceCount: ClosedRange<Int>, plainNames: Int) {
    let pieces =
      [
        "a", "bc", "/", "/", " ", "\t", "[", "]", "[v]", "*", "@", "é", "e\u{301}", "\u{1}", "\u{7F}", "x", "🙂",
      ] + Array(repeating: "part12/", count: plainNames) + Array(repeating: "screen[selected]/", count: plainNames)
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<20_000 {
      let text = (0..<Int.random(in: pieceCount, using: &generator)).map { _ in
        pieces.randomElement(using: &generator)!
      }.joined()
      let expected = Result { () throws(SyntaxError) in try Self.parsedByComponents(text) }
      let scanned = Result { () throws(SyntaxError) in try NodeIdentifier(parsing: text) }
      #expect(scanned == expected, "\(text.debugDescription)")
      let line = Result { () throws(SyntaxError) in try Self.scannedAsLine(text) }
      #expect(line == expected, "\(text.debugDescription)")
      let survey = Array(text.utf8).withUnsafeBufferPointer(NodeScanner.survey)
      #expect(survey.partCapacity == text.utf8.count { $0 == UInt8(ascii: "/") } + 1, "\(text.debugDescription)")
      #expect(survey.isASCII == text.utf8.allSatisfy { $0 < 0x80 }, "\(text.debugDescription)")
    }
  }
}
