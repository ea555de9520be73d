import Stylist

/// `batch` answers rendered once per winning rule and theme.
///
/// A best-match answer is `{"node":…` followed by fields that depend only on
/// the winning rule (or the default) and the theme it resolved under, so a
/// run over a million nodes renders each distinct answer once and copies it.
/// A cascade depends only on the rules that apply, in their order, and the
/// theme: rendered once for each such list.
struct AnswerCache {
  /// Rendered answers under the run's theme, by rule order; the last slot is "no rule".
  private var underRunTheme: [[UInt8]?]
  private var underOtherThemes: [Key: [UInt8]] = [:]
  private let theme: String?
  /// Entries kept for other themes and for cascades, each.
  private static let otherThemesLimit = 10_000

  private struct Key: Hashable {
    var order: Int
    var theme: String?
  }

  init(ruleCount: Int, theme: String?) {
    underRunTheme = Array(repeating: nil, count: ruleCount + 1)
    self.theme = theme
  }

  /// The answer's JSON after the node field: `,"selector":…}`.
  mutating func rendered(_ answer: Answer) -> [UInt8] {
    let order = answer.match?.order ?? underRunTheme.count - 1
    if answer.theme == theme {
      if let cached = underRunTheme[order] { return cached }
      let bytes = Self.render(answer)
      underRunTheme[order] = bytes
      return bytes
    }
    let key = Key(order: order, theme: answer.theme)
    if let cached = underOtherThemes[key] { return cached }
    let bytes = Self.render(answer)
    // Node themes come from the input: bounded, so memory stays constant.
    if underOtherThemes.count >= Self.otherThemesLimit { underOtherThemes.removeAll(keepingCapacity: true) }
    underOtherThemes[key] = bytes
    return bytes
  }

  /// Rendered cascades, by the ranked rules that applied and the theme.
  private var cascades: [CascadeKey: [UInt8]] = [:]

  private struct CascadeKey: Hashable {
    var orders: [Int]
    var theme: String?
  }

  /// A cascade's JSON after the node field: the same for every node where
  /// the same rules apply in the same order under the same theme.
  mutating func rendered(cascade answer: Answer) -> [UInt8] {
    let key = CascadeKey(orders: answer.cascaded?.map(\.order) ?? [], theme: answer.theme)
    if let cached = cascades[key] { return cached }
    let bytes = Self.render(answer)
    // Bounded, so memory stays constant whatever the input.
    if cascades.count >= Self.otherThemesLimit { cascades.removeAll(keepingCapacity: true) }
    cascades[key] = bytes
    return bytes
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
  static let nodeField = Array(#"{"node":"#.utf8)

  /// `{"node":"<line>"` then the rendered rest of the answer, and a newline.
  mutating func write(line: UnsafeBufferPointer<UInt8>, answer: [UInt8], scratch: inout String) {
    append(Self.nodeField)
    writeJSONString(line, scratch: &scratch)
    append(answer)
    append(0x0A)
  }

  /// `line` as a JSON string: printable ASCII with nothing to escape (nearly
  /// every node) is copied as it is; anything else goes through `String`,
  /// which repairs bytes that are not UTF-8.
  mutating func writeJSONString(_ line: UnsafeBufferPointer<UInt8>, scratch: inout String) {
    let quote = UInt8(ascii: "\"")
    let backslash = UInt8(ascii: "\\")
    if !line.contains(where: { $0 < 0x20 || $0 >= 0x80 || $0 == quote || $0 == backslash }) {
      append(quote)
      append(line)
      append(quote)
      return
    }
    scratch.removeAll(keepingCapacity: true)
    PropertyValue.writeJSONString(String(decoding: line, as: UTF8.self), to: &scratch)
    write(scratch)
  }
}
