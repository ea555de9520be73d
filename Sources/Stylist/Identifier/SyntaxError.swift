/// A problem in the text of a node identifier or a selector.
///
/// `column` is the 1-based position (in characters) of the offending part
/// within the parsed text, so tools can point at it; sheets add their own
/// file location on top.
public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var message: String
  /// The column of the problem, from 1, in Unicode scalars.
  public var column: Int

  /// An error at `column`.
  public init(_ message: String, column: Int) {
    self.message = message
    self.column = column
  }

  /// `column N: MESSAGE`.
  public var description: String { "column \(column): \(message)" }
}

extension SyntaxError {
  /// This error in node identifier `text`, as every tool reports it:
  /// `invalid node 'TEXT': MESSAGE` at this error's column of `line` in
  /// `file` (`<command line>` for an argument), quoting the node with a
  /// caret under the column.
  public func diagnostic(inNode text: String, file: String, line: Int = 1) -> SheetDiagnostic {
    .invalidNode(
      text, message, kind: .invalidNode, at: SourceLocation(file: file, line: line, column: column),
      quoting: SourceQuote(text, column: column))
  }
}

extension SheetDiagnostic {
  /// A node that cannot be answered, worded once: `invalid node 'TEXT': WHY`.
  static func invalidNode(
    _ text: String, _ why: String, kind: DiagnosticKind, at location: SourceLocation, quoting quote: SourceQuote? = nil
  ) -> Self {
    SheetDiagnostic(.error, "invalid node '\(text)': \(why)", kind: kind, at: location, quoting: quote)
  }
}
