import Foundation
import Testing

/// The README's library example is a program an app could be: this checks
/// that the README shows it unchanged and that it prints what it says.
@Suite struct QuickStartTests {
  static let source = CLIRunner.root.appendingPathComponent("Examples/QuickStart/main.swift")

  @Test func readmeShowsTheExampleByteForByte() throws {
    let readme = try String(contentsOf: CLIRunner.root.appendingPathComponent("README.md"), encoding: .utf8)
    let example = try String(contentsOf: Self.source, encoding: .utf8)
    let start = try #require(readme.range(of: "## Library\n"))
    let fence = try #require(readme.range(of: "```swift\n", range: start.upperBound..<readme.endIndex))
    let close = try #require(readme.range(of: "```\n", range: fence.upperBound..<readme.endIndex))
    #expect(String(readme[fence.upperBound..<close.lowerBound]) == example)
  }

  @Test func theExampleRunsAndPrintsTheExpectedOutput() throws {
    let process = Process()
    process.executableURL = CLIRunner.binary.deletingLastPathComponent().appendingPathComponent("QuickStart")
    process.environment = CLIRunner.environmentWithoutLeakCheck
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let expected = try Data(contentsOf: CLIRunner.fixtures.appendingPathComponent("expected/quickstart.txt"))
    #expect(printed == expected)
  }
}
