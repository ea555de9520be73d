import ArgumentParser
import Testing

@testable import StylistCLI

/// Every command's help reads as written in an 80-column terminal: the
/// argument parser re-wraps a discussion line longer than the terminal at
/// its last space, leaving a word or a whole example on a line of its own,
/// so each line of a discussion must come out of `--help` whole.
@Suite struct HelpTextTests {
  static let commands: [any ParsableCommand.Type] =
    [StylistCommand.self] + StylistCommand.configuration.subcommands

  @Test(arguments: commands.map { $0.configuration.commandName ?? "" })
  func everyDiscussionLineSurvivesAnEightyColumnTerminal(_ name: String) throws {
    let command = try #require(Self.commands.first { $0.configuration.commandName == name })
    let help = command.helpMessage(columns: 80)
    let printed = Set(help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    let discussion = command.configuration.discussion
    #expect(!discussion.isEmpty, "\(name) has no discussion")
    for line in discussion.split(separator: "\n") where !printed.contains(String(line)) {
      Issue.record("\(name): re-wrapped at 80 columns: \(line)")
    }
  }
}
