/// A name or variant pattern where `*` matches any run of characters (docs/SHEETS.md: Selectors).
///
/// Translated once, when the selector is parsed, to an anchored POSIX extended
/// regex; two globs are equal when their patterns are.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
  /// One reference: a glob sits in every selector component's enums
  /// (`NamePattern`, `VariantPattern`), whose size is their largest case's,
  /// so a bigger glob made every component of every selector bigger.
  private let storage: Storage

  /// The glob as written (`*`, `btn*`, `icon?`).
  public var pattern: String { storage.pattern }

  private final class Storage: Sendable {
    let pattern: String
    let matcher: Matcher

    init(pattern: String, matcher: Matcher) {
      self.pattern = pattern
      self.matcher = matcher
    }
  }

  /// `name*` and `*name`, most globs in practice, compare bytes with the
  /// pattern's own (its `*` left out); the rest run the regex. Byte
  /// comparison is what the regex does: names hold no control characters,
  /// and `.*` matches any run of them.
  private enum Matcher: Sendable {
    case prefix
    case suffix
    case regex(POSIXRegex)
  }

  init(_ pattern: String) {
    let bytes = pattern.utf8
    let star = UInt8(ascii: "*")
    let stars = bytes.count(where: { $0 == star })
    let matcher: Matcher
    if stars == 1, bytes.count > 1, bytes.last == star {
      matcher = .prefix
    } else if stars == 1, bytes.count > 1, bytes.first == star {
      matcher = .suffix
    } else {
      matcher = .regex(Self.compiled(pattern))
    }
    storage = Storage(pattern: pattern, matcher: matcher)
  }

  /// Compiled expressions by glob pattern. A design system repeats the same
  /// few globs across thousands of selectors, and `regcomp` costs more than
  /// parsing the whole selector; bounded so hostile input cannot grow it forever.
  private static let cache = Locked<[String: POSIXRegex]>([:])
  private static let cacheLimit = 4_096

  private static func compiled(_ pattern: String) -> POSIXRegex {
    if let regex = cache.withLock({ $0[pattern] }) { return regex }
    // Escaped literals and `.*` always form a valid ERE, so compilation cannot fail.
    guard let regex = POSIXRegex(extendedPattern: extendedRegex(for: pattern)) else {
      preconditionFailure("glob '\(pattern)' did not compile")
    }
    cache.withLock { cache in
      if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
      cache[pattern] = regex
    }
    return regex
  }

  /// `form-*` becomes `^form-.*$`; regex metacharacters in literals are escaped.
  static func extendedRegex(for glob: String) -> String {
    var regex = "^"
    // Scalar by scalar: a grapheme cluster can glue a metacharacter to a
    // neighbour (`U+0605` then `{`), which a `Character` scan would miss.
    for scalar in glob.unicodeScalars {
      switch scalar {
      case "*": regex += ".*"
      case "\\", ".", "[", "]", "(", ")", "{", "}", "^", "$", "|", "+", "?":
        regex += "\\\(scalar)"
      default: regex.unicodeScalars.append(scalar)
      }
    }
    return regex + "$"
  }

  /// Whether the whole of `text` matches.
  public func matches(_ text: String) -> Bool {
    switch storage.matcher {
    case .prefix: Self.bytes(of: text, match: pattern, atStart: true)
    case .suffix: Self.bytes(of: text, match: pattern, atStart: false)
    case .regex(let regex): regex.matches(text)
    }
  }

  /// Whether `text`'s UTF-8 starts (or ends) with `pattern`'s, less the `*`
  /// at the other end.
  private static func bytes(of text: String, match pattern: String, atStart: Bool) -> Bool {
    var (text, pattern) = (text, pattern)
    return text.withUTF8 { text in
      pattern.withUTF8 { pattern in
        let part = UnsafeBufferPointer(rebasing: atStart ? pattern.dropLast() : pattern.dropFirst())
        guard text.count >= part.count else { return false }
        let start = atStart ? 0 : text.count - part.count
        return UnsafeBufferPointer(rebasing: text[start..<start + part.count]).hasSameBytes(as: part)
      }
    }
  }

  /// The glob as written.
  public var description: String { pattern }

  /// Globs are equal when written the same.
  public static func == (lhs: Glob, rhs: Glob) -> Bool { lhs.storage === rhs.storage || lhs.pattern == rhs.pattern }
  /// Hashes the pattern.
  public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}
