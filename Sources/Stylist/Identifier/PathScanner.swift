/// One `/`-separated piece of an identifier or selector, already trimmed.
struct RawComponent {
  var text: Substring
  /// 1-based column of `text` in the whole input, counted in Unicode scalars
  /// (as libyaml counts columns).
  var column: Int
}

/// Splits identifiers and selectors into components (docs/SHEETS.md: Node identifiers): `/` separates,
/// spaces and tabs around a component are trimmed, empty components are dropped.
///
/// Scans UTF-8 bytes, not `Character`s: the delimiters are ASCII, and a
/// grapheme cluster may glue one to a neighbour (`U+0605` followed by `/` is
/// one `Character`), which would hide it from a character-level scan.
enum PathScanner {
  private static let slash = UInt8(ascii: "/")
  private static let space = UInt8(ascii: " ")
  private static let tab = UInt8(ascii: "\t")

  static func split(_ text: String) -> (components: [RawComponent], droppedEmpty: Int) {
    var components: [RawComponent] = []
    var dropped = 0
    let bytes = text.utf8
    var start = bytes.startIndex
    var column = 1
    var startColumn = 1
    func flush(upTo end: String.Index) {
      var (from, to) = (start, end)
      var pieceColumn = startColumn
      while from < to, bytes[from] == space || bytes[from] == tab {
        from = bytes.index(after: from)
        pieceColumn += 1
      }
      while from < to {
        let last = bytes.index(before: to)
        guard bytes[last] == space || bytes[last] == tab else { break }
        to = last
      }
      if from == to {
        dropped += 1
      } else {
        components.append(RawComponent(text: text[from..<to], column: pieceColumn))
      }
    }
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == slash {
        flush(upTo: index)
        start = bytes.index(after: index)
        startColumn = column + 1
      }
      if byte & 0xC0 != 0x80 { column += 1 }
      index = bytes.index(after: index)
    }
    flush(upTo: bytes.endIndex)
    // A leading or trailing `/` is an ignored empty component, like `a//b`.
    return (components, dropped)
  }

  /// Splits `name[variant]`, checking brackets. Returns the name, the variant
  /// (if written) and the column where the variant starts.
  static func splitVariant(_ raw: RawComponent) throws(SyntaxError) -> (
    name: Substring, variant: Substring?, variantColumn: Int
  ) {
    let text = raw.text
    let bytes = text.utf8
    func column(_ index: String.Index) -> Int { raw.column + scalarCount(text[..<index]) }
    let (openByte, closeByte) = (UInt8(ascii: "["), UInt8(ascii: "]"))
    guard let open = bytes.firstIndex(of: openByte) else {
      if let close = bytes.firstIndex(of: closeByte) {
        throw SyntaxError("unexpected ']' without '['", column: column(close))
      }
      return (text, nil, 0)
    }
    let openColumn = column(open)
    let name = text[..<open]
    if name.isEmpty { throw SyntaxError("missing name before '['", column: openColumn) }
    if let stray = name.utf8.firstIndex(of: closeByte) {
      throw SyntaxError("unexpected ']' without '['", column: column(stray))
    }
    guard let close = text[open...].utf8.firstIndex(of: closeByte) else {
      throw SyntaxError("missing ']' to close the variant", column: openColumn)
    }
    let variant = text[bytes.index(after: open)..<close]
    if variant.isEmpty { throw SyntaxError("empty variant '[]'", column: openColumn) }
    if let nested = variant.utf8.firstIndex(of: openByte) {
      throw SyntaxError("'[' inside a variant", column: column(nested))
    }
    let after = bytes.index(after: close)
    if after != bytes.endIndex { throw SyntaxError("unexpected text after the variant", column: column(after)) }
    return (name, variant, openColumn + 1)
  }

  /// Unicode scalars in `text`: its UTF-8 bytes that start a scalar.
  static func scalarCount(_ text: Substring) -> Int {
    var count = 0
    for byte in text.utf8 where byte & 0xC0 != 0x80 { count += 1 }
    return count
  }
}

extension Substring {
  /// The first UTF-8 byte: compares ASCII syntax (`@`, `>`) without letting
  /// a combining mark that follows hide it inside a `Character`.
  var firstByte: UInt8? { utf8.first }

  /// Drops a leading ASCII byte (one scalar, one column).
  func droppingFirstByte() -> Substring { self[utf8.index(after: startIndex)...] }
}
