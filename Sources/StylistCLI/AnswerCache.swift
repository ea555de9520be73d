import Stylist

/// `batch` answers rendered once per winning rule and theme.
///
/// A best-match answer is `{"node":…` followed by fields that depend only on
/// the winning rule (or the default) and the theme it resolved under, so a
/// run over a million nodes renders each distinct answer once and copies it.
struct AnswerCache {
  /// Answers under the run's theme, rendered one after another; rule
  /// `order`'s is `arena[spans[order]]` (the last span is "no rule"), so a
  /// cached answer is copied out without a retain.
  private var arena: [UInt8] = []
  private var spans: [Range<Int>?]
  private var underOtherThemes: [Key: [UInt8]] = [:]
  private let theme: String?
  /// Entries kept for other themes and for cascades, each.
  private static let otherThemesLimit = 10_000

  private struct Key: Hashable {
    var order: Int
    var theme: String?
  }

  init(ruleCount: Int, theme: String?) {
    spans = Array(repeating: nil, count: ruleCount + 1)
    self.theme = theme
  }

  /// Calls `body` with the answer's JSON after the node field: `,"selector":…}`.
  mutating func withRendered(_ answer: Answer, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    let order = answer.order ?? spans.count - 1
    if answer.theme == theme {
      let span: Range<Int>
      if let cached = spans[order] {
        span = cached
      } else {
        let bytes = Self.render(answer)
        span = arena.count..<arena.count + bytes.count
        arena.append(contentsOf: bytes)
        spans[order] = span
      }
      arena.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[span])) }
      return
    }
    let key = Key(order: order, theme: answer.theme)
    let bytes: [UInt8]
    if let cached = underOtherThemes[key] {
      bytes = cached
    } else {
      bytes = Self.render(answer)
      // Node themes come from the input: bounded, so memory stays constant.
      if underOtherThemes.count >= Self.otherThemesLimit { underOtherThemes.removeAll(keepingCapacity: true) }
      underOtherThemes[key] = bytes
    }
    bytes.withUnsafeBufferPointer(body)
  }

  /// The full answer for an empty node, less its `{"node":""` opening: the
  /// bytes are the ones `resolutionValue` writes, so both paths agree.
  static func render(_ answer: Answer) -> [UInt8] {
    var json = ""
    resolutionValue(answer, node: "").writeJSON(to: &json)
    let opening = #"{"node":"""#.utf8.count
    return Array(json.utf8.dropFirst(opening))
  }
}

extension OutputBuffer {
  private static let nodeField = Array(#"{"node":"#.utf8)

  /// `{"node":"<line>"`: the opening every `batch` answer shares.
  mutating func writeNodeField(_ line: UnsafeBufferPointer<UInt8>, scratch: inout String) {
    append(Self.nodeField)
    writeJSONString(line, scratch: &scratch)
  }

  /// `{"node":"<line>"` then the rendered rest of the answer, and a newline.
  mutating func write(line: UnsafeBufferPointer<UInt8>, answer: UnsafeBufferPointer<UInt8>, scratch: inout String) {
    writeNodeField(line, scratch: &scratch)
    append(answer)
    append(0x0A)
  }

  /// `line` as a JSON string: printable ASCII with nothing to escape (nearly
  /// every node) is copied as it is; anything else goes through `String`,
  /// which repairs bytes that are not UTF-8.
  mutating func writeJSONString(_ line: UnsafeBufferPointer<UInt8>, scratch: inout String) {
    let quote = UInt8(ascii: "\"")
    if !Self.needsEscaping(line) {
      append(quote)
      append(line)
      append(quote)
      return
    }
    scratch.removeAll(keepingCapacity: true)
    PropertyValue.writeJSONString(String(decoding: line, as: UTF8.self), to: &scratch)
    write(scratch)
  }

  /// Whether `bytes` holds a control character, a non-ASCII byte, `"` or
  /// `\`: eight bytes at a time, with no branch per byte.
  static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let high: UInt64 = 0x8080_8080_8080_8080
    // A byte's high bit is set in `below(word, n)` when some byte is below `n`
    // (exact for whether any is; n ≤ 128).
    func below(_ word: UInt64, _ n: UInt64) -> UInt64 { (word &- ones &* n) & ~word & high }
    var found: UInt64 = 0
    bytes.forEachWord { word in
      found |= word & high | below(word, 0x20) | below(word ^ ones &* 0x22, 1) | below(word ^ ones &* 0x5C, 1)
    } tail: { byte in
      if byte < 0x20 || byte >= 0x80 || byte == 0x22 || byte == 0x5C { found |= high }
    }
    return found != 0
  }
}
