/// Where something was written: the file as it was named, 1-based line and column.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file as it was named (imports joined to their importer's folder).
  public var file: String
  /// The line, from 1 (0 for the whole file: ``init(wholeOf:)``).
  public var line: Int
  /// The column, from 1, in Unicode scalars.
  public var column: Int

  /// A location in `file`.
  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// A whole file or input, with no line: what a command line option or
  /// a file as a whole is located at (`<command line>`).
  public init(wholeOf file: String) {
    self.init(file: file, line: 0, column: 0)
  }

  /// `FILE:LINE:COL`, as compilers print locations; `FILE` alone for a
  /// whole file (line 0).
  public var description: String {
    String(writingUTF8: writeText)
  }

  /// Appends `description`'s UTF-8, with no `String` built on the way.
  func writeText(to text: inout [UInt8]) {
    text.append(utf8Of: file)
    guard line > 0 else { return }
    text.append(UInt8(ascii: ":"))
    text.append(decimal: line)
    text.append(UInt8(ascii: ":"))
    text.append(decimal: column)
  }
}
