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
