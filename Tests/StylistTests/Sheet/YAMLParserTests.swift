import Foundation
import Testing

@testable import Stylist

/// Parsing on a second thread (inputs of `LoadOptions.backgroundParsingThreshold`
/// bytes and more) must hand over exactly the events, marks and errors that
/// parsing on the caller's thread does, and stop when the handler throws.
@Suite struct YAMLParserTests {
  struct Outcome: Equatable {
    var events: [YAMLEvent] = []
    var marks: [SourcePosition] = []
    var texts: [String] = []
    var error: YAMLError?
  }

  static func outcome(_ bytes: [UInt8], concurrentAbove threshold: Int, stopAfter limit: Int = .max) -> Outcome {
    var outcome = Outcome()
    do {
      try YAMLParser.parse(bytes, concurrentAbove: threshold) { (event, mark, text) throws(YAMLError) in
        outcome.events.append(event)
        outcome.marks.append(mark)
        outcome.texts.append(String(decoding: text, as: UTF8.self))
        if outcome.events.count == limit { throw YAMLError(message: "handler stopped", mark: mark) }
      }
    } catch {
      outcome.error = error
    }
    return outcome
  }

  /// A sheet well over the threshold, with every kind of event: tags,
  /// anchors, aliases, quoted and block scalars, lists, several documents.
  static let large: [UInt8] = {
    var text = "version: 1\nvariables: &vars {red: '#f00', list: [1, 2.5, !!str 3]}\nstyles:\n"
    for index in 0..<3_000 {
      text += "  \"c\(index % 17)/t\(index)\": {color: \"#\(index)\", size: \(index), name: 'n\(index)', on: true}\n"
    }
    text += "  block/t:\n    text: |\n      two\n      lines\n  alias/t: *vars\n---\nstyles: {a/t: null}\n"
    return Array(text.utf8)
  }()

  @Test func largeInputIsOverTheThreshold() {
    #expect(Self.large.count >= LoadOptions().backgroundParsingThreshold)
  }

  @Test func concurrentParsingGivesTheSameEvents() throws {
    let sequential = Self.outcome(Self.large, concurrentAbove: .max)
    #expect(sequential.error == nil)
    #expect(sequential.events.count > 20_000)
    #expect(Self.outcome(Self.large, concurrentAbove: 0) == sequential)
  }

  @Test func everyFixtureParsesTheSameOnEitherThread() throws {
    let root = FixturePaths.path("")
    let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    let inputs = files.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".bin") }
    #expect(inputs.count >= 20)
    for input in inputs {
      let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: root + input)))
      #expect(
        Self.outcome(bytes, concurrentAbove: 0) == Self.outcome(bytes, concurrentAbove: .max), "\(input)")
    }
    #expect(Self.outcome([], concurrentAbove: 0) == Outcome())
  }

  @Test func aSyntaxErrorComesAfterTheEventsBeforeIt() {
    let broken = Self.large + Array("  bad: [unclosed\n".utf8)
    let sequential = Self.outcome(broken, concurrentAbove: .max)
    #expect(sequential.error != nil)
    #expect(Self.outcome(broken, concurrentAbove: 0) == sequential)
  }

  @Test func aThrowingHandlerStopsTheParse() {
    for limit in [1, 5_000, 20_000] {
      let stopped = Self.outcome(Self.large, concurrentAbove: 0, stopAfter: limit)
      #expect(stopped.events.count == limit)
      #expect(stopped.error?.message == "handler stopped")
      #expect(stopped == Self.outcome(Self.large, concurrentAbove: .max, stopAfter: limit))
    }
  }
}
