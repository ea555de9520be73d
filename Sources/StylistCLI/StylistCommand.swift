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
      LintCommand.self, DumpCommand.self, WatchCommand.self, CoverageCommand.self, PreviewCommand.self,
      DiffCommand.self, ExportCommand.self, SchemaCommand.self, LanguageServerCommand.self,
    ]
  )

  /// Names an unknown command (and the closest known one) before the
  /// argument parser would call it an unexpected argument, or print the
  /// general help for `help` followed by a name it does not know.
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    let commands = configuration.subcommands.compactMap { $0.configuration.commandName }
    if let first = arguments.first, !first.hasPrefix("-") {
      if first == "help", let named = arguments.dropFirst().first, !named.hasPrefix("-") {
        exitIfUnknown(named, known: commands + ["help"])
      } else {
        exitIfUnknown(first, known: commands + ["help"])
      }
    }
    main(arguments)
  }

  private static func exitIfUnknown(_ command: String, known: [String]) {
    guard !known.contains(command) else { return }
    let hint = Suggestion.hint(for: command, among: known).text
    Diagnostics.writeError(
      "error: unknown command '\(command)'\(hint)\nUsage: stylist <command> …; run 'stylist help' for the commands.\n")
    Self.exit(withError: ExitCode.validationFailure)
  }
}
