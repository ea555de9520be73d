/// `$name`, `${name}` and `$$` inside a scalar (docs/SHEETS.md: Style sheets),
/// read once when a sheet is read.
enum VariableReference {
  /// Splits `text` into literals and references; nil when it holds no `$`.
  /// A `$` that starts no name is kept as a literal `$`. A reference is at
  /// `position`, or on its line at its own column when the text starts at
  /// `textColumn` there (a scalar on one line).
  ///
  /// Scans UTF-8 bytes: every byte of the syntax (`$ { } .` and name
  /// characters) is ASCII, and literal runs are copied whole.
  static func pieces(in text: String, at position: SourcePosition, textColumn: Int?) throws(SyntaxError)
    -> [TemplatePiece]?
  {
    guard text.containsByte(UInt8(ascii: "$")) else { return nil }
    let original = text
    var text = text
    // `withUTF8` rethrows untyped errors: the typed one crosses as a `Result`.
    return try text.withUTF8 { bytes in
      Result { () throws(SyntaxError) in try pieces(bytes, original, at: position, textColumn: textColumn) }
    }.get()
  }

  private static func pieces(
    _ bytes: UnsafeBufferPointer<UInt8>, _ text: String, at position: SourcePosition, textColumn: Int?
  ) throws(SyntaxError) -> [TemplatePiece] {
    let (dollar, open, close, dot) = (UInt8(ascii: "$"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "."))
    let dash = UInt8(ascii: "-")
    var pieces: [TemplatePiece] = []
    var literal: [UInt8] = []
    var index = 0
    func flush() {
      if !literal.isEmpty { pieces.append(.literal(String(decoding: literal, as: UTF8.self))) }
      literal.removeAll(keepingCapacity: true)
    }
    func string(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    /// 1-based column of byte `offset`, counted in Unicode scalars.
    func column(_ offset: Int) -> Int { bytes[..<offset].count { $0 & 0xC0 != 0x80 } + 1 }
    func use(_ name: String, at offset: Int) -> TemplatePiece {
      let at = textColumn.map { SourcePosition(line: position.line, column: $0 + column(offset) - 1) } ?? position
      return .reference(VariableUse(name: name, position: at))
    }
    while index < bytes.count {
      guard bytes[index] == dollar, index + 1 < bytes.count else {
        var end = index + 1
        while end < bytes.count && bytes[end] != dollar { end += 1 }
        literal.append(contentsOf: bytes[index..<end])
        index = end
        continue
      }
      let next = bytes[index + 1]
      if next == dollar {
        literal.append(dollar)
        index += 2
      } else if next == open {
        guard let closing = (index + 2..<bytes.count).first(where: { bytes[$0] == close }) else {
          throw SyntaxError("unclosed '${' in '\(text)'", column: column(index))
        }
        let name = string(index + 2..<closing)
        guard isValidBracedPath(name) else {
          throw SyntaxError("invalid variable name '\(name)' in '\(text)'", column: column(index))
        }
        flush()
        pieces.append(use(name, at: index))
        index = closing + 1
      } else if isNameStart(next) {
        var end = index + 1
        while true {
          while end < bytes.count && isNameCharacter(bytes[end]) { end += 1 }
          // A `.` joins segments only when a name or a digit follows it
          // (`$space.100`); where no variable has the path, the evaluator
          // reads the part from the first digit on as text: `$size.5` is
          // `$size` then `.5` (`ValueEvaluator.digitSplit`).
          guard end + 1 < bytes.count, bytes[end] == dot, isNameCharacter(bytes[end + 1]), bytes[end + 1] != dash
          else { break }
          end += 1
        }
        flush()
        pieces.append(use(string(index + 1..<end), at: index))
        index = end
      } else {
        literal.append(dollar)
        index += 1
      }
    }
    flush()
    return pieces
  }

  static func isNameStart(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
  }

  static func isNameCharacter(_ byte: UInt8) -> Bool {
    isNameStart(byte) || byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || (scalar >= "A" && scalar <= "Z") || (scalar >= "a" && scalar <= "z")
  }

  static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
    isNameStart(scalar) || scalar == "-" || (scalar >= "0" && scalar <= "9")
  }

  /// `[A-Za-z_][A-Za-z0-9_-]*`
  static func isValidName(_ name: Substring) -> Bool {
    guard let first = name.unicodeScalars.first, isNameStart(first) else { return false }
    return name.unicodeScalars.allSatisfy(isNameCharacter)
  }

  /// Inside braces, segments joined by `.`, each any characters but `{`,
  /// `}` and `.` (design tokens' names: `${font.Body Large}`,
  /// `${color.accent.$root}`), none empty.
  static func isValidBracedPath(_ path: String) -> Bool {
    !path.isEmpty && !path.contains("{")
      && path.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty }
  }
}
