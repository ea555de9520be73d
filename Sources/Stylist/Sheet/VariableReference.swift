/// `$name`, `${name}` and `$$` inside a scalar (SPEC §5).
enum TemplatePiece: Equatable {
  case literal(String)
  case reference(String)
}

enum VariableReference {
  /// Splits `text` into literals and references; nil when it holds no `$`.
  /// A `$` that starts no name is kept as a literal `$`.
  static func pieces(in text: String) throws(SyntaxError) -> [TemplatePiece]? {
    guard text.containsByte(UInt8(ascii: "$")) else { return nil }
    var pieces: [TemplatePiece] = []
    var literal = ""
    let characters = Array(text.unicodeScalars)
    var index = 0
    func flush() {
      if !literal.isEmpty { pieces.append(.literal(literal)) }
      literal = ""
    }
    while index < characters.count {
      let scalar = characters[index]
      guard scalar == "$", index + 1 < characters.count else {
        literal.unicodeScalars.append(scalar)
        index += 1
        continue
      }
      let next = characters[index + 1]
      if next == "$" {
        literal += "$"
        index += 2
      } else if next == "{" {
        guard let close = characters[(index + 2)...].firstIndex(of: "}") else {
          throw SyntaxError("unclosed '${' in '\(text)'", column: index + 1)
        }
        let name = String(String.UnicodeScalarView(characters[(index + 2)..<close]))
        guard isValidPath(name) else {
          throw SyntaxError("invalid variable name '\(name)' in '\(text)'", column: index + 1)
        }
        flush()
        pieces.append(.reference(name))
        index = close + 1
      } else if isNameStart(next) {
        var end = index + 1
        while true {
          while end < characters.count && isNameCharacter(characters[end]) { end += 1 }
          // A `.` joins segments only when a name follows it: `$size.5` is `$size` then `.5`.
          guard end + 1 < characters.count, characters[end] == ".", isNameStart(characters[end + 1]) else { break }
          end += 1
        }
        flush()
        pieces.append(.reference(String(String.UnicodeScalarView(characters[(index + 1)..<end]))))
        index = end
      } else {
        literal += "$"
        index += 1
      }
    }
    flush()
    return pieces
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

  /// Names joined by `.`.
  static func isValidPath(_ path: String) -> Bool {
    !path.isEmpty && path.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isValidName)
  }
}
