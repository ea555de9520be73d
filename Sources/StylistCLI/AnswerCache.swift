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
  private let index: StyleIndex
  private var arena: [UInt8] = []
  /// Per theme slot (made on first use), by rule order: where the rule's
  /// answer is in `arena` (the last entry is "no rule"). 8 bytes each, so
  /// more of a large sheet's table stays in cache.
  private var spans: [[Span]]
  private var themes: ThemeSlots
  private let ruleCount: Int
  /// The answer `writeQueued(to:)` writes next.
  private var queued: Span?
  /// The JSON of the answer being rendered.
  private var scratch: [UInt8] = []
  /// Arena bytes before it starts over, inside `Span`'s 32-bit offsets.
  private let byteLimit: Int

  /// `arena[start..<start + count]`; a count of 0 marks an answer not
  /// rendered yet (a rendered one is never empty).
  private struct Span {
    var start: UInt32 = 0
    var count: UInt32 = 0
  }

  /// `index`'s answers; `ruleCount` 0 keeps only those with no rule (the
  /// default style, or nothing).
  init(index: StyleIndex, ruleCount: Int? = nil, byteLimit: Int = 1 << 31) {
    (self.index, self.ruleCount, self.byteLimit) = (index, ruleCount ?? index.rules.count, byteLimit)
    themes = ThemeSlots(themes: index.themes)
    spans = Array(repeating: [], count: themes.count)
  }

  /// Writes the answer queued before, then the node field of `node`, and
  /// queues the rest of the answer won by the rule at `order` (nil: none)
  /// under `theme`, to write with the next line: its span loads while the
  /// answer before is written, and its bytes while the next line's node is
  /// (in a large sheet, neither is often in cache).
  mutating func add(order: Int?, theme: String?, node: UnsafeBufferPointer<UInt8>, to output: inout OutputBuffer) {
    let slot = themes.slot(of: theme)
    writeQueued(to: &output)
    output.writeNodeField(node)
    queue(order: order, theme: theme, slot: slot)
  }

  /// Renders the answer's JSON after the node field (`,"selector":…}`)
  /// if it was not yet, and keeps it for `writeQueued(to:)`, which the
  /// caller calls after other work (the next line's span and node field):
  /// in a large sheet's arena an answer is seldom in cache, and its bytes
  /// load meanwhile. One answer is queued at a time: the one before is
  /// written first (rendering may start the arena over).
  mutating func queue(order: Int?, theme: String?) {
    queue(order: order, theme: theme, slot: themes.slot(of: theme))
  }

  private mutating func queue(order: Int?, theme: String?, slot: Int) {
    assert(queued == nil, "write the queued answer before queueing the next")
    let span = rendered(order: order, theme: theme, slot: slot)
    queued = span
  }

  /// Appends the queued answer and a newline, if one is queued.
  mutating func writeQueued(to output: inout OutputBuffer) {
    guard let span = queued else { return }
    queued = nil
    let start = Int(span.start)
    arena.withUnsafeBufferPointer { output.append(UnsafeBufferPointer(rebasing: $0[start..<start + Int(span.count)])) }
    output.append(0x0A)
  }

  /// Where the answer is in the arena, rendered now if it was not yet.
  private mutating func rendered(order winner: Int?, theme: String?, slot: Int) -> Span {
    let order = winner ?? ruleCount
    if spans[slot].isEmpty { spans[slot] = Array(repeating: Span(), count: ruleCount + 1) }
    var span = spans[slot][order]
    if span.count == 0 {
      // The bytes `resolutionValue`'s JSON has after the node field, so
      // every command's JSON agrees.
      let answer = RuleAnswer(index: index, order: winner, theme: theme)
      scratch.removeAll(keepingCapacity: true)
      writeAnswerHead(answer, to: &scratch)
      (answer.properties.map(PropertyValue.map) ?? .null).writeJSON(to: &scratch)
      scratch.append(UInt8(ascii: "}"))
      if arena.count + scratch.count > byteLimit {
        // Nothing queued points into it: `queue` is called with none queued.
        forgetRendered()
        spans[slot] = Array(repeating: Span(), count: ruleCount + 1)
      }
      span = Span(start: UInt32(arena.count), count: UInt32(scratch.count))
      arena.append(contentsOf: scratch)
      spans[slot][order] = span
    }
    return span
  }

  /// Starts over when the arena would outgrow `Span`'s offsets (answers of
  /// gigabytes in all: a sheet far beyond the file size limit's reach).
  private mutating func forgetRendered() {
    arena.removeAll(keepingCapacity: true)
    for slot in spans.indices { spans[slot] = [] }
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
