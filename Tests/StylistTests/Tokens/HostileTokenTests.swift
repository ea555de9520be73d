import Foundation
import Testing

@testable import Stylist

/// Hostile token files end in located errors, bounded in time and memory
/// (SPEC §10, §5.1); the generated ones too big to commit are checked by
/// `BadInputTests.generatedHostileInputs`.
@Suite struct HostileTokenTests {
  /// Each level a list of two aliases to the one below: 2⁶⁰ values if built.
  @Test func aliasesThatFanOutRunOutOfBudget() throws {
    var levels = [#""l0": { "$value": 1 }"#]
    for level in 1...60 { levels.append(#""l\#(level)": { "$value": ["{l\#(level - 1)}", "{l\#(level - 1)}"] }"#) }
    let files = try TokenFiles()
    try files.write("a.tokens.json", "{ \"$type\": \"number\",\n" + levels.joined(separator: ",\n") + " }")
    let diagnostics = files.diagnostics("a.tokens.json")
    #expect(diagnostics.contains { $0.contains("error: values expand to too many nodes") })
  }

  /// Pointers into values that point into values, copied each time.
  @Test func pointersThatFanOutRunOutOfBudget() throws {
    var levels = [#""p0": { "$value": [1, 2] }"#]
    for level in 1...40 {
      let below = ##"{ "$ref": "#/p\##(level - 1)/$value" }"##
      levels.append(#""p\#(level)": { "$value": [\#(below), \#(below)] }"#)
    }
    let files = try TokenFiles()
    try files.write("a.tokens.json", "{ \"$type\": \"number\",\n" + levels.joined(separator: ",\n") + " }")
    let start = ContinuousClock.now
    _ = files.diagnostics("a.tokens.json")
    #expect(ContinuousClock.now - start < .seconds(20))
  }

  @Test func longExtendsChainIsBounded() throws {
    // Each group extends the next, so resolving the first follows the whole chain.
    var groups = [#""g5000": { "t": { "$value": 1 } }"#]
    for level in 0..<5_000 { groups.append(#""g\#(level)": { "$extends": "{g\#(level + 1)}" }"#) }
    let files = try TokenFiles()
    try files.write("a.tokens.json", "{ \"$type\": \"number\",\n" + groups.joined(separator: ",\n") + " }")
    let diagnostics = files.diagnostics("a.tokens.json")
    #expect(diagnostics.contains { $0.contains("error: '$extends' chain longer than 100 groups") })
  }

  @Test func longAliasChainIsBounded() throws {
    var tokens = [#""t0": { "$value": 1 }"#]
    for level in 1...5_000 { tokens.append(#""t\#(level)": { "$value": "{t\#(level - 1)}" }"#) }
    let files = try TokenFiles()
    try files.write("a.tokens.json", "{ \"$type\": \"number\",\n" + tokens.joined(separator: ",\n") + " }")
    let diagnostics = files.diagnostics("a.tokens.json")
    #expect(diagnostics.contains { $0.contains("values nest deeper than 64 levels") })
  }
}
