/// JSON (RFC 8259) well-formedness of a token or resolver file, checked on
/// its bytes before libyaml reads them: libyaml reads more than JSON
/// (comments, bare and single-quoted strings, `0x10`, `.inf`, trailing
/// commas, block style), and a token file that is no JSON would load here
/// and fail in every other tool. A scanner, not a parser of values: it
/// finds the first violation and where it is (lines and columns counted as
/// libyaml counts them, so every diagnostic of the file agrees), and the
/// composer still builds the values.
///
/// Tabs are JSON whitespace; libyaml refuses some (one opening a line
/// outside brackets), so the scanner turns those outside strings into
/// spaces, one column each as before.
enum JSONSyntax {
  struct Violation: Error {
    var message: String
    var position: SourcePosition
  }

  /// The first violation in `bytes`; nil for JSON text, or for none at all
  /// (an empty file, which the reader reports in its own words).
  static func check(_ bytes: inout [UInt8]) -> Violation? {
    bytes.withUnsafeMutableBufferPointer { buffer -> Violation? in
      var scanner = Scanner(buffer)
      do throws(Violation) {
        try scanner.scan()
        return nil
      } catch {
        return error
      }
    }
  }

  private struct Open {
    var isObject: Bool
    var position: SourcePosition
  }

  /// What may come next.
  private enum Expect {
    /// A value; `comma` is the comma before it in a list, `isFirst` true
    /// right after `[` (where `]` may come).
    case value(comma: SourcePosition?, isFirst: Bool)
    /// An object's key; `comma` and `isFirst` as for a value.
    case key(comma: SourcePosition?, isFirst: Bool)
    case colon
    case commaOrClose
    case end
  }

  private struct Scanner {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    var index = 0
    var line = 1
    var column = 1
    var open: [Open] = []

