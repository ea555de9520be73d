/// The answer for a node given as text (`StyleIndex.bestMatch(utf8:options:)`):
/// a `Resolution` without the node, for tools that echo the text they read.
public struct Answer: Sendable {
  /// The theme the query ran under (the node's `@theme` wins over the query's).
  public let theme: String?
  private let index: StyleIndex
  private let winner: RankKey?
  private let ranked: [RankKey]?
  /// The keys' vectors (`RankKey`).
  private let vectors: RankedVectors

  /// `ranked`: with cascade, every applicable rule, best first.
  init(index: StyleIndex, theme: String?, winner: RankKey?, ranked: [RankKey]?, vectors: RankedVectors) {
    (self.index, self.theme, self.winner, self.ranked, self.vectors) = (index, theme, winner, ranked, vectors)
  }

  /// The winner; nil when nothing applies. Built when read: an answer holds
  /// only the winner's id, so a tool that renders each winner once touches
  /// nothing of the rule per node.
  public var match: Match? { winner.map { index.match($0, in: vectors) } }

  /// The winner's load position (`match?.order`, without building the match).
  public var order: Int? { winner?.order.index }

  /// With cascade, every applicable rule, best first (the winner is the
  /// first); nil for a best-match answer.
  public var cascaded: [Match]? { ranked.map { $0.map { index.match($0, in: vectors) } } }

  /// The load positions of `cascaded`, best first, without building the
  /// matches (or an array: a view of what the query found).
  public var cascadedOrders: CascadedOrders? { ranked.map(CascadedOrders.init) }

  /// Whether the result is the sheet's `default` style.
  public var isDefault: Bool { index.isDefault(winner: winner?.order.index) }

  /// The winner's (or default's) properties, or with cascade every
  /// applicable rule's merged weakest first (CSS-like: a stronger rule's
  /// property replaces a weaker one's of the same name, where the name first
  /// appeared); nil when nothing applies and there is no default. Computed
  /// when read.
  public var properties: Properties? {
    if let ranked, !ranked.isEmpty {
      var merged = Properties()
      for found in ranked.reversed() {
        for (key, value) in index.rules[found.order.index].properties(underTheme: theme) { merged[key] = value }
      }
      return merged
    }
    return index.properties(winner: winner?.order.index, underTheme: theme)
  }

  /// Where the properties come from: the winner's or the default's source.
  public var source: SourceLocation? { index.source(winner: winner?.order.index) }

  /// Whether the node has a style (a winner or the default).
  public var isResolved: Bool { winner != nil || index.defaultStyle != nil }
}

/// What `StyleIndex.cascadeOrders(utf8:options:into:)` keeps from one
/// line to the next: the rules it found, and their load positions.
package struct CascadeScratch {
  fileprivate var keys: [RankKey] = []
  fileprivate var vectors = RankedVectors()
  /// The last line's applicable rules' load positions, best first.
  package fileprivate(set) var orders: [Int] = []

  package init() {}
}

/// The load positions of a cascade's rules, best first (`Answer.cascadedOrders`).
public struct CascadedOrders: RandomAccessCollection, Sendable {
  fileprivate let ranked: [RankKey]

  public var startIndex: Int { 0 }
  public var endIndex: Int { ranked.count }
  public subscript(position: Int) -> Int { ranked[position].order.index }
}

extension StyleIndex {
  /// `bestMatch(for:options:)` for a node identifier given as UTF-8 text
  /// (a line read by a tool): its names are looked up from the bytes, with
  /// no `NodeIdentifier` built. Bytes that are not UTF-8 are repaired as
  /// `String(decoding:as:)` does.
  public func bestMatch(utf8 text: UnsafeBufferPointer<UInt8>, options: QueryOptions = .init())
    throws(SyntaxError) -> Answer
  {
    let found = try best(utf8: text, options: options, keepingVector: true)
    return Answer(index: self, theme: found.theme, winner: found.winner, ranked: nil, vectors: found.vectors)
  }

