import ArgumentParser
import Stylist

struct ImagesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "images",
    abstract: "Lists the image asset names to try for a node, best first.",
    discussion: """
      Every way of replacing path components by the wildcard (or, with --form omit,
      of dropping them), ranked like selectors on the same node.

      Example:
        $ stylist images client/searchbar/image
        client_searchbar_image
        *_searchbar_image
        client_*_image
        *_*_image
      """
  )

  @Argument(help: "The node identifier, e.g. client/searchbar[disabled]/image.")
  var node: String

  @Option(help: "Theme; themed names start with the theme's name.")
  var theme: String?

  @Option(help: "Precedence of themed names: themed (all first) or classic (each before its unthemed twin).")
  var mode: PrecedenceMode = .themed

  @Option(help: "Text between the parts of a name.")
  var separator: String = "_"

  @Option(help: "Text that stands for a replaced component.")
  var wildcard: String = "*"

  @Option(help: "wildcard (replace components) or omit (drop them).")
  var form: ImageNameOptions.Form = .wildcard

  func run() throws {
    let identifier = try parseNodeArgument(node)
    let names = ImageNames(
      node: identifier, theme: identifier.theme ?? theme, mode: mode,
      options: ImageNameOptions(separator: separator, wildcard: wildcard, form: form))
    var output = OutputBuffer()
    for name in names { output.writeLine(name) }
    output.flush()
  }
}

extension PrecedenceMode: ExpressibleByArgument {}
extension ImageNameOptions.Form: ExpressibleByArgument {}
