import ArgumentParser
import Stylist

struct ResolveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resolve",
    abstract: "Resolves every atom of a UI tree file.",
    discussion: """
      A tree file (YAML or JSON) nests groups and atoms:
        theme: dark            # optional; --theme wins
        tree:
          - group: client
            children:
              - group: searchbar[disabled]
                children: [ { style: close }, { style: text } ]
              - style: heading
      Prints each atom's full node identifier and its resolved style.
      Exit status: 0, 1 when an atom has no style, 2 for an invalid sheet or tree.

      Example:
        $ stylist resolve -s Fixtures/demo/demo.yaml --tree Fixtures/demo/tree.yaml
      """
  )

  @OptionGroup var sheet: SheetOptions

  @Option(help: "The tree file.")
  var tree: String

  @Option(help: "Output format.")
  var format: ResolveFormat = .text

  func run() throws {
    let styleTree: StyleTree
    do { styleTree = try StyleTree(contentsOf: tree) } catch {
      throw loadFailure(error)
    }
    let engine = try sheet.load()
    let themeDiagnostics = engine.themeDiagnostics(of: styleTree, file: tree)
    Diagnostics.write(themeDiagnostics)
    if themeDiagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(ExitStatus.invalidInput) }
    let atoms = styleTree.atoms
    let answers = zip(atoms, engine.resolve(styleTree)).map { (node: $0.identifier.description, answer: $1) }
    var output = OutputBuffer()
    switch format {
    case .json: output.write { JSONRenderer().writeAnswers(answers, to: &$0) }
    case .yaml: output.write(YAMLRenderer().answers(answers))
    case .text: output.write(TextRenderer.standardOutput.answers(answers))
    }
    output.flush()
    if answers.contains(where: { !$0.answer.isResolved }) { throw ExitCode(ExitStatus.noStyle) }
  }
}
