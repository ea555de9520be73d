import Stylist

/// `batch` answers rendered once per winning rule and theme.
///
/// A best-match answer is `{"node":…` followed by fields that depend only on
/// the winning rule (or the default) and the theme it resolved under, so a
/// run over a million nodes renders each distinct answer once and copies it.
struct AnswerCache {
  /// Rendered answers under the run's theme, by rule order; the last slot is "no rule".
  private var underRunTheme: [[UInt8]?]
  private var underOtherThemes: [Key: [UInt8]] = [:]
  private let theme: String?
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
  mutating func rendered(_ answer: Resolution) -> [UInt8] {
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

  /// The full answer for an empty node, less its `{"node":""` opening: the
  /// bytes are the ones `resolutionValue` writes, so both paths agree.
  private static func render(_ answer: Resolution) -> [UInt8] {
    var json = ""
    resolutionValue(answer, node: "").writeJSON(to: &json)
    let opening = #"{"node":"""#.utf8.count
    return Array(json.utf8.dropFirst(opening))
  }
}

extension OutputBuffer {
  /// `{"node":"<line>"` then the rendered rest of the answer, and a newline;
  /// `scratch` is reused for the quoted line.
  mutating func write(line: String, answer: [UInt8], scratch: inout String) {
    scratch.removeAll(keepingCapacity: true)
    scratch += #"{"node":"#
    PropertyValue.writeJSONString(line, to: &scratch)
    write(scratch)
    append(answer)
    append(0x0A)
  }
}
