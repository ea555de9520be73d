/// A line and a column in one of a sheet's files, both from 1 (columns in
/// Unicode scalars).
///
/// Eight bytes: every node of a YAML tree, every value of the source
/// model and every entry of the outline keeps one, beside the name of its
/// file. Positions past 2³² clamp.
struct SourcePosition: Hashable, Sendable {
  private let storedLine: UInt32
  private let storedColumn: UInt32

  var line: Int { Int(storedLine) }
  var column: Int { Int(storedColumn) }

  init(line: Int, column: Int) {
    storedLine = UInt32(clamping: line)
    storedColumn = UInt32(clamping: column)
  }

  /// This position in `file`.
  func location(in file: String) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column)
  }
}
