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
    subcommands: [
      MatchCommand.self, ExplainCommand.self, BatchCommand.self, ResolveCommand.self, ImagesCommand.self,
      LintCommand.self, DumpCommand.self, WatchCommand.self,
    ]
  )
}
