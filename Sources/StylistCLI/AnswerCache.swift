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
  /// `{"node":"<line>"` then the rendered rest of the answer, and a newline.
  mutating func write(line: String, answer: [UInt8]) {
    write(#"{"node":"#)
    if line.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      var escaped = ""
      PropertyValue.writeJSONString(line, to: &escaped)
      write(escaped)
    } else {
      write("\"")
      write(line)
      write("\"")
    }
    append(answer)
    append(0x0A)
  }
}
