import Stylist

/// `batch` writes the same few thousand answers over and over: an answer's
/// JSON after its node depends only on the winning rule (or none) and the
/// theme it resolved under, so each is rendered once, by the one writer
/// (`Resolution.writeJSON(node:to:)`), and copied after.
struct RenderedAnswers {
  /// The themes answers resolved under, in the order first seen: a run
  /// sees a handful, so a linear search finds a theme's slot.
  private var themes: [String?] = []
  /// Per theme slot, by the winner's load position: the answer's bytes
  /// after `{"node":"…"`.
  private var byWinner: [[[UInt8]?]] = []
  /// Per theme slot: the answer when no rule applies (the default, or none).
  private var withoutWinner: [[UInt8]?] = []

  /// What `Resolution.writeJSON` writes before the fields for an empty node.
  private static let emptyNodePrefix = Array(#"{"node":"""#.utf8)

  /// Writes `answer` for `node` as one JSON object (no newline).
  mutating func write(_ answer: Resolution, node: String, to output: inout OutputBuffer) {
    let slot = self.slot(of: answer.theme)
    output.write(#"{"node":"#)
    output.writeJSONString(node)
    if let order = answer.match?.order {
      if order >= byWinner[slot].count {
        byWinner[slot] += Array(repeating: nil, count: order + 1 - byWinner[slot].count)
      }
      if byWinner[slot][order] == nil { byWinner[slot][order] = Self.fields(of: answer) }
      output.append(byWinner[slot][order]!)
    } else {
      if withoutWinner[slot] == nil { withoutWinner[slot] = Self.fields(of: answer) }
      output.append(withoutWinner[slot]!)
    }
  }

  private mutating func slot(of theme: String?) -> Int {
    if let slot = themes.firstIndex(of: theme) { return slot }
    themes.append(theme)
    byWinner.append([])
    withoutWinner.append(nil)
    return themes.count - 1
  }

  /// The answer's JSON after its node field, as the one writer writes it.
  private static func fields(of answer: Resolution) -> [UInt8] {
    var bytes: [UInt8] = []
    answer.writeJSON(node: "", to: &bytes)
    return Array(bytes[emptyNodePrefix.count...])
  }
}
