/// The `deprecated-token` warnings of `lint`: each use of a design token
/// marked `$deprecated` (its own or its group's), in a style, a variable
/// or another token, at the use, with the token's reason.
enum DeprecatedTokenUses {
  static func warnings(in outline: SheetOutline) -> [SheetDiagnostic] {
    var deprecated: [String: SheetOutline.Token] = [:]
    for token in outline.tokens {
      if token.deprecation != nil {
        deprecated[token.path] = token
      } else if token.theme == nil {
        // A later set's token replaces a deprecated one whole.
        deprecated[token.path] = nil
      }
    }
    guard !deprecated.isEmpty else { return [] }
    return outline.variableUses.compactMap { use in
      guard let token = deprecated[use.path], let deprecation = token.deprecation else { return nil }
      let reason = deprecation.reason.map { ": \($0)" } ?? ""
      return SheetDiagnostic(
        .warning, "design token '\(use.path)' is deprecated\(reason)", kind: .deprecatedToken, at: use.location)
    }
  }
}
