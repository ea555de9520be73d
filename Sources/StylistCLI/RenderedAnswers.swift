import Stylist

/// `batch` writes the same few thousand answers over and over: an answer's
/// JSON after its node depends only on the winning rule (or none) and the
/// theme it resolved under, so each is rendered once, by the one writer
/// (`Resolution.writeJSON(node:to:)`), and copied after.
///
/// Answers are kept per theme the sheets mention, and under every other
/// theme as under none: no value changes under a theme the sheets never
/// name, and the fields do not name the theme. So memory is bounded by the
/// sheets (one answer per rule and theme at most), whatever the input names.
struct RenderedAnswers {
  /// Slot 0 is no theme (and every theme the sheets do not mention); slot
  /// `n` is `themes[n - 1]`. A sheet mentions a handful, so a linear search
  /// finds a theme's slot.
  private let themes: [String]
  /// Per theme slot, by the winner's load position: the answer's bytes
  /// after `{"node":"…"`.
  private var byWinner: [[[UInt8]?]]
  /// Per theme slot: the answer when no rule applies (the default, or none).
  private var withoutWinner: [[UInt8]?]

  /// Answers of an engine whose sheets mention `themes`.
  init(themes: [String]) {
    self.themes = themes
    byWinner = Array(repeating: [], count: themes.count + 1)
    withoutWinner = Array(repeating: nil, count: themes.count + 1)
  }

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

  private func slot(of theme: String?) -> Int {
    guard let theme, let position = themes.firstIndex(of: theme) else { return 0 }
    return position + 1
  }

  /// The answer's JSON after its node field, as the one writer writes it.
  private static func fields(of answer: Resolution) -> [UInt8] {
    var bytes: [UInt8] = []
    answer.writeJSON(node: "", to: &bytes)
    return Array(bytes[emptyNodePrefix.count...])
  }
}
