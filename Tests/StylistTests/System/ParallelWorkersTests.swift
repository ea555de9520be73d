import Foundation
import Testing

@testable import Stylist

/// `Workers` runs a job's parts on several threads and gives the results
/// back in part order, each worker with a state of its own; with one worker
/// it runs them in order on the calling thread. Run under ThreadSanitizer
/// by `make sanitize`.
@Suite struct ParallelWorkersTests {
  /// A part's result depends on the part alone, and takes long enough
  /// that several workers run at once.
  private static func result(of part: Int) -> UInt64 {
    var value = UInt64(part) &+ 1
    for _ in 0..<2_000 { value = value &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407 }
    return value
  }

  @Test(arguments: [1, 2, 4, 16])
  func resultsComeInPartOrderAndEveryPartRunsOnce(workerCount: Int) {
    // Each worker's state: the parts it ran, in the order it ran them.
    var workers = Workers<[Int]>(count: workerCount) { [] }
    for round in 0..<20 {
      let parts = 1 + round * 37
      let results = workers.map(parts: parts) { ran, part in
        ran.append(part)
        return Self.result(of: part)
      }
      #expect(results == (0..<parts).map(Self.result(of:)))
    }
    let ran = workers.states.flatMap { $0 }
    #expect(ran.sorted() == (0..<20).flatMap { Array(0..<(1 + $0 * 37)) }.sorted())
    // Each worker takes parts in increasing order within a job.
    if workerCount == 1 { #expect(workers.states[0] == (0..<20).flatMap { Array(0..<(1 + $0 * 37)) }) }
  }

  @Test func noPartsRunsNothing() {
    var workers = Workers<Int>(count: 4) { 0 }
    let results = workers.map(parts: 0) { count, _ in
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
    func answers(workerCount: Int, parts: Int) -> [UInt8] {
      var workers = Workers<AnswerWriter>(count: workerCount) { AnswerWriter() }
      let snapshot = AnswerWriter.Snapshot(of: engine)
      // Two jobs, so the writers answer again from what they kept.
      return (0..<2).flatMap { _ in
        workers.map(parts: parts) { writer, part in
          var bytes: [UInt8] = []
          for line in lines[(lines.count * part / parts)..<(lines.count * (part + 1) / parts)] {
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
    let one = answers(workerCount: 1, parts: 1)
    #expect(one.split(separator: 0x0A).count == 2 * lines.count)
    #expect(answers(workerCount: 4, parts: 16) == one)
  }
}
