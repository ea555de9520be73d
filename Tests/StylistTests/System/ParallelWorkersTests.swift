import Foundation
import Testing

@testable import Stylist

/// `Workers` runs a job's consecutive ranges of items on several threads
/// and gives the results back in order, each worker with a state of its own; with one worker
/// it runs them in order on the calling thread. Run under ThreadSanitizer
/// by `make sanitize`.
@Suite struct ParallelWorkersTests {
  /// A range's result depends on the range alone, and takes long enough
  /// that several workers run at once.
  private static func result(of range: Range<Int>) -> UInt64 {
    var value = UInt64(range.lowerBound) &+ UInt64(range.count) &* 31
    for _ in 0..<2_000 { value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
    return value
  }

  /// The ranges cover the items once, in order, each of at least
  /// `minimumPartItems` (but the last), at most `partsPerWorker` a worker.
  @Test(arguments: [1, 2, 4, 16])
  func rangesCoverTheItemsInOrderAndEachRunsOnce(workerCount: Int) {
    // Each worker's state: the ranges it ran, in the order it ran them.
    let minimum = Workers<[Range<Int>]>.minimumPartItems
    for count in [1, 63, 64, 65, 127, 128, 1_000, 4_096, 100_003] {
      var workers = Workers<[Range<Int>]>(count: workerCount) { [] }
      let results = workers.map(consecutive: count) { ran, range in
        ran.append(range)
        return (range, Self.result(of: range))
      }
      let ranges = results.map(\.0)
      #expect(results.map(\.1) == ranges.map(Self.result(of:)))
      #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
      #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
      #expect(ranges.count == 1 || ranges.allSatisfy { $0.count >= minimum }, "\(count): \(ranges)")
      #expect(ranges.count <= workerCount * Workers<[Range<Int>]>.partsPerWorker)
      #expect(workers.states.flatMap { $0 }.sorted { $0.lowerBound < $1.lowerBound } == ranges)
      // With one worker the ranges run in order on the calling thread.
      if workerCount == 1 { #expect(workers.states[0] == ranges) }
    }
  }

  @Test func noItemsRunsNothing() {
    var workers = Workers<Int>(count: 4) { 0 }
    let results = workers.map(consecutive: 0) { count, _ in
      count += 1
      return count
    }
    #expect(results.isEmpty && workers.states == [0, 0, 0, 0])
  }

  @Test func atLeastOneWorker() {
    #expect(Workers<Int>(count: 0) { 0 }.states.count == 1)
    #expect(Workers<Int>.cores >= 1)
  }

  /// `batch`'s workers: an `AnswerWriter` each, answering parts of one
  /// list of lines on one engine, write what one writer writes for the
  /// whole list, line by line (each keeps the answers it rendered).
  @Test(arguments: [false, true])
  func answerWritersOnFourWorkersWriteWhatOneWrites(cascade: Bool) throws {
    let engine = try StyleEngine(contentsOf: [FixturePaths.path("demo/demo.yaml")])
    let nodes = [
      "home/header/searchBar/label", "@dark/card/background", "card/background", "nothing", "bad/*/node",
      "header[selected]/title", "client/searchbar[disabled]/image", "@highContrast/primaryButton", "@drak/title", "",
      "button[disabled]/label", "home/hé/title",
    ]
    let lines = (0..<3_000).map { nodes[($0 * 7 + $0 / 5) % nodes.count] }
    func answers(workerCount: Int) -> [UInt8] {
      var workers = Workers<AnswerWriter>(count: workerCount) { AnswerWriter() }
      let snapshot = AnswerWriter.Snapshot(of: engine)
      // Two jobs, so the writers answer again from what they kept.
      return (0..<2).flatMap { _ in
        workers.map(consecutive: lines.count) { writer, range in
          var bytes: [UInt8] = []
          for line in lines[range] {
            var line = line
            line.withUTF8 { text in
              do throws(SyntaxError) {
                _ = try writer.write(utf8: text, on: snapshot, cascade: cascade, to: &bytes)
              } catch {
                bytes.append(contentsOf: "error \(error.column)".utf8)
              }
            }
            bytes.append(0x0A)
          }
          return bytes
        }.flatMap { $0 }
      }
    }
    let one = answers(workerCount: 1)
    #expect(one.split(separator: 0x0A).count == 2 * lines.count)
    #expect(answers(workerCount: 4) == one)
  }
}
