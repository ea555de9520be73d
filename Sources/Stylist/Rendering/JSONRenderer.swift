/// Answers, explanations and diagnostics as JSON for tools: what the
/// command line prints with `--format json`, and `batch` for each line.
/// An answer is `{"node":…,"selector":…|null,"source":"file:line:col"|null,
/// "default":bool,"properties":{…}|null}`, with `node` echoed as the
/// caller wrote it; one writer makes every answer's bytes
/// (`Resolution.writeJSON(node:to:)`, and `AnswerWriter` for `batch`).
public struct JSONRenderer: Sendable {
  /// The renderer (it has no settings: JSON is compact and stable).
  public init() {}

  /// One answer's object, no newline.
  public func answer(_ answer: Resolution, node: String) -> String {
    String(writingUTF8: { answer.writeJSON(node: node, to: &$0) })
  }

  /// Answers as an array, one object a line (`match`, and `resolve` for a
  /// tree's atoms): `[`, the objects separated by `,` and a newline, `]`
  /// and a newline; `[]` and a newline for none.
  public func answers(_ answers: [(node: String, answer: Resolution)]) -> String {
    String(writingUTF8: { writeAnswers(answers, to: &$0) })
  }

  /// Nodes' image names as an array, one object a line (`images`):
  /// `{"node":…,"names":[…]}` each, in the order given, `[` and `]` on
  /// lines of their own.
  public func imageNames(_ lists: [(node: String, names: ImageNames)]) -> String {
    String(writingUTF8: { writeImageNames(lists, to: &$0) })
  }

  /// Appends ``imageNames(_:)``'s UTF-8.
  package func writeImageNames(_ lists: [(node: String, names: ImageNames)], to output: inout [UInt8]) {
    output.append(utf8Of: "[\n")
    for (position, list) in lists.enumerated() {
      output.append(utf8Of: position == 0 ? #"{"node":"# : ",\n" + #"{"node":"#)
      PropertyValue.string(list.node).writeJSON(to: &output)
      output.append(utf8Of: #","names":["#)
      for (index, name) in list.names.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        PropertyValue.string(name).writeJSON(to: &output)
      }
      output.append(utf8Of: "]}")
    }
    output.append(utf8Of: "\n]\n")
  }

  /// `explain`'s object and a newline: `node`, `theme` (a string, null,
  /// or a list for several), `mode`, `candidates` (each with `selector`,
  /// `source`, `applies`, then `rank` and `specificity` or `reason` and
  /// `why`), and `result`, the node's answer.
  public func explanation(_ explanation: Explanation, node: String) -> String {
    String(writingUTF8: { writeExplanation(explanation, node: node, to: &$0) })
  }

  /// Diagnostics as an array, one object a line (`lint`): `file`, `line`,
  /// `column`, `severity`, `kind`, `message`, and `suggestion` when there
  /// is one.
  public func diagnostics(_ diagnostics: [SheetDiagnostic]) -> String {
    String(writingUTF8: { writeDiagnostics(diagnostics, to: &$0) })
  }

  /// A usage report (`coverage`) as one object and a newline:
  /// `{"nodes":N,"answers":A,"styles":[{"selector","source","wins","applies"}…],
  /// "unused":[{"selector","source","reason","beatenBy"}…],"defaultOnly":[node…]}`.
  public func usage(_ report: UsageReport) -> String {
    String(writingUTF8: { writeUsage(report, to: &$0) })
  }

  /// Appends ``usage(_:)``'s UTF-8.
  package func writeUsage(_ report: UsageReport, to output: inout [UInt8]) {
    report.record.writeJSON(to: &output)
    output.append(0x0A)
  }

  /// The object for a node that gets no answer (a `batch` line that is
  /// not a node identifier, or too long to read), no newline:
  /// `{"node":…,"error":"FILE:LINE:COL: message"}`, `node` null when it
  /// was not read.
  public func unanswered(node: String?, at location: SourceLocation, message: String) -> String {
    String(writingUTF8: { writeUnanswered(node: node, at: location, message: message, to: &$0) })
  }

  /// Appends ``unanswered(node:at:message:)``'s UTF-8.
  package func writeUnanswered(node: String?, at location: SourceLocation, message: String, to output: inout [UInt8]) {
    output.append(utf8Of: #"{"node":"#)
    (node.map(PropertyValue.string) ?? .null).writeJSON(to: &output)
    output.append(utf8Of: #","error":"#)
    PropertyValue.writeJSONString(to: &output) {
      location.writeText(to: &$0)
      $0.append(utf8Of: ": ")
      $0.append(utf8Of: message)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// Appends ``answers(_:)``'s UTF-8.
  package func writeAnswers(_ answers: [(node: String, answer: Resolution)], to output: inout [UInt8]) {
    Self.writeArray(answers, to: &output) { $1.answer.writeJSON(node: $1.node, to: &$0) }
  }

  /// Appends ``explanation(_:node:)``'s UTF-8.
  package func writeExplanation(_ explanation: Explanation, node: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "{"))
    for (name, value) in explanation.headRecord(node: node) {
      PropertyValue.writeJSONKey(name, to: &output)
      value.writeJSON(to: &output)
      output.append(UInt8(ascii: ","))
    }
    PropertyValue.writeJSONKey("result", to: &output)
    explanation.answer.writeJSON(node: node, to: &output)
    output.append(utf8Of: "}\n")
  }

  /// Appends ``diagnostics(_:)``'s UTF-8.
  package func writeDiagnostics(_ diagnostics: [SheetDiagnostic], to output: inout [UInt8]) {
    Self.writeArray(diagnostics, to: &output) { $1.record.writeJSON(to: &$0) }
  }

  /// An array with one element a line, each written by `write`.
  private static func writeArray<Element>(
    _ elements: [Element], to output: inout [UInt8], _ write: (inout [UInt8], Element) -> Void
  ) {
    guard !elements.isEmpty else { return output.append(utf8Of: "[]\n") }
    output.append(utf8Of: "[\n")
    for (index, element) in elements.enumerated() {
      if index > 0 { output.append(utf8Of: ",\n") }
      write(&output, element)
    }
    output.append(utf8Of: "\n]\n")
  }
}
