/// A position in YAML text, 1-based, from libyaml's marks.
struct YAMLMark: Hashable, Sendable {
  var line: Int
  var column: Int

  init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}

/// A YAML problem at a position (syntax, or a limit of the composer).
struct YAMLError: Error, Hashable, Sendable {
  var message: String
  var mark: YAMLMark
  /// `yamlSyntax`, or `limitExceeded` for the composer's limits.
  var kind: DiagnosticKind = .yamlSyntax
}
