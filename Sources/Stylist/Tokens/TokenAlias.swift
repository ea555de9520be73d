/// The two ways a token file refers to a token: an alias `{group.token}`
/// (a whole string) and a JSON pointer `#/group/token/$value` (a `$ref`).
enum TokenAlias {
  /// The path of `text` when the whole of it is an alias, `{a.b}`; nil
  /// for any other string.
  static func path(in text: String) -> [String]? {
    guard text.count >= 3, text.first == "{", text.last == "}" else { return nil }
    let inner = text.dropFirst().dropLast()
    guard !inner.contains(where: { $0 == "{" || $0 == "}" }) else { return nil }
    let segments = inner.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard segments.allSatisfy({ !$0.isEmpty }) else { return nil }
    return segments
  }
}

/// A JSON pointer (RFC 6901) as a `$ref` writes it: `#/a/b` into this
/// document (`~1` is `/`, `~0` is `~`), or a file path, which a resolver's
/// sources name.
struct TokenPointer {
  /// The pointer's segments, unescaped; empty for the whole document.
  var segments: [String]
  /// The file before `#`; empty for this document.
  var file: String

  var isLocal: Bool { file.isEmpty }

  init?(_ text: String) {
    guard let hash = text.firstIndex(of: "#") else {
      guard !text.isEmpty else { return nil }
      file = text
      segments = []
      return
    }
    file = String(text[..<hash])
    let fragment = text[text.index(after: hash)...]
    if fragment.isEmpty {
      segments = []
      return
    }
    guard fragment.first == "/" else { return nil }
    segments = fragment.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(Self.unescaped)
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
