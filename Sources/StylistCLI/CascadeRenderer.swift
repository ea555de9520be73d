import Stylist

/// `batch --cascade` answers, rendered from pieces rendered once.
///
/// A cascade's JSON after the node is the winner's fields, then the
/// applicable rules' properties merged weakest first. Each rule's properties
/// under a theme are rendered to JSON once, as `"key":value` pieces with
/// interned keys, and each winner's fields once; a line then only picks, for
/// each key in the order it first appears, the strongest rule's piece. The
/// bytes are the ones `resolutionValue` writes (a test holds
/// `batch --cascade` to `match --cascade`). Everything rendered sits in one
/// arena, so a line copies bytes without touching any object.
struct CascadeRenderer {
  private struct Key: Hashable {
    var order: Int
    var theme: String?
  }

  /// Rendered bytes: pieces and winners' fields.
  private var arena: [UInt8] = []
  /// Piece `i` is `arena[pieceStart[i]..<pieceEnd[i]]`, for property key `pieceKey[i]`.
  private var pieceStart: [Int] = []
  private var pieceEnd: [Int] = []
  private var pieceKey: [Int] = []
  /// A rule's pieces under the run's theme, by rule order; under other themes by key.
  private var piecesUnderRunTheme: [Range<Int>?]
  private var piecesUnderOtherThemes: [Key: Range<Int>] = [:]
  /// `,"selector":…,"properties":` of each winner, by rule order.
  private var heads: [Range<Int>?]
  private let theme: String?
  private var keyIDs: [String: Int] = [:]
  /// Per interned key: its place in the line being merged (-1: not seen yet).
  private var slotOfKey: [Int] = []
  private var merged: [Int] = []
  private var lineRules: [Range<Int>] = []
  /// Answers with no rule (the default style, or nothing), as `batch` renders them.
  private var noRule: AnswerCache
  /// Rules rendered under themes other than the run's before the arena
  /// starts over (`forgetRendered`), so memory stays bounded.
  private static let otherThemesLimit = 10_000

  init(ruleCount: Int, theme: String?) {
    piecesUnderRunTheme = Array(repeating: nil, count: ruleCount)
    heads = Array(repeating: nil, count: ruleCount)
    self.theme = theme
    noRule = AnswerCache(ruleCount: 0, theme: theme)
  }

  /// Writes the answer after the node field: `,"selector":…,"properties":{…}}`.
  mutating func write(_ answer: Answer, to output: inout OutputBuffer) {
    guard let orders = answer.cascadedOrders, let winner = orders.first else {
      noRule.withRendered(answer) { output.append($0) }
      return
    }
    if piecesUnderOtherThemes.count >= Self.otherThemesLimit { forgetRendered() }
    lineRules.removeAll(keepingCapacity: true)
    for (rank, order) in orders.enumerated() { lineRules.append(pieces(order, rank: rank, of: answer)) }
    let head = heads[winner] ?? renderHead(of: answer)
    // Weakest first: a key keeps the place where it first appears and the
    // strongest rule's value.
    merged.removeAll(keepingCapacity: true)
    for rule in lineRules.reversed() {
      for piece in rule {
        let key = pieceKey[piece]
        if slotOfKey[key] < 0 {
          slotOfKey[key] = merged.count
          merged.append(piece)
        } else {
          merged[slotOfKey[key]] = piece
        }
      }
    }
    arena.withUnsafeBufferPointer { arena in
      output.append(UnsafeBufferPointer(rebasing: arena[head]))
      output.append(UInt8(ascii: "{"))
      for (position, piece) in merged.enumerated() {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        output.append(UnsafeBufferPointer(rebasing: arena[pieceStart[piece]..<pieceEnd[piece]]))
        slotOfKey[pieceKey[piece]] = -1
      }
    }
    output.append(UInt8(ascii: "}"))
    output.append(UInt8(ascii: "}"))
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

  /// The pieces of the rule at `order`, ranked `rank` in `answer`.
  private mutating func pieces(_ order: Int, rank: Int, of answer: Answer) -> Range<Int> {
    if answer.theme == theme, let found = piecesUnderRunTheme[order] { return found }
    let key = Key(order: order, theme: answer.theme)
    if answer.theme != theme, let found = piecesUnderOtherThemes[key] { return found }
    let first = pieceKey.count
    for (name, value) in answer.cascaded![rank].rule.style.properties(underTheme: answer.theme) {
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
      pieceStart.append(bytes.lowerBound)
      pieceEnd.append(bytes.upperBound)
      pieceKey.append(id)
    }
    let range = first..<pieceKey.count
    if answer.theme == theme {
      piecesUnderRunTheme[order] = range
    } else {
      piecesUnderOtherThemes[key] = range
    }
    return range
  }

  /// Starts the arena over: themes named by the input's lines have no bound,
  /// so past `otherThemesLimit` rules rendered under them, everything goes.
  private mutating func forgetRendered() {
    arena.removeAll(keepingCapacity: true)
    pieceStart.removeAll(keepingCapacity: true)
    pieceEnd.removeAll(keepingCapacity: true)
    pieceKey.removeAll(keepingCapacity: true)
    piecesUnderOtherThemes.removeAll(keepingCapacity: true)
    for order in piecesUnderRunTheme.indices {
      piecesUnderRunTheme[order] = nil
      heads[order] = nil
    }
  }
}
