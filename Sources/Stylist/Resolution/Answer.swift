/// The answer for a node given as text (`StyleIndex.bestMatch(utf8:options:)`):
/// a `Resolution` without the node, for tools that echo the text they read.
public struct Answer: Hashable, Sendable {
  /// The theme the query ran under (the node's `@theme` wins over the query's).
  public var theme: String?
  /// The winner; nil when nothing applies.
  public var match: Match?
  /// Whether the result is the sheet's `default` style.
  public var isDefault: Bool { match == nil && defaultStyle != nil }
  /// With cascade, every applicable rule, best first (the winner is the
  /// first); nil for a best-match answer.
  public private(set) var cascaded: [Match]?
  /// The sheet's default, when nothing applies.
  private var defaultStyle: Style?

  /// `defaultStyle` only when there is no match.
  init(theme: String?, match: Match?, cascaded: [Match]?, defaultStyle: Style?) {
    self.theme = theme
    self.match = match
    self.cascaded = cascaded
    self.defaultStyle = defaultStyle
  }

  /// The winner's (or default's) properties, or with cascade every
  /// applicable rule's merged weakest first (CSS-like: a stronger rule's
  /// property replaces a weaker one's of the same name, where the name first
  /// appeared); nil when nothing applies and there is no default. Computed
  /// when read, so a tool that renders each distinct answer once does not
  /// pay for them per node.
  public var properties: Properties? {
    if let cascaded, !cascaded.isEmpty {
      var merged = Properties()
      for found in cascaded.reversed() {
        for (key, value) in found.rule.properties(underTheme: theme) { merged[key] = value }
      }
      return merged
    }
    if let match { return match.rule.properties(underTheme: theme) }
    return defaultStyle?.properties(underTheme: theme)
  }

  /// Where the properties come from: the winner's or the default's source.
  public var source: SourceLocation? { match?.rule.source ?? defaultStyle?.source }

  public var isResolved: Bool { match != nil || defaultStyle != nil }
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
      return answer(theme: theme, winner: collector.best, cascaded: nil)
    }
  }

  /// `cascade(for:options:)` for a node identifier given as UTF-8 text.
  public func cascade(utf8 text: UnsafeBufferPointer<UInt8>, options: QueryOptions = .init())
    throws(SyntaxError) -> Answer
  {
    try NodeLine.with(utf8: text) { line in
      let theme = line.themeText ?? options.theme
      let applicable = ranked(line, theme: theme, mode: options.mode)
      return answer(theme: theme, winner: applicable.first, cascaded: applicable)
    }
  }
}
