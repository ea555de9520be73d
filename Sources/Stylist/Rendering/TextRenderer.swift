/// Answers, explanations and diagnostics as people read them: what the
/// command line prints without `--format`, its marks in ``palette``.
public struct TextRenderer: Sendable {
  /// How parts are marked (bold node, green winner, dim source, red `no style`).
  public var palette: TextPalette

  /// A renderer marking with `palette`.
  public init(palette: TextPalette = .plain) { self.palette = palette }

  /// One answer: the node, then `selector` (`(default)` for the default
  /// style), `source` and each property, aligned, indented by two; `no
  /// style` under the node when there is none. Ends with a newline.
  public func answer(_ answer: Resolution, node: String) -> String {
    var lines = [palette.bold(node)]
    guard let properties = answer.properties else {
      return lines[0] + "\n  " + palette.red("no style") + "\n"
    }
    let selector = answer.match?.rule.name ?? "(default)"
    var rows: [(String, String)] = [("selector", palette.green(selector))]
    if let source = answer.source { rows.append(("source", palette.dim(source.description))) }
    for (key, value) in properties { rows.append((key, Self.displayText(value))) }
    let width = rows.map(\.0.count).max() ?? 0
    for (key, value) in rows { lines.append("  " + Self.padded(key + ":", width + 1) + " " + value) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Nodes' image names, one a line (`images`): a single node's bare; for
  /// several, each node in bold with its names under it, indented by two.
  public func imageNames(_ lists: [(node: String, names: ImageNames)]) -> String {
    var lines: [String] = []
    for (node, names) in lists {
      if lists.count == 1 {
        lines += names
      } else {
        lines.append(palette.bold(node))
        lines += names.map { "  " + $0 }
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// Each answer in turn (`match`, and `resolve` for a tree's atoms).
  public func answers(_ answers: [(node: String, answer: Resolution)]) -> String {
    answers.map { self.answer($0.answer, node: $0.node) }.joined()
  }

  /// `explain`'s table: the node with its themes and mode, then a row per
  /// candidate (rank, selector, specificity or why it does not apply,
  /// source), the winner's in green; then what is used when nothing applies.
  public func explanation(_ explanation: Explanation, node: String) -> String {
    let answer = explanation.answer
    let themes = answer.themes.isEmpty ? "none" : answer.themes.joined(separator: ", ")
    var result =
      palette.bold(node) + "  " + palette.dim("theme: \(themes), mode: \(explanation.mode.rawValue)") + "\n"
    var rows: [[String]] = [["rank", "selector", "specificity", "source"]]
    for candidate in explanation.candidates {
      let source = candidate.rule.style.source?.description ?? ""
      switch candidate.outcome {
      case .applies(let specificity, let rank):
        rows.append(["\(rank)", candidate.rule.name, specificity.description, source])
      case .doesNotApply(let reason):
        rows.append(["-", candidate.rule.name, "no: \(reason)", source])
      }
    }
    let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
    for (number, row) in rows.enumerated() {
      var line = (0..<3).map { Self.padded(row[$0], widths[$0]) }.joined(separator: "  ") + "  " + row[3]
      while line.last == " " { line.removeLast() }
      result += (number == 0 ? palette.dim(line) : row[0] == "1" ? palette.green(line) : line) + "\n"
    }
    if explanation.candidates.isEmpty { result += "  no selector has this token\n" }
    if answer.isDefault {
      result += "nothing applies: the default style (\(answer.source?.description ?? "")) is used\n"
    }
    if !answer.isResolved { result += "nothing applies and there is no default style\n" }
    return result
  }

  /// One diagnostic a line, as compilers print them
  /// (``SheetDiagnostic/description``), each with its quote under it when
  /// it has one (the text, then a caret under the column: ``SourceQuote``);
  /// with `sheetName`, `NAME: ok` when there are none (`lint`).
  public func diagnostics(_ diagnostics: [SheetDiagnostic], of sheetName: String? = nil) -> String {
    if diagnostics.isEmpty, let sheetName { return "\(sheetName): ok\n" }
    return diagnostics.map { diagnostic in
      guard let quoted = diagnostic.quote?.lines else { return "\(diagnostic)\n" }
      return "\(diagnostic)\n\(quoted.text)\n\(quoted.caret)\n"
    }.joined()
  }

  /// A property value as people read it (``PropertyValue/text``).
  static func displayText(_ value: PropertyValue) -> String { value.text }

  /// Pads to `width` characters (for aligned columns).
  private static func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }
}
