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

  /// The README's dependency lines: the product is a library this manifest
  /// declares, and `package:` is both the manifest's name and the last part of
  /// the URL, as SwiftPM names a package it fetches.
  @Test func readmeDependsOnALibraryOfThisPackage() throws {
    let readme = try String(contentsOf: CLIRunner.root.appendingPathComponent("README.md"), encoding: .utf8)
    let manifest = try String(contentsOf: CLIRunner.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let product = try #require(readme.firstMatch(of: /\.product\(name: "(\w+)", package: "(\w+)"\)/))
    let url = try #require(readme.firstMatch(of: /\.package\(url: "([^"]+)", from: "[0-9.]+"\)/))
    #expect(manifest.contains(".library(name: \"\(product.1)\""))
    #expect(manifest.contains("let package = Package(\n  name: \"\(product.2)\""))
    let lastPart = url.1.split(separator: "/").last.map { String($0) } ?? ""
    #expect(lastPart.replacingOccurrences(of: ".git", with: "").lowercased() == product.2.lowercased())
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
