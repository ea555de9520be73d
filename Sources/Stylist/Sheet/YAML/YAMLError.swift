/// A YAML problem at a position (syntax, or a limit of the composer).
struct YAMLError: Error, Hashable, Sendable {
  var message: String
  var mark: SourcePosition
  /// `yamlSyntax`, or `limitExceeded` for the composer's limits.
  var kind: DiagnosticKind = .yamlSyntax
}
