#if canImport(Darwin)
  import Foundation  // precomposedStringWithCanonicalMapping
#endif

/// Character rules shared by names, variants and themes (docs/SHEETS.md: Node identifiers).
enum NameRules {
  /// Checks for control characters and, where wildcards are not allowed, `*`.
  /// `[`, `]` and `/` never reach here: the scanner has split on them.
  static func validate(_ text: Substring, column: Int, allowWildcard: Bool) throws(SyntaxError) {
    // Fast path: printable ASCII needs no Unicode property lookups.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && (allowWildcard || $0 != UInt8(ascii: "*")) }) { return }
    var offset = 0
    for scalar in text.unicodeScalars {
      if !allowWildcard && scalar == "*" {
        throw SyntaxError("wildcards are only allowed in selectors", column: column + offset)
      }
      if scalar.properties.generalCategory == .control {
        throw SyntaxError("control character in a name", column: column + offset)
      }
      offset += 1
    }
  }

  /// NFC form of a name, so equal names compare and glob-match alike.
  static func normalized(_ text: Substring) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return String(text) }
    return nfc(String(text))
  }

  /// The NFC form of `text`: the one place that normalizes. On Linux the
  /// standard library's own normalization, so that the library (and the
  /// `stylist` process) never loads Foundation and its ICU data, which cost
  /// every command 6.7 MB and several milliseconds of startup; on Darwin
  /// Foundation's, which is part of the system.
  static func nfc(_ text: String) -> String {
    #if canImport(Darwin)
      text.precomposedStringWithCanonicalMapping
    #else
      String(decoding: text._nfcCodeUnits, as: UTF8.self)
    #endif
  }
}
