import Foundation

/// `stylist diff` between the 10k design system and an edit of it, over
/// node lines, against the two `batch` runs that answer the same lines on
/// each side, whole process, in the same rounds.
extension Benchmarks {
  /// Lines the diff row compares.
  static let diffLines = 100_000

  mutating func designSystemDiff() throws {
    let workload = Self.batchWorkload(styles: 10_000, skewed: false, lines: Self.diffLines)
    let old = try write(workload.yaml, "diff-old.yaml")
    let new = try write(Self.edited(workload.yaml), "diff-new.yaml")
    let input = try write(workload.input, "diff-nodes.txt")
    let stylist = options.stylist
    let commands = Dictionary(
      uniqueKeysWithValues: [
        Measure.timed("diff") {
          _ = try Measure.command(
            stylist, ["diff", "--old", old, "--new", new, "--nodes", "-"], input: input, exitStatuses: [1])
        },
        Measure.timed("batch old") { _ = try Measure.command(stylist, ["batch", "-s", old], input: input) },
        Measure.timed("batch new") { _ = try Measure.command(stylist, ["batch", "-s", new], input: input) },
      ])
    let best = try Measure.everyAlternating(runs: Self.rounds, commands).mapValues { $0.min()! }
    let batches = best["batch old"]! + best["batch new"]!
    let ratio = best["diff"]! / batches
    rows.append(
      Row(
        workload: "stylist diff, \(Self.diffLines / 1000)k lines, two 10k-style sheets, whole process",
        figure: Double(Self.diffLines) / best["diff"]!, unit: "lines/s", baselineName: "two batch runs",
        baseline: Double(Self.diffLines) / batches, ratio: ratio, goal: "≤ 2.5× the two batch runs' time",
        met: ratio <= 2.5))
  }

  /// The design system after a change, as a pull request makes one: two
  /// semantic colours point at other palette entries (in the sheet and in
  /// `dark`), one style in 50 moves to the end of `styles`, one in 200 is
  /// removed (none that another extends), and 50 styles are added.
  static func edited(_ yaml: String) -> String {
    var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var recoloured = 0
    for index in lines.indices where recoloured < 4 && lines[index].contains(": $palette.") {
      lines[index] = lines[index].replacingOccurrences(of: "$palette.gray.", with: "$palette.orange.")
        .replacingOccurrences(of: "$palette.blue.", with: "$palette.pink.")
      recoloured += 1
    }
    let start = lines.firstIndex(of: "styles:")! + 1
    let end = lines[start...].firstIndex { !$0.hasPrefix("  ") }!
    // An entry is its key's line and the lines of its block body.
    var entries: [[String]] = []
    for line in lines[start..<end] {
      if line.hasPrefix("  \"") { entries.append([line]) } else { entries[entries.count - 1].append(line) }
    }
    var targets: Set<String> = []
    for line in lines[start..<end] {
      guard let range = line.range(of: "extends: [\"") else { continue }
      targets.insert(String(line[range.upperBound...].prefix { $0 != "\"" }))
    }
    var kept: [String] = []
    var moved: [String] = []
    for (position, entry) in entries.enumerated() {
      let key = String(entry[0].dropFirst(3).prefix { $0 != "\"" })
      if position % 200 == 199 && !targets.contains(key) { continue }
      if position % 50 == 49 { moved += entry } else { kept += entry }
    }
    // New selectors over the vocabulary's names, none the sheet has.
    let keys = Set(entries.map { String($0[0].dropFirst(3).prefix { $0 != "\"" }) })
    let added = (0..<1_000).lazy.map { "screen\($0 % 30)/part\(50 + $0 % 150)/label" }.filter { !keys.contains($0) }
      .prefix(50).enumerated().map { "  \"\($1)\": { color: $colors.\(["text", "accent"][$0 % 2]) }" }
    lines.replaceSubrange(start..<end, with: kept + moved + added)
    return lines.joined(separator: "\n")
  }
}
