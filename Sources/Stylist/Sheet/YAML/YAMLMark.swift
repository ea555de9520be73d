/// A position in YAML text, 1-based, from libyaml's marks.
///
/// Eight bytes: the YAML tree keeps one per node. Positions past 2³² clamp.
struct YAMLMark: Hashable, Sendable {
  private let storedLine: UInt32
  private let storedColumn: UInt32

  var line: Int { Int(storedLine) }
  var column: Int { Int(storedColumn) }

  init(line: Int, column: Int) {
    storedLine = UInt32(clamping: line)
    storedColumn = UInt32(clamping: column)
  }
}

/// A YAML problem at a position (syntax, or a limit of the composer).
struct YAMLError: Error, Hashable, Sendable {
  var message: String
  var mark: YAMLMark
  /// `yamlSyntax`, or `limitExceeded` for the composer's limits.
  var kind: DiagnosticKind = .yamlSyntax
}
