/// A node identifier still in the UTF-8 it was read from, scanned and
/// checked (`NodeScanner`): a query looks its names up in the index's table
/// from the bytes, so `batch` builds no `String` per component. Lent for
/// the length of one query.
struct NodeLine: QueryNode {
  let bytes: UnsafeBufferPointer<UInt8>
  /// The path, outermost first, then the token.
  let parts: UnsafeMutableBufferPointer<NodeScanner.Part>
  let depth: Int
  /// The leading `@name` parts' names, in the order written.
  let themes: UnsafeMutableBufferPointer<NodeScanner.Part>

  private var token: NodeScanner.Part { parts[depth] }

  private func text(_ start: Int, _ end: Int, _ part: NodeScanner.Part) -> String {
    NodeScanner.text(bytes, start, end, isASCII: part.isASCII)
  }

  /// A part's name as text.
  func text(of part: NodeScanner.Part) -> String { text(part.nameStart, part.nameEnd, part) }

  /// An ASCII name is its own NFC form, so it is looked up as it is.
  private func id(_ start: Int, _ end: Int, _ part: NodeScanner.Part, in table: NameTable) -> NameID {
    guard part.isASCII else { return table.id(text(start, end, part)) }
    return table.id(utf8: UnsafeBufferPointer(rebasing: bytes[start..<end]))
  }

  func intern(
    in table: NameTable, names: UnsafeMutableBufferPointer<NameID>, variants: UnsafeMutableBufferPointer<NameID>
  ) {
    for index in 0..<depth {
      let part = parts[index]
      names[index] = id(part.nameStart, part.nameEnd, part, in: table)
      variants[index] = part.hasVariant ? id(part.variantStart, part.variantEnd, part, in: table) : .none
    }
  }

  /// A theme part's id; an ASCII name is its own NFC form, as above.
  func themeID(of part: NodeScanner.Part, in table: ThemeTable) -> ThemeID {
    guard part.isASCII else { return table.id(text(of: part)) }
    return table.id(ascii: UnsafeBufferPointer(rebasing: bytes[part.nameStart..<part.nameEnd]))
  }

  func tokenID(in table: NameTable) -> NameID { id(token.nameStart, token.nameEnd, token, in: table) }
  func name(at index: Int) -> String { text(parts[index].nameStart, parts[index].nameEnd, parts[index]) }
  func variant(at index: Int) -> String? {
    let part = parts[index]
    return part.hasVariant ? text(part.variantStart, part.variantEnd, part) : nil
  }
  var tokenText: String { text(token.nameStart, token.nameEnd, token) }
  /// The themes the line names, each once, in the order written.
  var themeTexts: [String] {
    var unique: [String] = []
    for part in themes {
      let name = text(part.nameStart, part.nameEnd, part)
      if !unique.contains(name) { unique.append(name) }
    }
    return unique
  }

  /// Scans `bytes` and calls `body` with the line; repairs bytes that are
  /// not UTF-8 first, as `String` would.
  static func with<Result>(
    utf8 bytes: UnsafeBufferPointer<UInt8>, _ body: (NodeLine) throws(SyntaxError) -> Result
  ) throws(SyntaxError) -> Result {
    let survey = NodeScanner.survey(bytes)
    if !survey.isASCII {
      var repaired = String(decoding: bytes, as: UTF8.self)
      // `withUTF8` rethrows untyped errors: the typed one crosses as a `Result`.
      return try repaired.withUTF8 { valid in
        Swift.Result { () throws(SyntaxError) in try scanned(valid, capacity: NodeScanner.partCapacity(valid), body) }
      }.get()
    }
    return try scanned(bytes, capacity: survey.partCapacity, body)
  }

  private static func scanned<Result>(
    _ bytes: UnsafeBufferPointer<UInt8>, capacity: Int, _ body: (NodeLine) throws(SyntaxError) -> Result
  ) throws(SyntaxError) -> Result {
    try withUnsafeTemporaryAllocation(of: NodeScanner.Part.self, capacity: capacity) {
      parts throws(SyntaxError) in
      let scanned = try NodeScanner.scan(bytes, into: parts)
      return try body(
        NodeLine(
          bytes: bytes, parts: UnsafeMutableBufferPointer(rebasing: parts[scanned.pathStart...]),
          depth: scanned.pathCount, themes: UnsafeMutableBufferPointer(rebasing: parts[..<scanned.themeCount])))
    }
  }
}
