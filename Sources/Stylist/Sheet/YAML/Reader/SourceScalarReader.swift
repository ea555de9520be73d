/// Typing scalars and parsing their references, as `SourceValueReader` reads them.
extension SourceValueReader {
  /// A scalar of `style` with `tag`: a typed value, one reference, a
  /// template, or the message of why it is none. Each reference is noted
  /// for the outline and for what the value being read refers to.
  func scalar(_ text: String, style: YAMLScalarStyle, tag: String?, at position: SourcePosition) -> SourceScalar {
    guard scalarReferences == .parsed, text.containsByte(UInt8(ascii: "$")) else {
      return SourceScalar(form: Self.typed(text, style: style, tag: tag), position: position)
    }
    let parsed: [TemplatePiece]?
    do {
      parsed = try VariableReference.pieces(
        in: text, at: position, textColumn: Self.textColumn(of: text, style: style, at: position))
    } catch {
      return SourceScalar(form: .invalid(error.message), position: position)
    }
    guard let parsed else {
      return SourceScalar(form: Self.typed(text, style: style, tag: tag), position: position)
    }
    var literalText = ""
    var hasReference = false
    let pieces = parsed.map { piece -> TemplatePiece in
      switch piece {
      case .literal(let literal):
        literalText += literal
        return piece
      case .reference(var use):
        hasReference = true
        use.name = interned(use.name)
        noteUse(use)
        return .reference(use)
      }
    }
    // Only `$$` escapes: the unescaped text, typed as the scalar would be.
    guard hasReference else {
      return SourceScalar(form: Self.typed(literalText, style: style, tag: tag), position: position)
    }
    if pieces.count == 1, case .reference(let use) = pieces[0], tag != YAMLTag.str {
      return SourceScalar(form: .reference(use), position: position)
    }
    return SourceScalar(form: .template(pieces), position: position)
  }

  /// The column of a scalar's first character, where its text maps to
  /// columns (on one line, not a block scalar); nil elsewhere.
  private static func textColumn(of text: String, style: YAMLScalarStyle, at mark: SourcePosition) -> Int? {
    guard !text.containsByte(UInt8(ascii: "\n")) else { return nil }
    switch style {
    case .plain: return mark.column
    case .singleQuoted, .doubleQuoted: return mark.column + 1
    case .literal, .folded: return nil
    }
  }

  /// The core schema's value of `text`, or why it has none.
  static func typed(_ text: String, style: YAMLScalarStyle, tag: String?) -> SourceScalar.Form {
    guard let tag else {
      guard style == .plain else { return .literal(.string(text)) }
      guard let value = CoreSchema.plainValue(text) else {
        return .invalid(CoreSchema.rangeError(text, tag: nil) ?? "'\(text)' is out of range")
      }
      return .literal(value)
    }
    // A local tag (`!foo`) on a quoted scalar leaves it a string.
    if style != .plain && !tag.hasPrefix(YAMLTag.corePrefix) { return .literal(.string(text)) }
    guard let value = CoreSchema.taggedValue(text, tag: tag) else {
      if let message = CoreSchema.rangeError(text, tag: tag) { return .invalid(message) }
      return .invalid("'\(text)' is not a valid \(tag.split(separator: ":").last ?? "")")
    }
    return .literal(value)
  }
}
