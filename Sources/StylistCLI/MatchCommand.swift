import ArgumentParser
import Stylist

struct MatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "match",
    abstract: "Prints the winning style of each node: selector, source and properties.",
    discussion: """
      Exit status: 0 when every node has a style (or the default), 1 when one
      has none, 2 for an invalid sheet or node (nothing is printed then).

      Example:
        $ stylist match -s Fixtures/demo/demo.yaml home/header/searchBar/label
        home/header/searchBar/label
          selector: home/header/searchBar/label
          source:   Fixtures/demo/demo.yaml:54:3
          font:     Roboto-Regular 16
          color:    #111111
      """
  )

  @OptionGroup var sheet: SheetOptions

  @OptionGroup var query: AnswerOptions

  func run() throws {
    let identifiers = try query.nodes.map(parseNodeArgument)
    let engine = try sheet.load()
    try Diagnostics.checkNodeThemes(of: query.nodes, in: engine, optionThemes: sheet.themes)
    let answers = zip(query.nodes, identifiers).map { text, node in
      (node: text, answer: query.cascade ? engine.cascade(for: node) : engine.bestMatch(for: node))
    }
    var output = OutputBuffer()
    switch query.format {
    case .json: output.write { JSONRenderer().writeAnswers(answers, to: &$0) }
    case .text: output.write(TextRenderer.standardOutput.answers(answers))
    }
    output.flush()
    if answers.contains(where: { !$0.answer.isResolved }) { throw ExitCode(ExitStatus.noStyle) }
  }
}