  /// `cascade(for:options:)` for a node identifier given as UTF-8 text.
  public func cascade(utf8 text: UnsafeBufferPointer<UInt8>, options: QueryOptions = .init())
    throws(SyntaxError) -> Answer
  {
    var keys: [RankKey] = []
    var vectors = RankedVectors()
    let theme = try applicable(utf8: text, options: options, into: &keys, vectors: &vectors)
    return Answer(index: self, theme: theme, winner: keys.first, ranked: keys, vectors: vectors)
  }

  // For a tool that keeps only load positions (`batch`): what `Answer`
  // gives, without an `Answer`. An answer holds the index, so making one
  // counts the index's storage up and down; on a thread beside another that
  // reads the same storage (`batch`'s writer), every count moves that
  // cache line from one core to the other. For the same reason the line's
  // query is handed the trie (lent: `self` holds it for the call) and the
  // options' fields, never `self`: a closure that captures the index
  // counts its storage too.

  /// `bestMatch(utf8:options:)`'s winner's load position (`Answer.order`) and theme.
  package func bestMatchOrder(utf8 text: UnsafeBufferPointer<UInt8>, options: QueryOptions = .init())
    throws(SyntaxError) -> (order: Int?, theme: String?)
  {
    let found = try best(utf8: text, options: options, keepingVector: false)
    return (found.winner?.order.index, found.theme)
  }

  /// `cascade(utf8:options:)`'s rules' load positions (`Answer.cascadedOrders`),
  /// best first, in `scratch.orders`; returns the theme. `scratch` is
  /// emptied first and keeps its capacity: a tool that passes the same one
  /// line after line allocates nothing per line.
  package func cascadeOrders(
    utf8 text: UnsafeBufferPointer<UInt8>, options: QueryOptions = .init(), into scratch: inout CascadeScratch
  ) throws(SyntaxError) -> String? {
    scratch.orders.removeAll(keepingCapacity: true)
    let theme = try applicable(utf8: text, options: options, into: &scratch.keys, vectors: &scratch.vectors)
    for key in scratch.keys { scratch.orders.append(key.order.index) }
    return theme
  }

  private func best(utf8 text: UnsafeBufferPointer<UInt8>, options: QueryOptions, keepingVector: Bool)
    throws(SyntaxError) -> (winner: RankKey?, theme: String?, vectors: RankedVectors)
  {
    unowned(unsafe) let trie = self.trie
    let (queryTheme, mode) = (options.theme, options.mode)
    return try NodeLine.with(utf8: text) { line in
      let theme = line.themeText ?? queryTheme
      let best = trie.best(line, theme: theme, mode: mode, keepingVector: keepingVector)
      return (best.key, theme, best.vectors)
    }
  }

  /// The applicable rules' keys, best first, in `keys` and their vectors
  /// in `vectors` (both emptied first, their capacity kept); returns the
  /// theme they resolved under.
  private func applicable(
    utf8 text: UnsafeBufferPointer<UInt8>, options: QueryOptions, into keys: inout [RankKey],
    vectors: inout RankedVectors
  ) throws(SyntaxError) -> String? {
    unowned(unsafe) let trie = self.trie
    let (queryTheme, mode) = (options.theme, options.mode)
    return try NodeLine.with(utf8: text) { line in
      let theme = line.themeText ?? queryTheme
      trie.rank(line, theme: theme, mode: mode, into: &keys, vectors: &vectors)
      return theme
    }
  }
}

extension StyleIndex {
  // A best match's fields from its winner's load position (nil: no rule
  // applies, and the default style answers if there is one): written once,
  // for `Answer` and for tools that keep only the position (`batch`).

  /// The winner's properties under `theme`, or the default style's.
  package func properties(winner order: Int?, underTheme theme: String?) -> Properties? {
    if let order { return rules[order].properties(underTheme: theme) }
    return defaultStyle?.properties(underTheme: theme)
  }

  /// The winner's source, or the default style's.
  package func source(winner order: Int?) -> SourceLocation? {
    if let order { return rules[order].source }
    return defaultStyle?.source
  }

  /// Whether the default style answers: no rule won and there is one.
  package func isDefault(winner order: Int?) -> Bool { order == nil && defaultStyle != nil }
}
