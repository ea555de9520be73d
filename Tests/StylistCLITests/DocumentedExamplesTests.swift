import Foundation
import Stylist
import Testing

/// The command-line examples the README and the command-line reference show
/// are what the tool prints: each `$ stylist …` line of a plain fenced block is
/// run from `Fixtures/`, and the lines under it must be its output (standard
/// output, then standard error). A line `…` stands for any number of lines;
/// a block that does not end with one shows the output to its end.
@Suite struct DocumentedExamplesTests {
  struct Example: CustomTestStringConvertible {
    var document: String
    var arguments: [String]
    var shown: [String]
    var testDescription: String { "\(document): stylist \(arguments.joined(separator: " "))" }
  }

  static let documents = ["README.md", "docs/CLI.md"]

  static var examples: [Example] {
    documents.flatMap { document in
      let url = CLIRunner.root.appendingPathComponent(document)
      guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [Example]() }
      return examples(in: text, document: document)
    }
  }

  /// Splits the plain (language-less) fenced blocks of `text` into commands and
  /// the output shown under each.
  static func examples(in text: String, document: String) -> [Example] {
    var examples: [Example] = []
    var inPlainBlock = false
    var inOtherBlock = false
    // The example the next output line belongs to: none at a block's start.
    var current: Int?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        current = nil
        if inPlainBlock || inOtherBlock {
          inPlainBlock = false
          inOtherBlock = false
        } else if line == "```" {
          inPlainBlock = true
        } else {
          inOtherBlock = true
        }
        continue
      }
      guard inPlainBlock else { continue }
      if line.hasPrefix("$ ") {
        var command = String(line.dropFirst(2))
        if let comment = command.range(of: "  #") { command = String(command[..<comment.lowerBound]) }
        let words = command.split(separator: " ").map(String.init)
        // A command other than `stylist` (a pipe into it) is shown, not run.
        let arguments = words.first == "stylist" ? Array(words.dropFirst()) : []
        examples.append(Example(document: document, arguments: arguments, shown: []))
        current = examples.count - 1
      } else if let current, !line.isEmpty || !examples[current].shown.isEmpty {
        examples[current].shown.append(line)
      }
    }
    return examples.filter { !$0.arguments.isEmpty }.map { example in
      var example = example
      while example.shown.last == "" { example.shown.removeLast() }
      return example
    }
  }

  /// Whether `shown` is `actual`, with each `…` line standing for any lines.
  static func matches(_ shown: [String], _ actual: [String]) -> Bool {
    let segments = shown.split(separator: "…", omittingEmptySubsequences: false).map(Array.init)
    var position = 0
    for (index, segment) in segments.enumerated() {
      let isFirst = index == 0
      let isLast = index == segments.count - 1
      if isFirst {
        guard actual.count >= segment.count, Array(actual[0..<segment.count]) == segment else { return false }
        position = segment.count
      } else if isLast {
        guard actual.count - position >= segment.count, Array(actual.suffix(segment.count)) == segment else {
          return false
        }
        position = actual.count
      } else {
        guard
          let found = (position...max(position, actual.count - segment.count)).first(where: { start in
            start + segment.count <= actual.count && Array(actual[start..<start + segment.count]) == segment
          })
        else { return false }
        position = found + segment.count
      }
    }
    return segments.count > 1 || position == actual.count
  }

  @Test func everyDocumentShowsExamples() {
    for document in Self.documents {
      #expect(Self.examples.contains { $0.document == document }, "\(document) shows no example")
    }
  }

  @Test(arguments: examples)
  func theExamplePrintsWhatItShows(_ example: Example) throws {
    let result = try CLIRunner.run(example.arguments)
    var actual = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if actual.last == "" { actual.removeLast() }
    var errors = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if errors.last == "" { errors.removeLast() }
    actual += errors
    #expect(
      Self.matches(example.shown, actual),
      "shown:\n\(example.shown.joined(separator: "\n"))\nprinted:\n\(actual.joined(separator: "\n"))")
  }

  @Test func theMatcherTellsAWrongLine() {
    #expect(Self.matches(["a", "…", "d"], ["a", "b", "c", "d"]))
    #expect(Self.matches(["a", "…"], ["a", "b"]))
    #expect(!Self.matches(["a", "x"], ["a", "b"]))
    #expect(!Self.matches(["a"], ["a", "b"]))
    #expect(!Self.matches(["a", "…", "d"], ["a", "b", "c"]))
  }
}

/// The command-line reference's table of diagnostic kinds lists every kind
/// the tool can print.
@Suite struct DiagnosticKindTableTests {
  @Test func everyKindHasARow() throws {
    let text = try String(contentsOf: CLIRunner.root.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
    let missing = DiagnosticKind.all.map(\.rawValue).filter { !text.contains("| `\($0)` | ") }
    #expect(missing.isEmpty, "docs/CLI.md's table of kinds lacks \(missing)")
  }
}
