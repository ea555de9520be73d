/// A position in YAML text, 1-based, from libyaml's marks.
public struct YAMLMark: Hashable, Sendable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }
}

/// A YAML problem at a position (syntax, or a limit of the composer).
public struct YAMLError: Error, Hashable, Sendable {
  public var message: String
  public var mark: YAMLMark
}
