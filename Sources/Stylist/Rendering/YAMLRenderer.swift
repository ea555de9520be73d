/// Answers, explanations and diagnostics as YAML: the fields and order of
/// their JSON (``JSONRenderer``), block style, for people who read what
/// tools read (`resolve --format yaml`).
public struct YAMLRenderer: Sendable {
  /// The renderer (it has no settings).
  public init() {}

  /// One answer: a map of `node`, `selector`, `source`, `default`, `properties`.
  public func answer(_ answer: Resolution, node: String) -> String {
    answer.record(node: node).yamlText()
  }

  /// Answers as a list of such maps (`resolve` for a tree's atoms).
  public func answers(_ answers: [(node: String, answer: Resolution)]) -> String {
    PropertyValue.list(answers.map { $0.answer.record(node: $0.node) }).yamlText()
  }

  /// `explain`'s map: `node`, `theme`, `mode`, `candidates`, `result`.
  public func explanation(_ explanation: Explanation, node: String) -> String {
    explanation.record(node: node).yamlText()
  }

  /// Diagnostics as a list of maps: `file`, `line`, `column`, `severity`,
  /// `kind`, `message`, and `suggestion` when there is one.
  public func diagnostics(_ diagnostics: [SheetDiagnostic]) -> String {
    PropertyValue.list(diagnostics.map(\.record)).yamlText()
  }

  /// The sheet resolved under `themes`, as a sheet that loads back and
  /// gives the same answers under them (`dump`): a comment naming the
  /// themes, when there are any, then the sheet.
  public func resolvedSheet(_ sheet: StyleSheet, themes: [String]) -> String {
    let list = themes.map { "'\($0)'" }.joined(separator: ", ")
    let header =
      switch themes.count {
      case 0: ""
      case 1: "# Resolved under theme \(list); loads back as a sheet.\n"
      default: "# Resolved under themes \(list); loads back as a sheet.\n"
      }
    return header + sheet.resolvedSheet(themes: themes).yamlText()
  }
}
