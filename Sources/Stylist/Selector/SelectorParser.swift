/// Parses one selector component: an optional `>`, then a name pattern and an
/// optional variant pattern.
enum SelectorParser {
  static func component(_ raw: RawComponent) throws(SyntaxError) -> SelectorComponent {
    var raw = raw
    var isDirectChild = false
    if raw.text.firstByte == UInt8(ascii: ">") {
      isDirectChild = true
      let arrowColumn = raw.column
      raw.text = raw.text.droppingFirstByte()
      raw.column += 1
      while let first = raw.text.firstByte, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
        raw.text = raw.text.droppingFirstByte()
        raw.column += 1
      }
      if raw.text.isEmpty { throw SyntaxError("'>' needs a component after it", column: arrowColumn) }
      if raw.text.firstByte == UInt8(ascii: ">") { throw SyntaxError("'>' written twice", column: raw.column) }
    }
    let (name, variant, variantColumn) = try PathScanner.splitVariant(raw)
    try NameRules.validate(name, column: raw.column, allowWildcard: true)
    if let variant { try NameRules.validate(variant, column: variantColumn, allowWildcard: true) }
    return SelectorComponent(
      name: NamePattern(NameRules.normalized(name)),
      variant: VariantPattern(variant.map(NameRules.normalized)),
      isDirectChild: isDirectChild)
  }
}
