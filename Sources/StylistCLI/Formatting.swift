import Stylist

/// Colour only on a terminal, and never with NO_COLOR set.
struct Palette {
  let enabled: Bool

  static let stdout = Palette(enabled: SystemCalls.standardOutputTakesColour)

  func bold(_ text: String) -> String { enabled ? "\u{1B}[1m\(text)\u{1B}[0m" : text }
  func dim(_ text: String) -> String { enabled ? "\u{1B}[2m\(text)\u{1B}[0m" : text }
  func green(_ text: String) -> String { enabled ? "\u{1B}[32m\(text)\u{1B}[0m" : text }
  func red(_ text: String) -> String { enabled ? "\u{1B}[31m\(text)\u{1B}[0m" : text }
}

/// One answer as YAML for `resolve --format yaml`: the fields and order of
/// the JSON every command writes (`Resolution.writeJSON(node:to:)`).
func resolutionYAMLValue(_ answer: Resolution, node: String) -> PropertyValue {
  var object = Properties()
  object["node"] = .string(node)
  object["selector"] = answer.match.map { .string($0.rule.name) } ?? .null
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
