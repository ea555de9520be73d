/// A name or variant pattern where `*` matches any run of characters (SPEC §3.3).
///
/// Translated once, when the selector is parsed, to an anchored POSIX extended
/// regex; two globs are equal when their patterns are.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
  public let pattern: String
  private let regex: POSIXRegex

  init(_ pattern: String) {
    self.pattern = pattern
    // Escaped literals and `.*` always form a valid ERE, so compilation cannot fail.
    guard let regex = POSIXRegex(extendedPattern: Self.extendedRegex(for: pattern)) else {
      preconditionFailure("glob '\(pattern)' did not compile")
    }
    self.regex = regex
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
