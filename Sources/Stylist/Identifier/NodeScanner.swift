/// Scans a node identifier's UTF-8 (docs/SHEETS.md: Node identifiers) into byte ranges, checking it:
/// the one parser of node identifiers. `NodeIdentifier(parsing:)` makes
/// `String`s of the ranges; `NodeLine` (for `batch`) looks the names up in
/// an index's table straight from the bytes.
///
/// The input is valid UTF-8 (callers repair other bytes first, as `String`
/// does). Printable ASCII, nearly every identifier, is checked byte by byte;
/// a part with other bytes is checked by `NameRules` on its scalars.
/// Columns count Unicode scalars, 1-based. Errors and their order are the
/// language's: the theme, then the token, then the path from the outermost.
enum NodeScanner {
  /// One path component or the token: its name and variant as byte offsets.
  struct Part {
    var nameStart: Int
    var nameEnd: Int
    /// `variantStart..<variantEnd`; equal (both 0) when no variant is written.
    var variantStart = 0
    var variantEnd = 0
    /// Column of the part's first byte.
    var column: Int
    var isASCII: Bool
    /// Printable ASCII without `*`, and no bracket, or one `[…]` that
    /// ends the part with a name before it and a variant inside: the split
    /// found everything (the variant too), and no check can fail.
    var isPlain = false

    var hasVariant: Bool { variantEnd > variantStart }
  }

  /// The scanned identifier: `parts[0..<themeCount]` are the leading
  /// `@name` parts' names in the order written, then the path, outermost
  /// first (`pathCount` parts), then the token.
  struct Scanned {
    var themeCount: Int
    var pathCount: Int

    /// Where the path starts in `parts`.
    var pathStart: Int { themeCount }
    /// Where the token is in `parts`.
    var tokenIndex: Int { themeCount + pathCount }
  }

  private static let slash = UInt8(ascii: "/")
  private static let space = UInt8(ascii: " ")
  private static let tab = UInt8(ascii: "\t")
  private static let open = UInt8(ascii: "[")
  private static let close = UInt8(ascii: "]")
  private static let star = UInt8(ascii: "*")
  private static let at = UInt8(ascii: "@")

  /// Parts `parts` must hold: one more than the slashes.
  static func partCapacity(_ bytes: UnsafeBufferPointer<UInt8>) -> Int { survey(bytes).partCapacity }

  /// `partCapacity`, and whether every byte is ASCII, in one pass eight
  /// bytes at a time without a branch per byte (a branch per `/` costs a
  /// misprediction each).
  static func survey(_ bytes: UnsafeBufferPointer<UInt8>) -> (partCapacity: Int, isASCII: Bool) {
    var slashes = 0
    var high: UInt64 = 0
    bytes.forEachWord(padding: 0) { _, word, fresh in
      high |= word
      // One per slash in its byte's lowest bit; a multiply sums the eight
      // bytes into the top one (at most 8: no carry). `nonzeroBitCount` has
      // no instruction on the baseline x86-64 the package builds for.
      let ones = (word.bytes(equalTo: slash) & fresh) >> 7
      slashes += Int((ones &* 0x0101_0101_0101_0101) >> 56)
    }
    return (slashes + 1, high & 0x8080_8080_8080_8080 == 0)
  }

  /// The high bit of each byte of `word` that the split must look at:
  /// `/`, `[`, `]`, `*`, control characters (the tab among them), and
  /// bytes from 0x7F up (DEL, and every byte of a non-ASCII scalar). Each
  /// test is exact per byte (no borrow crosses from one byte to the next).
  @inline(__always)
  static func interestingBytes(_ word: UInt64) -> UInt64 {
    let high: UInt64 = 0x8080_8080_8080_8080
    let septets = word & 0x7F7F_7F7F_7F7F_7F7F
    // A septet plus 0x60 reaches 0x80 from 0x20 up; plus 1, only 0x7F does.
    let control = ~((septets &+ 0x6060_6060_6060_6060) | word) & high
    let fromDelete = (word | (septets &+ 0x0101_0101_0101_0101)) & high
    return word.bytes(equalTo: slash) | word.bytes(equalTo: open) | word.bytes(equalTo: close)
      | word.bytes(equalTo: star) | control | fromDelete
  }

