/// Themes given to a command-line option (`--theme`), which repeats and
/// takes comma lists (`--theme dark,compact`): each theme once, located
/// where it was first given, so that what is said about it points there.
///
/// A theme's location names the option as its file: the option's Nth
/// value is line N, and the column is where the theme's name starts in
/// that value (from 1, in Unicode scalars): `--theme dark,drak` puts
/// `drak` at `--theme:1:6`.
public struct ThemeOption: Sendable {
  /// A theme and where it was given.
  public struct Theme: Hashable, Sendable {
    public var name: String
    public var location: SourceLocation
  }

  /// The option's name, as a location's file (`--theme`).
  public let name: String
  /// Each theme once, in the order given.
  public let given: [Theme]

  /// The themes of `values`, the option's values in the order given (each
  /// a comma list; spaces around a name are not part of it, and empty
  /// names are skipped).
  public init(_ values: [String], named name: String) {
    self.init(values, named: name, firstLine: 1)
  }

  private init(_ values: [String], named name: String, firstLine: Int) {
    self.name = name
    self.values = values
    self.firstLine = firstLine
    var given: [Theme] = []
    for (offset, value) in zip(0..., values) {
      let line = firstLine + offset
      var column = 1
      for part in value.unicodeScalars.split(separator: ",", omittingEmptySubsequences: false) {
        let leading = part.prefix { $0 == " " }.count
        let theme = String(String.UnicodeScalarView(part.dropFirst(leading).reversed().drop { $0 == " " }.reversed()))
        if !theme.isEmpty, !given.contains(where: { $0.name == theme }) {
          given.append(Theme(name: theme, location: SourceLocation(file: name, line: line, column: column + leading)))
        }
        column += part.count + 1
      }
    }
    self.given = given
  }

  /// The themes, each once, in the order given.
  public var themes: [String] { given.map(\.name) }

  /// The values as given.
  public let values: [String]
  private let firstLine: Int

  /// The themes of the value at `position` alone (for a command that takes
  /// each value as one set of themes), located as in the whole option.
  public func value(at position: Int) -> ThemeOption {
    ThemeOption([values[position]], named: name, firstLine: firstLine + position)
  }
}
