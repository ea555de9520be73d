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
  private struct Key: Hashable {
    var order: Int
    /// `themeID(of:)`'s number for the theme.
    var themeID: Int
  }

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
  /// A rule's pieces under the run's theme, by rule order; under other themes by key.
  private var piecesUnderRunTheme: [Range<Int>?]
  private var piecesUnderOtherThemes: [Key: Range<Int>] = [:]
  /// `,"selector":…,"properties":` of each winner, by rule order.
  private var heads: [Range<Int>?]
  private let theme: String?
  private let rules: [StyleRule]
  private var keyIDs: [String: Int] = [:]
  /// Per interned key: its place in the line being merged (-1: not seen yet).
  private var slotOfKey: [Int] = []
  private var merged: [Int] = []
  /// Answers with no rule (the default style, or nothing), as `batch` renders them.
  private var noRule: AnswerCache
  /// Whole answers, merged once per list of rules and theme.
  private var answers = MergedCascades()
  private var themeIDs: [String?: Int] = [:]
  private var nextThemeID = 1
  /// The answer being merged.
  private var line: [UInt8] = []
  /// Rules rendered under themes other than the run's before the arena
  /// starts over (`forgetRendered`), so memory stays bounded.
  private static let otherThemesLimit = 10_000
  /// Arena bytes before it starts over, well inside `Piece`'s 32-bit offsets.
  private static let arenaLimit = 1 << 30

  /// The rules are the index's, by load position (what `cascadedOrders` gives).
  init(rules: [StyleRule], theme: String?) {
    self.rules = rules
    piecesUnderRunTheme = Array(repeating: nil, count: rules.count)
    heads = Array(repeating: nil, count: rules.count)
    self.theme = theme
    noRule = AnswerCache(ruleCount: 0, theme: theme)
  }

  /// Writes the answer after the node field: `,"selector":…,"properties":{…}}`.
  mutating func write(_ answer: Answer, to output: inout OutputBuffer) {
    guard let orders = answer.cascadedOrders, !orders.isEmpty else {
      noRule.withRendered(answer) { output.append($0) }
      return
    }
    let themeID = themeID(of: answer.theme)
    let probe = answers.probe(orders, themeID: themeID)
    if probe.answer == nil {
      merge(answer, orders, themeID: themeID)
      line.withUnsafeBufferPointer { answers.insert($0, for: orders, themeID: themeID, at: probe) }
      output.append(line)
    } else {
      answers.withAnswer(probe) { output.append($0) }
    }
  }

  /// A number per theme, for the keys of `answers` and of the pieces: 0 for the run's.
  private mutating func themeID(of answerTheme: String?) -> Int {
    if answerTheme == theme { return 0 }
    if let known = themeIDs[answerTheme] { return known }
    // Node themes come from the input: bounded like the other themes' pieces.
    // Numbers are never reused (cached answers and pieces keep their
    // theme's), until they would not fit the cache's 32-bit keys: then all
    // start over.
    if themeIDs.count >= Self.otherThemesLimit { themeIDs.removeAll(keepingCapacity: true) }
    if nextThemeID == Int(Int32.max) {
      themeIDs.removeAll(keepingCapacity: true)
      answers = MergedCascades()
      forgetRendered()
      nextThemeID = 1
    }
    themeIDs[answerTheme] = nextThemeID
    nextThemeID += 1
    return nextThemeID - 1
  }

  /// Puts the answer of `orders` in `line`: the winner's fields, then the
  /// rules' properties merged.
  private mutating func merge(_ answer: Answer, _ orders: CascadedOrders, themeID: Int) {
    if piecesUnderOtherThemes.count >= Self.otherThemesLimit || arena.count >= Self.arenaLimit { forgetRendered() }
    let winner = orders[0]
    let head = heads[winner] ?? renderHead(of: answer)
    // Weakest first: a key keeps the place where it first appears and the
    // strongest rule's value.
    merged.removeAll(keepingCapacity: true)
    for rank in orders.indices.reversed() {
      for piece in pieces(of: orders[rank], in: answer, themeID: themeID) {
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

  /// The winner's `,"selector":…,"source":…,"default":false,"properties":`.
  private mutating func renderHead(of answer: Answer) -> Range<Int> {
    let winner = answer.match!
    var text = #","selector":"#
    PropertyValue.writeJSONString(winner.rule.name, to: &text)
    text += #","source":"#
    if let source = winner.rule.style.source {
      PropertyValue.writeJSONString(source.description, to: &text)
    } else {
      text += "null"
    }
    text += #","default":false,"properties":"#
    let range = append(text)
    heads[winner.order] = range
    return range
  }

  private mutating func append(_ text: String) -> Range<Int> {
    let start = arena.count
    arena.append(contentsOf: text.utf8)
    return start..<arena.count
  }

  /// The pieces of the rule at `order` under `answer`'s theme (numbered `themeID`).
  private mutating func pieces(of order: Int, in answer: Answer, themeID: Int) -> Range<Int> {
    if themeID == 0, let found = piecesUnderRunTheme[order] { return found }
    let key = Key(order: order, themeID: themeID)
    if themeID != 0, let found = piecesUnderOtherThemes[key] { return found }
    let first = pieces.count
    for (name, value) in rules[order].style.properties(underTheme: answer.theme) {
      let id = keyIDs[name] ?? keyIDs.count
      if id == keyIDs.count {
        keyIDs[name] = id
        slotOfKey.append(-1)
      }
      var text = ""
      PropertyValue.writeJSONString(name, to: &text)
      text += ":"
      value.writeJSON(to: &text)
      let bytes = append(text)
      pieces.append(Piece(start: Int32(bytes.lowerBound), end: Int32(bytes.upperBound), key: Int32(id)))
    }
    let range = first..<pieces.count
    if themeID == 0 {
      piecesUnderRunTheme[order] = range
    } else {
      piecesUnderOtherThemes[key] = range
    }
    return range
  }

  /// Starts the arena over: themes named by the input's lines have no bound,
  /// so past `otherThemesLimit` rules rendered under them (or `arenaLimit`
  /// bytes in all), everything goes.
  private mutating func forgetRendered() {
    arena.removeAll(keepingCapacity: true)
    pieces.removeAll(keepingCapacity: true)
    piecesUnderOtherThemes.removeAll(keepingCapacity: true)
    for order in piecesUnderRunTheme.indices {
      piecesUnderRunTheme[order] = nil
      heads[order] = nil
    }
  }
}