  /// Splits and checks `bytes`, writing the parts into `parts`
  /// (`partCapacity(bytes)` of them).
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>, into parts: UnsafeMutableBufferPointer<Part>)
    throws(SyntaxError) -> Scanned
  {
    // Split on `/`, trimming spaces and tabs; empty components are dropped.
    // The same pass notes what the checks need (`Part.isPlain`).
    var count = 0
    var start = 0
    var startColumn = 1
    // Columns count scalars: a byte's column is its index plus one, less
    // the UTF-8 continuation bytes before it (none in ASCII).
    var continuations = 0
    var isASCII = true
    var unusual = false
    var hasTab = false
    var (opens, closes, lastOpen, lastClose) = (0, 0, 0, 0)
    func flush(upTo end: Int) {
      var (from, to) = (start, end)
      var partColumn = startColumn
      while from < to && (bytes[from] == space || bytes[from] == tab) {
        from += 1
        partColumn += 1
      }
      while to > from && (bytes[to - 1] == space || bytes[to - 1] == tab) { to -= 1 }
      guard from < to else { return }
      var part = Part(nameStart: from, nameEnd: to, column: partColumn, isASCII: isASCII)
      // A tab inside a name is a control character; one at the ends is
      // trimmed. Either way such a part takes the careful checks.
      if !unusual && !hasTab {
        if opens == 0 && closes == 0 {
          part.isPlain = true
        } else if opens == 1 && closes == 1 && lastOpen > from && lastClose == to - 1 && lastClose > lastOpen + 1 {
          part.isPlain = true
          (part.variantStart, part.variantEnd, part.nameEnd) = (lastOpen + 1, lastClose, lastOpen)
        }
      }
      parts[count] = part
      count += 1
    }
    // Only the bytes `interestingBytes` marks need a look (nearly every
    // byte of a name is one that does not): eight bytes are tested at a
    // time, and the loop visits the marked ones alone. A slash or a
    // bracket (nearly every marked byte) takes one branch: brackets are
    // counted without a jump.
    func visit(_ index: Int) {
      let byte = bytes[index]
      if byte == slash {
        flush(upTo: index)
        start = index + 1
        startColumn = index + 2 - continuations
        (isASCII, unusual, hasTab, opens, closes) = (true, false, false, 0, 0)
      } else if byte == open || byte == close {
        let isOpen = byte == open
        opens += isOpen ? 1 : 0
        closes += isOpen ? 0 : 1
        lastOpen = isOpen ? index : lastOpen
        lastClose = isOpen ? lastClose : index
      } else if byte >= 0x7F {
        isASCII = isASCII && byte == 0x7F
        unusual = true
        if byte & 0xC0 == 0x80 { continuations += 1 }
      } else if byte == tab {
        hasTab = true
      } else {
        // `*` or another control character.
        unusual = true
      }
    }
    // The padding, a letter, is never marked.
    bytes.forEachWord(padding: UInt8(ascii: "a")) { wordStart, word, fresh in
      var marked = interestingBytes(word) & fresh
      while marked != 0 {
        visit(wordStart + marked.trailingZeroBitCount >> 3)
        marked &= marked - 1
      }
    }
    flush(upTo: bytes.count)
    guard count > 0 else { throw SyntaxError("empty node identifier", column: 1) }

    // Leading `@` parts are themes while another part follows them.
    var first = 0
    while bytes[parts[first].nameStart] == at {
      if first == count - 1 {
        guard first == 0 else { break }
        _ = try scanTheme(parts[0], bytes)
        let text = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[parts[0].nameStart..<parts[0].nameEnd]), as: UTF8.self)
        throw SyntaxError("'\(text)' needs a node after it", column: parts[0].column)
      }
      parts[first] = try scanTheme(parts[first], bytes)
      first += 1
    }
    try splitVariant(&parts[count - 1], bytes)
    if parts[count - 1].hasVariant {
      throw SyntaxError("variants apply to components, not to the token", column: parts[count - 1].column)
    }
    for index in first..<count - 1 where !parts[index].isPlain { try splitVariant(&parts[index], bytes) }
    return Scanned(themeCount: first, pathCount: count - 1 - first)
  }

  /// The part after a leading `@`, checked as a plain name.
  private static func scanTheme(_ raw: Part, _ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> Part {
    // The whole part, its variant included when the split found one.
    let end = raw.hasVariant ? raw.variantEnd + 1 : raw.nameEnd
    let name = Part(nameStart: raw.nameStart + 1, nameEnd: end, column: raw.column + 1, isASCII: raw.isASCII)
    if name.nameStart == name.nameEnd { throw SyntaxError("empty theme name after '@'", column: raw.column) }
    var column = name.column
    for index in name.nameStart..<name.nameEnd {
      let byte = bytes[index]
      if byte == open || byte == close || byte == star {
        throw SyntaxError("a theme is a plain name (no variant, no wildcard)", column: column)
      }
      if byte & 0xC0 != 0x80 { column += 1 }
    }
    try validate(name.nameStart, name.nameEnd, column: name.column, isASCII: name.isASCII, bytes)
    return name
  }

  /// Splits `name[variant]` (checking the brackets), then checks both names.
  private static func splitVariant(_ part: inout Part, _ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) {
    if part.isPlain { return }
    func column(_ index: Int) -> Int {
      guard !part.isASCII else { return part.column + index - part.nameStart }
      var column = part.column
      for byte in bytes[part.nameStart..<index] where byte & 0xC0 != 0x80 { column += 1 }
      return column
    }
    let (start, end) = (part.nameStart, part.nameEnd)
    guard let openIndex = (start..<end).first(where: { bytes[$0] == open }) else {
      if let closeIndex = (start..<end).first(where: { bytes[$0] == close }) {
        throw SyntaxError("unexpected ']' without '['", column: column(closeIndex))
      }
      try validate(start, end, column: part.column, isASCII: part.isASCII, bytes)
      return
    }
    let openColumn = column(openIndex)
    if openIndex == start { throw SyntaxError("missing name before '['", column: openColumn) }
    if let stray = (start..<openIndex).first(where: { bytes[$0] == close }) {
      throw SyntaxError("unexpected ']' without '['", column: column(stray))
    }
    guard let closeIndex = (openIndex + 1..<end).first(where: { bytes[$0] == close }) else {
      throw SyntaxError("missing ']' to close the variant", column: openColumn)
    }
    if closeIndex == openIndex + 1 { throw SyntaxError("empty variant '[]'", column: openColumn) }
    if let nested = (openIndex + 1..<closeIndex).first(where: { bytes[$0] == open }) {
      throw SyntaxError("'[' inside a variant", column: column(nested))
    }
    if closeIndex + 1 != end { throw SyntaxError("unexpected text after the variant", column: column(closeIndex + 1)) }
    try validate(start, openIndex, column: part.column, isASCII: part.isASCII, bytes)
    try validate(openIndex + 1, closeIndex, column: openColumn + 1, isASCII: part.isASCII, bytes)
    (part.nameEnd, part.variantStart, part.variantEnd) = (openIndex, openIndex + 1, closeIndex)
  }

  /// No `*` and no control character (docs/SHEETS.md: Node identifiers).
  private static func validate(
    _ start: Int, _ end: Int, column: Int, isASCII: Bool, _ bytes: UnsafeBufferPointer<UInt8>
  ) throws(SyntaxError) {
    guard isASCII else {
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      try NameRules.validate(text[...], column: column, allowWildcard: false)
      return
    }
    for index in start..<end {
      let byte = bytes[index]
      if byte == star {
        throw SyntaxError("wildcards are only allowed in selectors", column: column + index - start)
      }
      if byte < 0x20 || byte == 0x7F {
        throw SyntaxError("control character in a name", column: column + index - start)
      }
    }
  }

  /// The NFC text of bytes `start..<end`.
  static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, isASCII: Bool) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
    if isASCII { return String(decoding: slice, as: UTF8.self) }
    return NameRules.normalized(String(decoding: slice, as: UTF8.self)[...])
  }
}
