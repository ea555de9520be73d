import Stylist

/// `batch --cascade` answers, merged once per list of rules and copied after.
///
/// A cascade's JSON after the node is the winner's fields, then the
/// applicable rules' properties merged weakest first. It depends only on the
/// rules and the theme, so a whole answer is merged once per distinct list
/// (`MergedCascades`). Merging is built from pieces rendered once: each
/// rule's properties under a theme as `"key":value` pieces with interned
/// keys, and each winner's fields; a merge only picks, for each key in the
/// order it first appears, the strongest rule's piece. The bytes are the
/// ones `resolutionValue` writes (a test holds `batch --cascade` to
/// `match --cascade`). Everything rendered sits in arenas, so a line copies
/// bytes without touching any object.
struct CascadeRenderer {
  /// One property of one rule: `arena[start..<end]`, for interned key `key`.
  /// Kept in one record, so a line reads a rule's pieces from one place.
  private struct Piece {
    var start: Int32
    var end: Int32
    var key: Int32
  }

  /// Rendered bytes: pieces and winners' fields.
  private var arena: [UInt8] = []
  private var pieces: [Piece] = []
  /// Per theme slot (made on first use), a rule's pieces by rule order.
  private var piecesBySlot: [[Range<Int>?]]
  /// `,"selector":…,"properties":` of each winner, by rule order.
  private var heads: [Range<Int>?]
  private var themes: ThemeSlots
  private let index: StyleIndex
  private var keyIDs: [String: Int] = [:]
  /// Per interned key: its place in the line being merged (-1: not seen yet).
  private var slotOfKey: [Int] = []
  private var merged: [Int] = []
  /// Answers with no rule (the default style, or nothing), as `batch` renders them.
  private var noRule: AnswerCache
  /// Whole answers, merged once per list of rules and theme.
  private var answers = MergedCascades()
  /// The answer being merged.
  private var line: [UInt8] = []
  /// The rule orders of the line being added, best first.
  private var orders: [Int] = []
  /// The answer `writeQueued(to:)` writes next, in `answers`.
  private var queued: Range<Int>?
  /// The lines `expect` was told of and `add` has not taken yet, oldest
  /// first: each one's theme slot and hash (nil when no rule applies).
  private var expected: [(slot: Int, hash: UInt64?)] = []
  /// Where the oldest line of `expected` is.
  private var expectedStart = 0
  /// Arena bytes before it starts over, well inside `Piece`'s 32-bit offsets.
  private static let arenaLimit = 1 << 30

  /// Rules are `index`'s, by load position (what `cascadedOrders` gives).
  init(index: StyleIndex) {
    self.index = index
    themes = ThemeSlots(themes: index.themes)
    piecesBySlot = Array(repeating: [], count: themes.count)
    heads = Array(repeating: nil, count: index.rules.count)
    noRule = AnswerCache(index: index, ruleCount: 0)
  }

  /// Tells of the line `add` will take after those told of before it
  /// (`cascaded` and `theme` as `add` takes them), a few lines early
  /// (`BlockWriter.cascadeLookAhead`): its lookup's slot starts loading
  /// now, and the record that slot points to when the next line is told
  /// of. A large run's merged answers are seldom in cache, so a lookup
  /// that loads as it goes waits for memory twice a line.
  mutating func expect(_ cascaded: some Collection<Int>, theme: String?) {
    let slot = themes.slot(of: theme)
    let hash = cascaded.isEmpty ? nil : MergedCascades.hash(cascaded, themeID: slot)
    expected.append((slot, hash))
  }

