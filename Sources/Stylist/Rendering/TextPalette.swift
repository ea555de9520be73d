/// How text output marks its parts: bold, dim, green and red as ANSI
/// escapes, or not at all. The command line colours only a terminal, and
/// never with `NO_COLOR` set.
public struct TextPalette: Hashable, Sendable {
  /// Whether the marks are written.
  public var usesColour: Bool

  /// A palette that writes its marks or not.
  public init(usesColour: Bool) { self.usesColour = usesColour }

  /// No marks: text for files, pipes and tests.
  public static let plain = TextPalette(usesColour: false)

  /// `text` in bold.
  public func bold(_ text: String) -> String { marked(text, "1") }
  /// `text` dimmed.
  public func dim(_ text: String) -> String { marked(text, "2") }
  /// `text` in green.
  public func green(_ text: String) -> String { marked(text, "32") }
  /// `text` in red.
  public func red(_ text: String) -> String { marked(text, "31") }

  private func marked(_ text: String, _ code: String) -> String {
    usesColour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
