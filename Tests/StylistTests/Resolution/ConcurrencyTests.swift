import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Stylist

/// Queries on 8 threads while another thread reloads sheets 1,000 times,
/// alternating two good sheets with a broken one. Run under ThreadSanitizer
/// by `make sanitize`.
@Suite struct ConcurrencyTests {
  /// Sheet `generation` styles every node with properties that name it, and
  /// picks a different winning selector than the other generation does.
  private static func sheet(generation: String) -> String {
    let winner = generation == "A" ? "card/title" : "home/title"
    return """
      styles:
        title: { gen: \(generation), from: title }
        "\(winner)": { gen: \(generation), from: "\(winner)" }
        label: { gen: \(generation), from: label }
      """
  }

  @Test func readersSeeOneSnapshotWhileSheetsReload() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-concurrency-\(getpid())").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let paths = ["A", "B"].map { folder + "/\($0).yaml" }
    try Self.sheet(generation: "A").write(toFile: paths[0], atomically: true, encoding: .utf8)
    try Self.sheet(generation: "B").write(toFile: paths[1], atomically: true, encoding: .utf8)
    let broken = folder + "/broken.yaml"
    try "styles:\n  title: { gen: [unclosed\n".write(toFile: broken, atomically: true, encoding: .utf8)

    let stylist = try StyleEngine(contentsOf: [paths[0]])
    let nodes: [NodeIdentifier] = ["home/card/title", "home/card/x/title", "other/label"]
    let done = Atomic(false)
    let failures = Mutex<[String]>([])
    let brokenRejected = Atomic(0)
    let queries = Atomic(0)

    DispatchQueue.concurrentPerform(iterations: 9) { worker in
      if worker == 0 {
        for round in 0..<1_000 {
          if round % 2 == 1 {
            do {
              try stylist.reload(contentsOf: [broken])
              failures.withLock { $0.append("a broken sheet loaded") }
            } catch { brokenRejected.add(1, ordering: .relaxed) }
          } else {
            do { try stylist.reload(contentsOf: [paths[round / 2 % 2]]) } catch {
              failures.withLock { $0.append("a good sheet failed: \(error)") }
            }
          }
        }
        done.store(true, ordering: .releasing)
        return
      }
      var count = 0
      while !done.load(ordering: .acquiring) || count < 100 {
        let node = nodes[count % nodes.count]
        let best = stylist.bestMatch(for: node)
        let cascade = stylist.cascade(for: node)
        count += 1
        guard let properties = best.properties, let generation = properties["gen"],
          let winner = best.match?.rule
        else {
          failures.withLock { $0.append("no answer for \(node)") }
          continue
        }
        // The winner must be the one its own generation's sheet picks.
        let expected = Self.expectedWinner(node, generation: generation)
        if winner.name != expected || properties["from"] != .string(expected) {
          failures.withLock { $0.append("\(node): winner \(winner.name) in generation \(generation)") }
        }
        // A cascade merges the rules of one snapshot: its winner's generation throughout.
        if cascade.properties?["gen"] == nil
          || cascade.properties?["gen"] != cascade.match?.rule.style.properties["gen"]
        {
          failures.withLock { $0.append("\(node): cascade mixes generations") }
        }
      }
      queries.add(count, ordering: .relaxed)
    }
    let problems = failures.withLock { $0 }
    #expect(problems.isEmpty, "\(problems.prefix(5))")
    #expect(brokenRejected.load(ordering: .relaxed) == 500)
    #expect(queries.load(ordering: .relaxed) >= 800)
    // The last good sheet stays after a broken reload.
    #expect(throws: SheetLoadError.self) { try stylist.reload(contentsOf: [broken]) }
    #expect(stylist.bestMatch(for: "home/title").properties?["gen"] != nil)
  }

  private static func expectedWinner(_ node: NodeIdentifier, generation: PropertyValue) -> String {
    if node.token == "label" { return "label" }
    if generation == "A" { return node.path.contains(Component(name: "card")) ? "card/title" : "title" }
    return node.path.contains(Component(name: "home")) ? "home/title" : "title"
  }
}
