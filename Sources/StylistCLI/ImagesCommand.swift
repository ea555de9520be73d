import ArgumentParser
import Stylist

struct ImagesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "images",
    abstract: "Lists the image asset names to try for each node, best first.",
    discussion: """
      Every way of replacing path components by the wildcard (or, with --form
      omit, of dropping them), ranked like selectors on the same node. With one
      node the text output is the names alone; with several, each node's names
      follow it, indented. JSON is one array of {"node":…,"names":[…]}.
      A component with a variant offers four spellings, so a node has up to
      4^n names: a node with more than --max-names is an error (exit 2),
      checked for every node before anything is printed.

      Example:
        $ stylist images client/searchbar/image
        client_searchbar_image
        *_searchbar_image
        client_*_image
        *_*_image
      """
  )

  @Argument(help: "Node identifiers, e.g. client/searchbar[disabled]/image.")
  var nodes: [String]

  @Option(
    name: .customLong("theme"),
    help: ArgumentHelp(
      "Theme; themed names start with the themes they use. Repeat it or give a comma list for several.",
      valueName: "theme"))
  var themeArguments: [String] = []

  @Option(help: "Precedence of themed names: themed (all first) or classic (each before its unthemed twin).")
  var mode: PrecedenceMode = .themed

  @Option(help: "Text between the parts of a name.")
  var separator: String = "_"

  @Option(help: "Text that stands for a replaced component.")
  var wildcard: String = "*"

  @Option(help: "wildcard (replace components) or omit (drop them).")
  var form: ImageNameOptions.Form = .wildcard

  @Option(help: "Output format.")
  var format: TextOrJSON = .text

  @Option(help: "Most names a node may have (repeats included) before it is refused.")
  var maxNames: Int = 100_000

  func validate() throws {
    if nodes.isEmpty { throw ValidationError("Give at least one node.") }
    try validateThemes(themeArguments)
    if maxNames < 1 { throw ValidationError("--max-names must be at least 1.") }
  }

  func run() throws {
    let identifiers = try nodes.map(parseNodeArgument)
    let options = ImageNameOptions(separator: separator, wildcard: wildcard, form: form)
    let lists = zip(nodes, identifiers).map { text, identifier -> (node: String, names: ImageNames) in
      // Without sheets there are no axes: a node's themes replace the option's.
      let themes = identifier.themes.isEmpty ? splitThemes(themeArguments) : identifier.themes
      return (text, ImageNames(node: identifier, themes: themes, mode: mode, options: options))
    }
    for (text, names) in lists where names.candidateCount > maxNames {
      let count = names.candidateCount == .max ? "more than \(Int.max)" : "\(names.candidateCount)"
      Diagnostics.error(
        "node '\(text)' has \(count) image names, more than --max-names (\(maxNames))", at: "<command line>")
      throw ExitCode(ExitStatus.invalidInput)
    }
    var output = OutputBuffer()
    switch format {
    case .json: output.write { JSONRenderer().writeImageNames(lists, to: &$0) }
    case .text: output.write(TextRenderer.standardOutput.imageNames(lists))
    }
    output.flush()
  }
}

extension PrecedenceMode: ExpressibleByArgument {}
extension ImageNameOptions.Form: ExpressibleByArgument {}
