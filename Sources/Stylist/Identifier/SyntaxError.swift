/// A problem in the text of a node identifier or a selector.
///
/// `column` is the 1-based position (in characters) of the offending part
/// within the parsed text, so tools can point at it; sheets add their own
/// file location on top.
public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String
  public var column: Int

  public init(_ message: String, column: Int) {
    self.message = message
    self.column = column
  }

  public var description: String { "column \(column): \(message)" }
}
