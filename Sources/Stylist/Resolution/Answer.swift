/// The answer for a node given as text (`StyleIndex.bestMatch(utf8:options:)`):
/// a `Resolution` without the node, for tools that echo the text they read.
public struct Answer: Hashable, Sendable {
  /// The theme the query ran under (the node's `@theme` wins over the query's).
  public var theme: String?
  /// The winner; nil when nothing applies.
  public var match: Match?
  /// Whether the result is the sheet's `default` style.
  public var isDefault: Bool
  /// The winner's (or default's, or with cascade the merged) properties; nil
  /// when nothing applies and there is no default.
  public var properties: Properties?
  /// Where the properties come from: the winner's or the default's source.
  public var source: SourceLocation?

  public var isResolved: Bool { properties != nil }
}

extension Resolution {
  /// The same answer without the node.
  public var answer: Answer {
    Answer(theme: theme, match: match, isDefault: isDefault, properties: properties, source: source)
  }
}

extension StyleIndex {
  /// `bestMatch(for:options:)` for a node identifier given as UTF-8 text
  /// (a line read by a tool): its names are looked up from the bytes, with
  /// no `NodeIdentifier` built. Bytes that are not UTF-8 are repaired as
  /// `String(decoding:as:)` does.
  public func bestMatch(utf8 text: UnsafeBufferPointer<UInt8>, options: QueryOptions = .init())
    throws(SyntaxError) -> Answer
  {
    try NodeLine.with(utf8: text) { line in
      let theme = line.themeText ?? options.theme
      var collector = BestCollector(mode: options.mode)
      trie.collect(line, theme: theme, into: &collector)
      return answer(theme: theme, winner: collector.best, merged: nil)
    }
  }

  /// `cascade(for:options:)` for a node identifier given as UTF-8 text.
  public func cascade(utf8 text: UnsafeBufferPointer<UInt8>, options: QueryOptions = .init())
    throws(SyntaxError) -> Answer
  {
    try NodeLine.with(utf8: text) { line in
      let theme = line.themeText ?? options.theme
      let applicable = ranked(line, theme: theme, mode: options.mode)
      return answer(theme: theme, winner: applicable.first, merged: merged(applicable, theme: theme))
    }
  }
}