    init(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
      self.bytes = bytes
      // A byte order mark, which RFC 8259 lets a reader ignore (libyaml does).
      if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    var position: SourcePosition { SourcePosition(line: line, column: column) }

    func fail(_ message: String, at position: SourcePosition) -> Violation {
      Violation(message: message, position: position)
    }

    /// Steps over the byte at `index`, counting lines and columns as libyaml
    /// does: CR LF, CR and LF each end a line (and NEL, LS and PS, which only
    /// a string can hold); a column is a character (a UTF-8 lead byte).
    mutating func advance() {
      let byte = bytes[index]
      index += 1
      switch byte {
      case 0x0A:
        line += 1
        column = 1
      case 0x0D:
        if index < bytes.count, bytes[index] == 0x0A { return }
        line += 1
        column = 1
      case 0xC2 where index < bytes.count && bytes[index] == 0x85:
        index += 1
        line += 1
        column = 1
      case 0xE2 where index + 1 < bytes.count && bytes[index] == 0x80 && (bytes[index + 1] | 1) == 0xA9:
        index += 2
        line += 1
        column = 1
      default:
        if byte & 0xC0 != 0x80 { column += 1 }
      }
    }

    /// Skips JSON whitespace, making tabs spaces; a comment is a violation.
    mutating func skipWhitespace() throws(Violation) {
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: " "), 0x0A, 0x0D: advance()
        case 0x09:
          bytes[index] = UInt8(ascii: " ")
          advance()
        case UInt8(ascii: "/"), UInt8(ascii: "#"):
          throw fail("a comment: JSON has none", at: position)
        default: return
        }
      }
    }

    mutating func scan() throws(Violation) {
      var expect = Expect.value(comma: nil, isFirst: false)
      try skipWhitespace()
      // Nothing but whitespace: no JSON, said by the reader as an empty file.
      guard index < bytes.count else { return }
      while true {
        try skipWhitespace()
        guard index < bytes.count else {
          if case .end = expect { return }
          throw endOfInput()
        }
        let byte = bytes[index]
        let here = position
        switch expect {
        case .end:
          throw fail("more after the file's JSON value: a token file holds one object", at: here)
        case .colon:
          guard byte == UInt8(ascii: ":") else { throw fail("expected ':' after the key", at: here) }
          advance()
          expect = .value(comma: nil, isFirst: false)
        case .commaOrClose:
          let inner = open[open.count - 1]
          let close = inner.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
          if byte == UInt8(ascii: ",") {
            advance()
            expect = inner.isObject ? .key(comma: here, isFirst: false) : .value(comma: here, isFirst: false)
          } else if byte == close {
            advance()
            expect = closed()
          } else {
            let what = inner.isObject ? "an entry of the object" : "an item of the list"
            throw fail(
              "expected ',' or '\(Character(Unicode.Scalar(close)))' after \(what) that starts at "
                + "\(inner.position.line):\(inner.position.column)", at: here)
          }
        case .key(let comma, let isFirst):
          if byte == UInt8(ascii: "}") {
            if let comma { throw fail("a trailing comma: JSON has none before '}'", at: comma) }
            guard isFirst else { throw fail("expected a key", at: here) }
            advance()
            expect = closed()
          } else if byte == UInt8(ascii: "\"") {
            try string()
            expect = .colon
          } else if byte == UInt8(ascii: "'") {
            throw fail("a key in single quotes: JSON's keys are strings in double quotes", at: here)
          } else {
            let word = self.word()
            throw fail(
              "a key must be a string in double quotes (JSON)" + (word.isEmpty ? "" : ", not bare '\(word)'"),
              at: here)
          }
        case .value(let comma, let isFirst):
          switch byte {
          case UInt8(ascii: "{"):
            advance()
            open.append(Open(isObject: true, position: here))
            expect = .key(comma: nil, isFirst: true)
          case UInt8(ascii: "["):
            advance()
            open.append(Open(isObject: false, position: here))
            expect = .value(comma: nil, isFirst: true)
          case UInt8(ascii: "]") where comma != nil:
            throw fail("a trailing comma: JSON has none before ']'", at: comma!)
          case UInt8(ascii: "]") where isFirst:
            advance()
            expect = closed()
          case UInt8(ascii: "\""):
            try string()
            expect = open.isEmpty ? .end : .commaOrClose
          case UInt8(ascii: "'"):
            throw fail("a string in single quotes: JSON's strings are in double quotes", at: here)
          case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"):
            throw fail("a value is missing here", at: here)
          default:
            try literal()
            expect = open.isEmpty ? .end : .commaOrClose
          }
        }
      }
    }

    /// What follows a closed object or list.
    mutating func closed() -> Expect {
      open.removeLast()
      return open.isEmpty ? .end : .commaOrClose
    }

    func endOfInput() -> Violation {
      guard let inner = open.last else { return fail("the file ends where a value belongs", at: position) }
      let start = "\(inner.position.line):\(inner.position.column)"
      return fail(
        inner.isObject
          ? "unclosed '{': the map that starts at \(start) needs ',' between entries and a closing '}'"
          : "unclosed '[': the list that starts at \(start) needs ',' between items and a closing ']'",
        at: position)
    }

    /// A string from its opening quote: unescaped characters from U+0020,
    /// and the escapes RFC 8259 lists.
    ///
    /// libyaml reads `\uXXXX` as one character, so a character beyond
    /// U+FFFF, which JSON escapes as a pair of surrogates (`\uD83D\uDE00`),
    /// is rewritten in place as YAML's `\U0001F600`: the string's later
    /// bytes move 2 back, and the 2 bytes that frees after its closing quote
    /// become spaces, so that every column after the string is as written.
    /// A surrogate not in such a pair is no character: an error.
    mutating func string() throws(Violation) {
      let start = position
      advance()
      // Bytes the rewritten pairs freed so far: the string's bytes from the
      // first pair on are written this far back.
      var freed = 0
      while index < bytes.count {
        let byte = bytes[index]
        let from = index
        switch byte {
        case UInt8(ascii: "\""):
          advance()
          guard freed > 0 else { return }
          bytes[from - freed] = byte
          for gap in (from - freed + 1)...from { bytes[gap] = UInt8(ascii: " ") }
          return
        case UInt8(ascii: "\\"):
          let escape = position
          advance()
          guard index < bytes.count else { break }
          let letter = bytes[index]
          switch letter {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            advance()
          case UInt8(ascii: "u"):
            let unit = try codeUnit(of: escape)
            if (0xDC00...0xDFFF).contains(unit) {
              throw fail(lonelySurrogate(unit), at: escape)
            } else if (0xD800...0xDBFF).contains(unit) {
              let second = position
              guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
              else { throw fail(lonelySurrogate(unit), at: escape) }
              advance()
              let low = try codeUnit(of: second)
              guard (0xDC00...0xDFFF).contains(low) else { throw fail(lonelySurrogate(unit), at: escape) }
              let scalar = 0x10000 + (Int(unit) - 0xD800) << 10 + (Int(low) - 0xDC00)
              let written = Array("\\U" + String(scalar, radix: 16, uppercase: true).leftPadded(to: 8))
              for (offset, character) in written.enumerated() { bytes[from - freed + offset] = character.asciiValue! }
              freed += (index - from) - written.count
              continue
            }
          default:
            throw fail(
              "no JSON escape: JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: escape)
          }
        case 0x09:
          throw fail("a tab inside a string: JSON writes it '\\t'", at: position)
        case 0x0A, 0x0D:
          throw fail(
            "a line break inside the string that starts at \(start.line):\(start.column): JSON writes it '\\n'",
            at: position)
        case ..<0x20:
          throw fail("a control character inside a string: JSON writes it '\\u00XX'", at: position)
        default:
          advance()
        }
        if freed > 0 { for moved in from..<index { bytes[moved - freed] = bytes[moved] } }
      }
      throw fail(
        "unclosed quote: the string that starts at \(start.line):\(start.column) has no closing quote", at: position)
    }

    /// The code unit of the `\uXXXX` escape at `escape`, from its `u`.
    private mutating func codeUnit(of escape: SourcePosition) throws(Violation) -> UInt16 {
      advance()
      var unit: UInt16 = 0
      for _ in 0..<4 {
        guard index < bytes.count, let digit = bytes[index].hexDigitValue else {
          throw fail("'\\u' takes 4 hexadecimal digits in JSON", at: escape)
        }
        unit = unit << 4 | UInt16(digit)
        advance()
      }
      return unit
    }

    private func lonelySurrogate(_ unit: UInt16) -> String {
      let text = String(unit, radix: 16, uppercase: true)
      return "'\\u\(text)' is half of a surrogate pair, which is no character alone: a character past U+FFFF "
        + "is written as a pair, a high surrogate then a low one ('\\uD83D\\uDE00')"
    }

    /// A number, `true`, `false` or `null`, read as a `word`, so that what
    /// is no JSON is quoted whole.
    mutating func literal() throws(Violation) {
      let start = position
      let range = wordRange()
      // Read from the bytes: a token file holds many numbers, and nearly all are JSON.
      let word = UnsafeBufferPointer(rebasing: bytes[range])
      if Self.isNumber(word) || Self.literals.contains(where: { $0.elementsEqual(word) }) { return }
      let text = String(decoding: word, as: UTF8.self)
      throw fail(Self.problem(ofLiteral: text), at: start)
    }

    static let literals: [[UInt8]] = [Array("true".utf8), Array("false".utf8), Array("null".utf8)]

    /// The run of characters from here to the next delimiter.
    mutating func word() -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[wordRange()]), as: UTF8.self)
    }

    mutating func wordRange() -> Range<Int> {
      let first = index
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: " "), 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "["),
          UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""), UInt8(ascii: "'"),
          UInt8(ascii: "#"):
          break
        default:
          advance()
          continue
        }
        break
      }
      return first..<index
    }

    /// Why `text`, which is no JSON number or literal, is none.
    static func problem(ofLiteral text: String) -> String {
      guard let first = text.utf8.first else { return "a value is missing here" }
      let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
      let numberLike =
        isDigit(first) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
        || first == UInt8(ascii: ".")
      guard numberLike else {
        return "'\(text)' is no JSON value: a string is in double quotes; the literals are true, false and null"
      }
      let unsigned = text.drop { $0 == "-" || $0 == "+" }.lowercased()
      let reason: String
      if ["inf", ".inf", "infinity", "nan", ".nan"].contains(unsigned) {
        reason = "JSON has no infinity or NaN"
      } else if unsigned.hasPrefix("0x") || unsigned.hasPrefix("0o") || unsigned.hasPrefix("0b") {
        reason = "JSON's numbers are decimal"
      } else if first == UInt8(ascii: "+") {
        reason = "JSON's numbers have no '+'"
      } else if unsigned.count > 1, unsigned.hasPrefix("0"), unsigned.dropFirst().first?.isNumber == true {
        reason = "JSON's numbers have no leading zero"
      } else if unsigned.hasPrefix(".") || unsigned.hasSuffix(".") || unsigned.contains(".e") {
        reason = "JSON's numbers have a digit on each side of '.'"
      } else {
        reason = "a JSON number is '-'?, digits, then an optional fraction and exponent"
      }
      return "'\(text)' is no JSON number: \(reason)"
    }

    /// RFC 8259's `number`: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isNumber(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
      var index = 0
      func byte() -> UInt8? { index < word.count ? word[index] : nil }
      func digits() -> Int {
        let start = index
        while let next = byte(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) { index += 1 }
        return index - start
      }
      if byte() == UInt8(ascii: "-") { index += 1 }
      if byte() == UInt8(ascii: "0") {
        index += 1
      } else if digits() == 0 {
        return false
      }
      if byte() == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { return false }
      }
      if byte() == UInt8(ascii: "e") || byte() == UInt8(ascii: "E") {
        index += 1
        if byte() == UInt8(ascii: "+") || byte() == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { return false }
      }
      return index == word.count
    }
  }
}

extension String {
  /// The string with `0`s in front up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
