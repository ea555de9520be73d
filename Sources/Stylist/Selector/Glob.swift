/// A name or variant pattern where `*` matches any run of characters (SPEC §3.3).
///
/// Translated once, when the selector is parsed, to an anchored POSIX extended
/// regex; two globs are equal when their patterns are.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
  public let pattern: String
  private let regex: POSIXRegex

  init(_ pattern: String) {
    self.pattern = pattern
    regex = Self.compiled(pattern)
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

  public func matches(_ text: String) -> Bool { regex.matches(text) }

  public var description: String { pattern }

  public static func == (lhs: Glob, rhs: Glob) -> Bool { lhs.pattern == rhs.pattern }
  public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}
