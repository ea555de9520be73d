import Stylist

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Colour only on a terminal, and never with NO_COLOR set.
struct Palette {
  let enabled: Bool

  static let stdout = Palette(enabled: isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil)

  func bold(_ text: String) -> String { enabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
  func dim(_ text: String) -> String { enabled ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
  func green(_ text: String) -> String { enabled ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
  func red(_ text: String) -> String { enabled ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
}

/// What the CLI renders of an answer, from a `Resolution`, an `Answer` or
/// a `RuleAnswer`.
protocol RenderedAnswer {
  /// The winning rule; nil when nothing applies.
  var rule: StyleRule? { get }
  var source: SourceLocation? { get }
  var isDefault: Bool { get }
  var properties: Properties? { get }
}

extension Resolution: RenderedAnswer {
  var rule: StyleRule? { match?.rule }
}

extension Answer: RenderedAnswer {
  var rule: StyleRule? { match?.rule }
}

/// A best match as `batch` hands it from the thread that matches lines to
/// the one that writes them: the winner's load position and the theme, so
/// that a line carries no reference to count (`BatchWriter`). Rendered
/// only the first time a rule wins under a theme.
struct RuleAnswer: RenderedAnswer {
  let index: StyleIndex
  /// The winner's load position; nil when nothing applies.
  let order: Int?
  let theme: String?

  var rule: StyleRule? { order.map { index.rules[$0] } }
  var source: SourceLocation? { index.source(winner: order) }
  var isDefault: Bool { index.isDefault(winner: order) }
  var properties: Properties? { index.properties(winner: order, underTheme: theme) }
}

/// An answer's JSON after its `"node"` field, up to its properties' value:
/// `,"selector":…,"source":…,"default":…,"properties":`, the bytes
/// `resolutionValue`'s JSON has there (tests hold the answer caches to it).
/// Written straight into bytes, for the caches that render each distinct
/// answer once: a large sheet has tens of thousands of them.
func writeAnswerHead(_ answer: some RenderedAnswer, to output: inout [UInt8]) {
  output.append(contentsOf: #","selector":"#.utf8)
  if let rule = answer.rule {
    PropertyValue.writeJSONString(to: &output) { rule.writeName(to: &$0) }
  } else {
    output.append(contentsOf: "null".utf8)
  }
  output.append(contentsOf: #","source":"#.utf8)
  if let source = answer.source {
    PropertyValue.writeJSONString(to: &output) { source.writeText(to: &$0) }
  } else {
    output.append(contentsOf: "null".utf8)
  }
  output.append(contentsOf: (answer.isDefault ? #","default":true"# : #","default":false"#).utf8)
  output.append(contentsOf: #","properties":"#.utf8)
}

/// The stable JSON/YAML shape of one answer (README: Command line `batch`).
func resolutionValue(_ answer: some RenderedAnswer, node: String) -> PropertyValue {
  var object = Properties()
  object["node"] = .string(node)
  object["selector"] = answer.rule.map { .string($0.name) } ?? .null
  object["source"] = answer.source.map { .string($0.description) } ?? .null
  object["default"] = .bool(answer.isDefault)
  object["properties"] = answer.properties.map(PropertyValue.map) ?? .null
  return .map(object)
}

/// A property value as people read it: strings bare, lists and maps as JSON.
func displayText(_ value: PropertyValue) -> String {
  switch value {
  case .string(let text): text
  case .list, .map: value.jsonText
  default: value.scalarText ?? value.jsonText
  }
}

/// Pads to `width` characters (for aligned columns).
func padded(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// One answer as aligned text: the node, then `selector`, `source` and each property.
func resolutionText(_ resolution: Resolution, node: String, style: Palette) -> String {
  var lines = [style.bold(node)]
  guard let properties = resolution.properties else {
    return lines[0] + "\n  " + style.red("no style") + "\n"
  }
  let selector = resolution.match?.rule.name ?? "(default)"
  var rows: [(String, String)] = [("selector", style.green(selector))]
  if let source = resolution.source { rows.append(("source", style.dim(source.description))) }
  for (key, value) in properties { rows.append((key, displayText(value))) }
  let width = rows.map(\.0.count).max() ?? 0
  for (key, value) in rows { lines.append("  " + padded(key + ":", width + 1) + " " + value) }
  return lines.joined(separator: "\n") + "\n"
}
