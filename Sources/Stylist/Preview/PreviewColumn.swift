/// One column of a preview (`stylist preview`): the themes a tree's answers
/// resolve under there, at most one per axis; none is the column of no theme,
/// where only the axes' defaults apply.
public struct PreviewColumn: Hashable, Sendable {
  /// The column's themes, as given.
  public var themes: [String]

  /// A column under `themes`.
  public init(themes: [String]) {
    self.themes = themes
  }

  /// The most columns a preview has: each repeats the whole tree, so a
  /// sheet of many themes is previewed a few themes at a time.
  public static let limit = 64

  /// The column's heading: its themes joined by ` + `, or `no theme`.
  public var title: String { themes.isEmpty ? "no theme" : themes.joined(separator: " + ") }
}

extension StyleEngine {
  /// The columns a preview shows when none are asked for: no theme, then
  /// each theme the sheets know alone (listed by `axes:`, declared in
  /// `themes:`, then named by selectors), so each theme is seen against
  /// the unthemed answers.
  public var previewColumns: [PreviewColumn] {
    [PreviewColumn(themes: [])] + knownThemes.map { PreviewColumn(themes: [$0]) }
  }
}
