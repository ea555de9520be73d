import ArgumentParser
import Stylist

struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Ranks every selector that could style a node, and says why the others do not apply.",
    discussion: """
      Lists the selectors with the node's token (and * or glob tokens): the
      applicable ones best first with their specificity vectors, then the others
      with the reason (theme, token, component, variant, order, direct-child).

      Example:
        $ stylist explain -s Fixtures/demo/demo.yaml header[selected]/title
      """
  )

  @OptionGroup var sheet: SheetOptions

  @Option(help: "Output format.")
  var format: TextOrJSON = .text

  @Argument(help: "The node identifier.")
  var node: String

  func validate() throws {
  }

  func run() throws {
    let identifier = try parseNodeArgument(node)
    let engine = try sheet.load()
    try Diagnostics.checkThemes(of: [(node, identifier)], in: engine)
    let candidates = engine.rankedCandidates(for: identifier)
    let answer = engine.bestMatch(for: identifier)
    let mode = engine.effectiveMode
    var output = OutputBuffer()
    if format == .json {
      output.write(#"{"node":"#)
      output.writeJSONString(node)
      output.write(#","theme":"#)
      // One theme as a string (null for none), several as a list.
      output.writeJSON(
        answer.themes.count > 1
          ? .list(answer.themes.map(PropertyValue.string)) : answer.theme.map(PropertyValue.string) ?? .null)
      output.write(#","mode":"#)
      output.writeJSONString(mode.rawValue)
      output.write(#","candidates":"#)
      output.writeJSON(.list(candidates.map(candidateValue)))
      output.write(#","result":"#)
      output.writeAnswer(answer, node: node)
      output.writeLine("}")
    } else {
      output.write(
        text(
          candidates, answer: answer, theme: answer.themes.isEmpty ? nil : answer.themes.joined(separator: ", "),
          mode: mode))
    }
    output.flush()
    if !answer.isResolved { throw ExitCode(ExitStatus.noStyle) }
  }

  private func candidateValue(_ candidate: Candidate) -> PropertyValue {
    var object = Properties()
    object["selector"] = .string(candidate.rule.name)
    object["source"] = candidate.rule.style.source.map { .string($0.description) } ?? .null
    switch candidate.outcome {
    case .applies(let specificity, let rank):
      object["applies"] = true
      object["rank"] = .int(rank)
      object["specificity"] = .list(specificity.vector.map(PropertyValue.int))
    case .doesNotApply(let reason):
      object["applies"] = false
      object["reason"] = .string(reason.kind)
      object["why"] = .string(reason.description)
    }
    return .map(object)
  }

  private func text(_ candidates: [Candidate], answer: Resolution, theme: String?, mode: PrecedenceMode) -> String {
    let style = Palette.stdout
    var result = style.bold(node) + "  " + style.dim("theme: \(theme ?? "none"), mode: \(mode.rawValue)") + "\n"
    var rows: [[String]] = [["rank", "selector", "specificity", "source"]]
    for candidate in candidates {
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
      var line = (0..<3).map { padded(row[$0], widths[$0]) }.joined(separator: "  ") + "  " + row[3]
      while line.last == " " { line.removeLast() }
      result += (number == 0 ? style.dim(line) : row[0] == "1" ? style.green(line) : line) + "\n"
    }
    if candidates.isEmpty { result += "  no selector has this token\n" }
    if answer.isDefault {
      result += "nothing applies: the default style (\(answer.source?.description ?? "")) is used\n"
    }
    if !answer.isResolved { result += "nothing applies and there is no default style\n" }
    return result
  }
}
