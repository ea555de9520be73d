/// Answers a stream of node identifiers read as UTF-8 lines and writes
/// each answer as the JSON object tools read (`batch`), each distinct
/// answer rendered once.
///
/// A line is answered from its bytes by the one query from text
/// (`StyleIndex.best(utf8:)`, `rank(utf8:)`, behind
/// ``StyleEngine/bestMatch(parsing:)`` and ``StyleEngine/cascade(parsing:)``):
/// only the winner's position (or, with cascade, the applicable rules'
/// positions) comes out, with no `String` and no ``Resolution`` built.
/// An answer's JSON after its node depends only on those positions and on
/// the themes where they change a value (the values key). So the fields are rendered by the
/// one writer (`Resolution.Fields`; a merged cascade from its rules'
/// pieces, each rendered once, `RenderedRules`) the first time such an
/// answer comes, and copied for every later one. What is kept is
/// bounded by the sheets (one best match, and one list of members, per
/// rule and theme the rule has values for); merged cascades, one per list
/// of rules, start over past 64 MiB. Answers of a new snapshot (a reload)
/// start it over too.
///
/// What a writer keeps is its own: `batch` gives each of its workers a
/// writer, and they share only the immutable snapshot they answer on.
package struct AnswerWriter {
  /// The snapshot the kept answers belong to.
  private var index: StyleIndex?
  /// Best matches under no theme (or themes that change none of the
  /// winner's values), by the winner's load position.
  private var byWinner: [[UInt8]?] = []
  /// Every other answer.
  private var others: [Key: [UInt8]] = [:]
  /// Bytes held by `others`.
  private var otherBytes = 0
  /// A cascade's ranking, passed to every line's query: it allocates
  /// nothing once they have room for a node's rules.
  private var keys: [RankKey] = []
  private var vectors = RankedVectors()
  /// Rules' answers in rendered pieces, for merged cascades.
  private var renderedRules = RenderedRules()

  /// The values key (`CurrentThemes.valuesKey`) stands for the themes.
  private enum Key: Hashable {
    case best(winner: RuleID?, valuesKey: ThemeSet)
    case cascade(orders: [RuleID], valuesKey: ThemeSet)
  }

  private static let othersLimit = 64 << 20

  package init() {}

  /// Answers the node identifier that `line` (UTF-8, without its newline)
  /// holds on `engine`'s current snapshot, and appends the answer's JSON
  /// object (no newline): the bytes `Resolution.writeJSON(node:to:)`
  /// writes for ``StyleEngine/bestMatch(parsing:)``'s answer (with
  /// `cascade`, ``StyleEngine/cascade(parsing:)``'s), the node being
  /// `String(decoding: line, as: UTF8.self)`. Returns the themes the query
  /// ran under, in axis order. On a syntax error it throws and appends nothing.
  package mutating func write(
    line: ArraySlice<UInt8>, answeredBy engine: StyleEngine, cascade: Bool, to output: inout [UInt8]
  ) throws(SyntaxError) -> [String] {
    let snapshot = Snapshot(of: engine)
    // `withUnsafeBufferPointer` rethrows untyped errors: the typed one crosses as a `Result`.
    return try line.withUnsafeBufferPointer { bytes in
      Swift.Result { () throws(SyntaxError) in
        try write(utf8: bytes, on: snapshot, cascade: cascade, to: &output)
      }
    }.get()
  }

  /// What lines are answered on: the engine's sheets and query options of
  /// one moment. `batch`'s workers take one a block and share it (it is
  /// immutable), not one a line each: that would lock the engine and count
  /// references to the one index from every core, line after line.
  package struct Snapshot: Sendable {
    let index: StyleIndex
    let options: QueryOptions

    package init(of engine: StyleEngine) { (index, options) = engine.snapshot }
  }

  /// ``write(line:answeredBy:cascade:to:)`` for a line in place (`batch`'s
  /// workers read lines of one shared block, which no slice retains) on a
  /// snapshot taken before.
  package mutating func write(
    utf8 line: UnsafeBufferPointer<UInt8>, on snapshot: Snapshot, cascade: Bool, to output: inout [UInt8]
  ) throws(SyntaxError) -> [String] {
    if index?.snapshotID != snapshot.index.snapshotID {
      self = AnswerWriter()
      index = snapshot.index
    }
    return try write(utf8: line, index: snapshot.index, options: snapshot.options, cascade: cascade, to: &output)
      .themes
  }

  private mutating func write(
    utf8 bytes: UnsafeBufferPointer<UInt8>, index: StyleIndex, options: QueryOptions, cascade: Bool,
    to output: inout [UInt8]
  ) throws(SyntaxError) -> CurrentThemes {
    let current: CurrentThemes
    let winner: RuleID?
    if cascade {
      current = try index.rank(utf8: bytes, options: options, into: &keys, vectors: &vectors)
      winner = keys.first?.order
    } else {
      let found = try index.best(utf8: bytes, options: options, keepingVector: false)
      current = found.current
      winner = found.winner?.order
    }
    let valuesKey = current.valuesKey
    output.append(utf8Of: #"{"node":"#)
    // What `String(decoding:as:)` makes of the bytes: ASCII as it is.
    if bytes.isASCII {
      PropertyValue.writeJSONString(utf8: bytes, to: &output)
    } else {
      PropertyValue.writeJSONString(String(decoding: bytes, as: UTF8.self), to: &output)
    }
    if cascade && keys.count > 1 {
      let orders = keys.map(\.order)
      let unthemed = index.valuesAreUnthemed(orders, valuesKey: valuesKey)
      let key = Key.cascade(orders: orders, valuesKey: unthemed ? .none : valuesKey)
      if !writeKept(key, to: &output) {
        var rendered: [UInt8] = []
        renderedRules.writeCascade(orders, valuesKey: valuesKey, rules: index.rules, to: &rendered)
        keep(rendered, for: key, andWriteTo: &output)
      }
      return current
    }
    // A cascade of one rule says what that rule's best match says.
    let unthemed =
      winner.map { index.valuesAreUnthemed(CollectionOfOne($0), valuesKey: valuesKey) } ?? valuesKey.isEmpty
    if let winner, unthemed {
      let order = winner.index
      if order >= byWinner.count { byWinner += repeatElement(nil, count: order + 1 - byWinner.count) }
      if byWinner[order] == nil { byWinner[order] = Self.rendered(index.fields(valuesKey: .none, winner: winner)) }
      output.append(contentsOf: byWinner[order]!)
      return current
    }
    let key = Key.best(winner: winner, valuesKey: unthemed ? .none : valuesKey)
    if !writeKept(key, to: &output) {
      keep(Self.rendered(index.fields(valuesKey: valuesKey, winner: winner)), for: key, andWriteTo: &output)
    }
    return current
  }

  /// Appends the answer kept for `key`, if one is.
  private func writeKept(_ key: Key, to output: inout [UInt8]) -> Bool {
    guard let kept = others[key] else { return false }
    output.append(contentsOf: kept)
    return true
  }

  /// Keeps `rendered` for `key` (starting over past the limit) and appends it.
  private mutating func keep(_ rendered: [UInt8], for key: Key, andWriteTo output: inout [UInt8]) {
    output.append(contentsOf: rendered)
    if otherBytes + rendered.count > Self.othersLimit {
      others.removeAll()
      otherBytes = 0
    }
    others[key] = rendered
    otherBytes += rendered.count
  }

  private static func rendered(_ fields: Resolution.Fields) -> [UInt8] {
    var bytes: [UInt8] = []
    fields.writeJSON(to: &bytes)
    return bytes
  }
}
