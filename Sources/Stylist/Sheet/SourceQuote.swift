/// The text a diagnostic is about and the column in it to point at: a
/// node identifier or a selector with its problem, which the text renderer
/// prints under the message with a caret under the column
/// (``TextRenderer/diagnostics(_:of:)``), as compilers quote a line.
///
/// A long text is cut around the column (``maxScalars`` kept), so a
/// megabyte line quotes as a short one.
public struct SourceQuote: Hashable, Sendable {
  /// The text as written.
  public var text: String
  /// The column to point at, from 1, in Unicode scalars of `text`.
  public var column: Int

  /// Scalars of `text` a quote shows at most.
  public static let maxScalars = 120

  /// `text` with the caret at `column`.
  public init(_ text: String, column: Int) {
    self.text = text
    self.column = column
  }

  /// The two lines drawn: the text, indented, cut to `maxScalars` around
  /// the column (`…` where it is cut), then a caret under the column. The
  /// caret's padding keeps the text's tabs, so that it lines up wherever a
  /// terminal puts tab stops. Nil for a text of several lines or a column
  /// outside it (but one past its end, for what is missing there).
  var lines: (text: String, caret: String)? {
    let scalars = Array(text.unicodeScalars)
    guard (1...scalars.count + 1).contains(column), !scalars.contains(where: { $0 == "\n" || $0 == "\r" }) else {
      return nil
    }
    let half = Self.maxScalars / 2
    let start = scalars.count > Self.maxScalars ? max(0, min(column - 1 - half, scalars.count - Self.maxScalars)) : 0
    let end = min(scalars.count, start + Self.maxScalars)
    var shown = String.UnicodeScalarView(scalars[start..<end])
    var caret = String.UnicodeScalarView(scalars[start..<(column - 1)].map { $0 == "\t" ? "\t" : " " })
    if start > 0 {
      shown.insert("…", at: shown.startIndex)
      caret.insert(" ", at: caret.startIndex)
    }
    if end < scalars.count { shown.append("…") }
    caret.append("^")
    return ("  " + String(shown), "  " + String(caret))
  }
}
