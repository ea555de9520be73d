/// Writes a stream of answers as the JSON objects tools read (`batch`),
/// each distinct answer rendered once.
///
/// An answer's JSON after its node depends only on its winning rule (or,
/// with cascade, its applicable rules) and on the theme where that changes
/// a value. So the fields are rendered by the one writer,
/// ``Resolution/writeJSON(node:to:)``, the first time such an answer comes,
/// and copied for every later one. What is kept is bounded by the sheets
/// (one best match per rule and theme the rule has values for); merged
/// cascades, one per list of rules, start over past 64 MiB. Answers of a
/// new snapshot (a reload) start it over too.
public struct AnswerWriter {
  /// The snapshot the kept answers belong to.
  private var snapshot: ObjectIdentifier?
  /// Best matches under no theme (or one that changes none of the
  /// winner's values), by the winner's load position.
  private var byWinner: [[UInt8]?] = []
  /// Every other answer.
  private var others: [Key: [UInt8]] = [:]
  /// Bytes held by `others`.
  private var otherBytes = 0

  private enum Key: Hashable {
    case best(winner: Int?, theme: String?)
    case cascade(orders: [Int], theme: String?)
  }

  private static let othersLimit = 64 << 20
  /// What `Resolution.writeJSON` writes before the fields, for an empty node.
  private static let emptyNodePrefix = Array(#"{"node":"""#.utf8)

  public init() {}

  /// Appends `answer`'s JSON object for `node` (no newline), the bytes
  /// ``Resolution/writeJSON(node:to:)`` writes.
  public mutating func write(_ answer: Resolution, node: String, to output: inout [UInt8]) {
    if answer.snapshot != snapshot { startOver(answer.snapshot) }
    output.append(utf8Of: #"{"node":"#)
    PropertyValue.writeJSONString(node, to: &output)
    if answer.cascaded == nil, answer.valuesAreUnthemed, let order = answer.match?.order {
      if order >= byWinner.count { byWinner += repeatElement(nil, count: order + 1 - byWinner.count) }
      if byWinner[order] == nil { byWinner[order] = Self.fields(of: answer) }
      output.append(contentsOf: byWinner[order]!)
      return
    }
    let theme = answer.valuesAreUnthemed ? nil : answer.valuesKey
    let key: Key =
      if let cascaded = answer.cascaded {
        .cascade(orders: cascaded.orders, theme: theme)
      } else {
        .best(winner: answer.match?.order, theme: theme)
      }
    if let kept = others[key] { return output.append(contentsOf: kept) }
    let fields = Self.fields(of: answer)
    output.append(contentsOf: fields)
    if otherBytes + fields.count > Self.othersLimit {
      others.removeAll()
      otherBytes = 0
    }
    others[key] = fields
    otherBytes += fields.count
  }

  private mutating func startOver(_ snapshot: ObjectIdentifier?) {
    self = AnswerWriter()
    self.snapshot = snapshot
  }

  /// The answer's JSON after its node field, as the one writer writes it.
  private static func fields(of answer: Resolution) -> [UInt8] {
    var bytes: [UInt8] = []
    answer.writeJSON(node: "", to: &bytes)
    return Array(bytes[emptyNodePrefix.count...])
  }
}

extension Resolution {
  /// Whether the answer's values are those under no theme: it ran under
  /// none, or under one its rules set no values for. (The default style's
  /// values are not at hand: a default answer under a theme counts as themed.)
  var valuesAreUnthemed: Bool {
    guard let theme = valuesKey else { return true }
    if let cascaded { return cascaded.orders.allSatisfy { cascaded.rules[$0].style.themed[theme] == nil } }
    return match.map { $0.rule.style.themed[theme] == nil } ?? false
  }
}