  /// Writes the answer queued before, then the node field of `node`, and
  /// finds (or merges) `answer`'s rest (`,"selector":…,"properties":{…}}`)
  /// to write with the next line, as `AnswerCache.add`: a list's answer is
  /// merged once and seldom in cache when a later line copies it, so its
  /// bytes load while the next line's node is written, and its lookup's
  /// slot and first record load while the lines before are written:
  /// `expect` must have told of the line. `cascaded` are the load
  /// positions of the applicable rules, best first, and `theme` the one
  /// they resolved under.
  mutating func add(
    _ cascaded: some Collection<Int>, theme: String?, node: UnsafeBufferPointer<UInt8>, to output: inout OutputBuffer
  ) {
    orders.removeAll(keepingCapacity: true)
    orders.append(contentsOf: cascaded)
    precondition(expectedStart < expected.count, "add takes a line expect told of")
    let (slot, hash) = expected[expectedStart]
    expectedStart += 1
    if expectedStart == expected.count {
      expected.removeAll(keepingCapacity: true)
      expectedStart = 0
    }
    assert(
      hash == (orders.isEmpty ? nil : MergedCascades.hash(orders, themeID: slot)),
      "add takes the lines expect told of, in order")
    writeQueued(to: &output)
    output.writeNodeField(node)
    guard let hash else { return noRule.queue(order: nil, theme: theme) }
    let probe = answers.probe(orders, themeID: slot, hash: hash)
    if let found = probe.answer {
      queued = found
    } else {
      merge(theme: theme, slot: slot)
      queued = line.withUnsafeBufferPointer { answers.insert($0, for: orders, themeID: slot, at: probe) }
    }
  }

  /// Appends the queued answer and a newline, if one is queued.
  mutating func writeQueued(to output: inout OutputBuffer) {
    noRule.writeQueued(to: &output)
    guard let answer = queued else { return }
    queued = nil
    answers.withAnswer(answer) { output.append($0) }
    output.append(0x0A)
  }

  /// Puts the answer of `orders` in `line`: the winner's fields, then the
  /// rules' properties merged.
  private mutating func merge(theme: String?, slot: Int) {
    if arena.count >= Self.arenaLimit { forgetRendered() }
    let winner = orders[0]
    let head = heads[winner] ?? renderHead(of: winner)
    // Weakest first: a key keeps the place where it first appears and the
    // strongest rule's value.
    merged.removeAll(keepingCapacity: true)
    for rank in orders.indices.reversed() {
      for piece in pieces(of: orders[rank], theme: theme, slot: slot) {
        let key = Int(pieces[piece].key)
        if slotOfKey[key] < 0 {
          slotOfKey[key] = merged.count
          merged.append(piece)
        } else {
          merged[slotOfKey[key]] = piece
        }
      }
    }
    line.removeAll(keepingCapacity: true)
    line.append(contentsOf: arena[head])
    line.append(UInt8(ascii: "{"))
    for (position, index) in merged.enumerated() {
      let piece = pieces[index]
      if position > 0 { line.append(UInt8(ascii: ",")) }
      line.append(contentsOf: arena[Int(piece.start)..<Int(piece.end)])
      slotOfKey[Int(piece.key)] = -1
    }
    line.append(UInt8(ascii: "}"))
    line.append(UInt8(ascii: "}"))
  }

  /// The winner's `,"selector":…,"source":…,"default":false,"properties":`
  /// (the same under every theme).
  private mutating func renderHead(of winner: Int) -> Range<Int> {
    let start = arena.count
    writeAnswerHead(RuleAnswer(index: index, order: winner, theme: nil), to: &arena)
    heads[winner] = start..<arena.count
    return start..<arena.count
  }

  /// The pieces of the rule at `order` under `theme` (in `slot`).
  private mutating func pieces(of order: Int, theme: String?, slot: Int) -> Range<Int> {
    if piecesBySlot[slot].isEmpty { piecesBySlot[slot] = Array(repeating: nil, count: index.rules.count) }
    if let found = piecesBySlot[slot][order] { return found }
    let first = pieces.count
    for (name, value) in index.rules[order].style.properties(underTheme: theme) {
      let id = keyIDs[name] ?? keyIDs.count
      if id == keyIDs.count {
        keyIDs[name] = id
        slotOfKey.append(-1)
      }
      let start = arena.count
      PropertyValue.writeJSONString(name, to: &arena)
      arena.append(UInt8(ascii: ":"))
      value.writeJSON(to: &arena)
      pieces.append(Piece(start: Int32(start), end: Int32(arena.count), key: Int32(id)))
    }
    piecesBySlot[slot][order] = first..<pieces.count
    return first..<pieces.count
  }

  /// Starts the arena over when it would outgrow `Piece`'s offsets.
  private mutating func forgetRendered() {
    arena.removeAll(keepingCapacity: true)
    pieces.removeAll(keepingCapacity: true)
    for slot in piecesBySlot.indices { piecesBySlot[slot] = [] }
    for order in heads.indices { heads[order] = nil }
  }
}
