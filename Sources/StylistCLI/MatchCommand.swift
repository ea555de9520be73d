import ArgumentParser
import Stylist

struct MatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "match",
    abstract: "Prints the winning style of each node: selector, source and properties.",
    discussion: """
      Exit status: 0 when every node has a style (or the default), 1 when one has none,
      2 for an invalid sheet or node (nothing is printed then).

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

  @Flag(help: "Merge the properties of every applicable selector, weakest first.")
  var cascade = false

  @Option(help: "Output format.")
  var format: TextOrJSON = .text

  @Argument(help: "Node identifiers, e.g. home/header[selected]/label or @dark/title.")
  var nodes: [String]

  func validate() throws {
    if nodes.isEmpty { throw ValidationError("Give at least one node.") }
  }

  func run() throws {
    let identifiers = try nodes.map(parseNodeArgument)
    let (index, options) = try sheet.load()
    Diagnostics.warnAboutThemes(of: identifiers, in: index)
    let answers = identifiers.map {
      cascade ? index.cascade(for: $0, options: options) : index.bestMatch(for: $0, options: options)
    }
    var output = OutputBuffer()
    switch format {
    case .json:
      output.write(jsonArray(zip(answers, nodes).map { resolutionValue($0, node: $1) }))
    default:
      for (answer, node) in zip(answers, nodes) { output.write(resolutionText(answer, node: node, style: .stdout)) }
    }
    output.flush()
    if answers.contains(where: { !$0.isResolved }) { throw ExitCode(ExitStatus.noStyle) }
  }
}
