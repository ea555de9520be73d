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

  func run() throws {
    let identifier = try parseNodeArgument(node)
    let engine = try sheet.load()
    try Diagnostics.checkNodeThemes(of: [node], in: engine, optionThemes: sheet.themes)
    let explanation = engine.explain(identifier)
    var output = OutputBuffer()
    switch format {
    case .json: output.write { JSONRenderer().writeExplanation(explanation, node: node, to: &$0) }
    case .text: output.write(TextRenderer.standardOutput.explanation(explanation, node: node))
    }
    output.flush()
    if !explanation.answer.isResolved { throw ExitCode(ExitStatus.noStyle) }
  }
}
