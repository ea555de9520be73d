import Stylist

/// `batch` answers rendered once per winning rule and theme slot.
///
/// A best-match answer is `{"node":…` followed by fields that depend only on
/// the winning rule (or the default) and the theme it resolved under, so a
/// run over a million nodes renders each distinct answer once and copies it.
/// Every answer sits in one arena, found by rule order in a table per
/// `ThemeSlots` slot, so a cached answer is copied out without a retain or
/// a hash. Memory is bounded by the sheets: at most one answer per rule and
/// theme they mention.
struct AnswerCache {
  private var arena: [UInt8] = []
  /// Per theme slot (made on first use), `2 * order` and `2 * order + 1`:
  /// where the answer of rule `order` starts and ends in `arena`; the last
  /// pair is "no rule". An end of 0 marks an answer not rendered yet (a
  /// rendered one is never empty).
  private var spans: [[Int]]
  private var themes: ThemeSlots
  private let ruleCount: Int
  /// The JSON of the answer being rendered.
  private var scratch: [UInt8] = []
  private static let opening = #"{"node":"""#.utf8.count

  init(ruleCount: Int, themes: [String]) {
    self.ruleCount = ruleCount
    self.themes = ThemeSlots(themes: themes)
    spans = Array(repeating: [], count: self.themes.count)
  }

  /// Calls `body` with the answer's JSON after the node field: `,"selector":…}`.
  mutating func withRendered(_ answer: Answer, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let slot = themes.slot(of: answer.theme)
    let order = answer.order ?? ruleCount
    if spans[slot].isEmpty { spans[slot] = Array(repeating: 0, count: 2 * (ruleCount + 1)) }
    var start = spans[slot][2 * order]
    var end = spans[slot][2 * order + 1]
    if end == 0 {
      // The bytes are the ones `resolutionValue` writes, less the opening
      // `{"node":""` of an empty node, so every command's JSON agrees.
      scratch.removeAll(keepingCapacity: true)
      resolutionValue(answer, node: "").writeJSON(to: &scratch)
      start = arena.count
      arena.append(contentsOf: scratch[Self.opening...])
      end = arena.count
      spans[slot][2 * order] = start
      spans[slot][2 * order + 1] = end
    }
    arena.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
  }
}

extension OutputBuffer {
  private static let nodeField = Array(#"{"node":"#.utf8)

  /// `{"node":"<line>"`: the opening every `batch` answer shares.
  mutating func writeNodeField(_ line: UnsafeBufferPointer<UInt8>) {
    append(Self.nodeField)
    writeJSONString(input: line)
  }

  /// `{"node":"<line>"` then the rendered rest of the answer, and a newline.
  mutating func write(line: UnsafeBufferPointer<UInt8>, answer: UnsafeBufferPointer<UInt8>) {
    writeNodeField(line)
    append(answer)
    append(0x0A)
  }
}
