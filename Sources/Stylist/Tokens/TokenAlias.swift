/// The two ways a token file refers to a token: an alias `{group.token}`
/// (a whole string) and a JSON pointer `#/group/token/$value` (a `$ref`).
enum TokenAlias {
  /// The path of `text` when the whole of it is an alias, `{a.b}`; nil
  /// for any other string. Read from the UTF-8 bytes: every string of a
  /// token's value passes here, and most are no alias.
  static func path(in text: String) -> [String]? {
    let bytes = text.utf8
    guard bytes.count >= 3, bytes.first == UInt8(ascii: "{"), bytes.last == UInt8(ascii: "}") else { return nil }
    var text = text
    return text.withUTF8 { bytes in
      let inner = bytes[1..<(bytes.count - 1)]
      var segments: [String] = []
      var start = inner.startIndex
      for index in inner.indices {
        switch inner[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "}"): return nil
        case UInt8(ascii: "."):
          guard index > start else { return nil }
          segments.append(String(decoding: inner[start..<index], as: UTF8.self))
          start = index + 1
        default: continue
        }
      }
      guard start < inner.endIndex else { return nil }
      segments.append(String(decoding: inner[start...], as: UTF8.self))
      return segments
    }
  }
}

/// A JSON pointer (RFC 6901) as a `$ref` writes it: `#/a/b` into this
/// document (`~1` is `/`, `~0` is `~`), or a file path, which a resolver's
/// sources name, with a pointer into the file after `#`. After a file the
/// pointer's leading `/` may be left out (`themes.json#orange`), as the
/// Resolver module's table of references writes it; in this document it may
/// not (JSON Schema reads `#name` as an anchor, not a pointer).
struct TokenPointer {
  /// The pointer's segments, unescaped; empty for the whole document.
  var segments: [String]
  /// The file before `#`; empty for this document.
  var file: String
  /// The `$ref` as written, for messages.
  var text: String

  var isLocal: Bool { file.isEmpty }

  init?(_ text: String) {
    self.text = text
    guard let hash = text.firstIndex(of: "#") else {
      guard !text.isEmpty else { return nil }
      file = text
      segments = []
      return
    }
    file = String(text[..<hash])
    var fragment = text[text.index(after: hash)...]
    if fragment.isEmpty {
      segments = []
      return
    }
    if fragment.first == "/" {
      fragment = fragment.dropFirst()
    } else if file.isEmpty {
      return nil
    }
    segments = fragment.split(separator: "/", omittingEmptySubsequences: false).map(Self.unescaped)
  }

  /// Whether `segment` is an index into a list as RFC 6901 writes one:
  /// `0`, or digits that do not start with `0`.
  static func isIndex(_ segment: String) -> Bool {
    guard let first = segment.utf8.first, segment.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return false
    }
    return first != 0x30 || segment.utf8.count == 1
  }

  /// A segment with `~1` read as `/` and `~0` as `~`, left to right.
  private static func unescaped(_ segment: Substring) -> String {
    guard segment.contains("~") else { return String(segment) }
    var result = ""
    var characters = segment.makeIterator()
    while let character = characters.next() {
      guard character == "~" else {
        result.append(character)
        continue
      }
      switch characters.next() {
      case "1": result.append("/")
      case "0": result.append("~")
      case let other?: result.append("~\(other)")
      case nil: result.append("~")
      }
    }
    return result
  }
}
