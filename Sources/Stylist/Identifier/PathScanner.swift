/// One `/`-separated piece of an identifier or selector, already trimmed.
struct RawComponent {
  var text: Substring
  /// 1-based character column of `text` in the whole input.
  var column: Int
}

/// Splits identifiers and selectors into components (SPEC §2): `/` separates,
/// spaces and tabs around a component are trimmed, empty components are dropped.
enum PathScanner {
  static func split(_ text: String) -> (components: [RawComponent], droppedEmpty: Int) {
    var components: [RawComponent] = []
    var dropped = 0
    var start = text.startIndex
    var column = 1
    var startColumn = 1
    var index = text.startIndex
    func flush(upTo end: String.Index) {
      var piece = text[start..<end]
      var pieceColumn = startColumn
      while let first = piece.first, first == " " || first == "\t" {
        piece = piece.dropFirst()
        pieceColumn += 1
      }
      while let last = piece.last, last == " " || last == "\t" { piece = piece.dropLast() }
      if piece.isEmpty {
        dropped += 1
      } else {
        components.append(RawComponent(text: piece, column: pieceColumn))
      }
    }
    while index < text.endIndex {
      if text[index] == "/" {
        flush(upTo: index)
        start = text.index(after: index)
        startColumn = column + 1
      }
      index = text.index(after: index)
      column += 1
    }
    flush(upTo: text.endIndex)
    // A leading or trailing `/` is an ignored empty component, like `a//b`.
    return (components, dropped)
  }

  /// Splits `name[variant]`, checking brackets. Returns the name, the variant
  /// (if written) and the column where the variant starts.
  static func splitVariant(_ raw: RawComponent) throws(SyntaxError) -> (
    name: Substring, variant: Substring?, variantColumn: Int
  ) {
    let text = raw.text
    guard let open = text.firstIndex(of: "[") else {
      if let close = text.firstIndex(of: "]") {
        throw SyntaxError(
          "unexpected ']' without '['", column: raw.column + text.distance(from: text.startIndex, to: close))
      }
      return (text, nil, 0)
    }
    let openColumn = raw.column + text.distance(from: text.startIndex, to: open)
    let name = text[..<open]
    if name.isEmpty { throw SyntaxError("missing name before '['", column: openColumn) }
    if let stray = name.firstIndex(of: "]") {
      throw SyntaxError(
        "unexpected ']' without '['", column: raw.column + text.distance(from: text.startIndex, to: stray))
    }
    guard let close = text[open...].firstIndex(of: "]") else {
      throw SyntaxError("missing ']' to close the variant", column: openColumn)
    }
    let variant = text[text.index(after: open)..<close]
    if variant.isEmpty { throw SyntaxError("empty variant '[]'", column: openColumn) }
    if let nested = variant.firstIndex(of: "[") {
      throw SyntaxError("'[' inside a variant", column: raw.column + text.distance(from: text.startIndex, to: nested))
    }
    let after = text.index(after: close)
    if after != text.endIndex {
      throw SyntaxError(
        "unexpected text after the variant",
        column: raw.column + text.distance(from: text.startIndex, to: after))
    }
    return (name, variant, openColumn + 1)
  }
}
