import ArgumentParser
import Stylist

@main
struct StylistCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stylist",
    abstract: "Answers which style wins for a UI node, and why.",
    discussion: """
      Nodes are named by where they sit: home/header[selected]/searchBar/label.
      Styles are registered for selectors such as searchBar/label or @dark/title.
      Exit codes: 0 success, 1 no style for a node, 2 invalid input, 64 usage.
      """,
    version: "2.0.0",
    subcommands: [
      MatchCommand.self, ExplainCommand.self, BatchCommand.self, ResolveCommand.self, ImagesCommand.self,
      LintCommand.self, DumpCommand.self, WatchCommand.self,
    ]
  )

  /// Names an unknown command (and the closest known one) before the
  /// argument parser would call it an unexpected argument.
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let first = arguments.first, !first.hasPrefix("-") {
      let known = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
      if !known.contains(first) {
        let hint = Suggestion.hint(for: first, among: known).text
        Diagnostics.writeError(
          "error: unknown command '\(first)'\(hint)\nUsage: stylist <command> …; run 'stylist help' for the commands.\n"
        )
        Self.exit(withError: ExitCode.validationFailure)
      }
    }
    main(arguments)
  }
}
