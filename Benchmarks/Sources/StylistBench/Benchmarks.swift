import Foundation
import Stylist

struct Benchmarks {
  let options: Options
  var rows: [Row] = []
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-bench-\(getpid())").path

  init(options: Options) { self.options = options }

  private func wants(_ name: String) -> Bool { options.only.map { name.contains($0) } ?? true }

  mutating func run() throws {
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let standard = Workload(selectors: 10_000, nodes: 20_000, seed: 1)
    let standardSheet = try write(standard.yaml, "sheet-10k.yaml")
    if wants("match") {
      rows.append(try queries("best match, 10k selectors, ~300 tokens", standard, naiveGoal: 50, rateGoal: 2_000_000))
    }
    if wants("shared") {
      let shared = Workload(selectors: 10_000, sharedToken: "background", nodes: 20_000, seed: 2)
      rows.append(try queries("best match, 10k selectors, one token", shared, naiveGoal: 10, rateGoal: nil))
    }
    if wants("growth") { try growth() }
    if wants("batch") { try batch(standard, sheet: standardSheet) }
    if wants("load") { try load(standardSheet) }
    if wants("memory") { try memory() }
  }

  private func write(_ text: String, _ name: String) throws -> String {
    let path = scratch + "/" + name
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    return path
  }

  private func index(_ workload: Workload) throws -> StyleIndex {
    StyleIndex(sheets: [try StyleSheet(yaml: workload.yaml, name: "bench.yaml")])
  }

  /// Indexed against naive resolution; both must agree on every sampled node.
  private func queries(_ name: String, _ workload: Workload, naiveGoal: Double, rateGoal: Double?) throws -> Row {
    let index = try index(workload)
    let options = QueryOptions(theme: "dark")
    let naive = NaiveResolver(rules: index.rules, mode: .themed)
    let sample = Array(workload.nodes.prefix(1_000))
    var disagreements = 0
    for node in sample
    where index.bestMatch(for: node, options: options).match?.order != naive.best(for: node, theme: "dark") {
      disagreements += 1
    }
    guard disagreements == 0 else { throw BenchError("\(name): indexed and naive disagree on \(disagreements) nodes") }
    let nodes = workload.nodes
    var found = 0
    let indexed = Measure.rate(count: nodes.count) {
      for node in nodes where index.bestMatch(for: node, options: options).match != nil { found += 1 }
    }
    let slow = Measure.rate(count: sample.count, minimum: 0.2) {
      for node in sample where naive.best(for: node, theme: "dark") != nil { found += 1 }
    }
    let ratio = indexed / slow
    let goal = "≥ \(Int(naiveGoal))× naive" + (rateGoal.map { ", ≥ \(Report.format($0)) q/s" } ?? "")
    return Row(
      workload: name, figure: indexed, unit: "q/s", baselineName: "naive", baseline: slow, ratio: ratio, goal: goal,
      met: ratio >= naiveGoal && indexed >= (rateGoal ?? 0))
  }

  /// Query time as the sheet grows 100-fold in the same shape.
  private mutating func growth() throws {
    var timePerQuery: [Int: Double] = [:]
    for count in [1_000, 10_000, 100_000] {
      let workload = Workload(selectors: count, nodes: 20_000, seed: 3)
      let index = try index(workload)
      let options = QueryOptions(theme: "dark")
      let nodes = workload.nodes
      var found = 0
      let rate = Measure.rate(count: nodes.count) {
        for node in nodes where index.bestMatch(for: node, options: options).match != nil { found += 1 }
      }
      timePerQuery[count] = 1 / rate
      rows.append(
        Row(
          workload: "growth: \(count / 1000)k selectors", figure: rate, unit: "q/s", baselineName: "—", baseline: nil,
          ratio: nil, goal: "", met: true))
    }
    let ratio = timePerQuery[100_000]! / timePerQuery[1_000]!
    rows.append(
      Row(
        workload: "growth 1k → 100k: query time", figure: ratio, unit: "×", baselineName: "1k selectors",
        baseline: nil, ratio: ratio, goal: "≤ 3×", met: ratio <= 3))
  }

  /// The batch input: the workload's nodes, one per line, repeated to `count` lines.
  static func batchInput(_ workload: Workload, lines count: Int) -> String {
    var lines = ""
    lines.reserveCapacity(count * 40)
    for index in 0..<count {
      lines += workload.nodes[index % workload.nodes.count].description
      lines += "\n"
    }
    return lines
  }

  static func writeWorkloads(to folder: String, batchLines: Int) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (size, name) in [(1_000, "1k"), (10_000, "10k"), (100_000, "100k")] {
      for skewed in [false, true] {
        let system = DesignSystem(styles: size, skewedToken: skewed ? "background" : nil, nodes: 20_000, seed: 7)
        let suffix = skewed ? "-skewed" : ""
        try system.yaml.write(toFile: folder + "/ds-\(name)\(suffix).yaml", atomically: false, encoding: .utf8)
        var lines = ""
        for index in 0..<batchLines { lines += system.lines[index % system.lines.count]; lines += "\n" }
        try lines.write(toFile: folder + "/ds-nodes-\(name)\(suffix).txt", atomically: false, encoding: .utf8)
      }
    }
    let standard = Workload(selectors: 10_000, nodes: 20_000, seed: 1)
    try standard.yaml.write(toFile: folder + "/sheet-10k.yaml", atomically: false, encoding: .utf8)
    try Workload(selectors: 100_000, nodes: 1, seed: 4).yaml
      .write(toFile: folder + "/sheet-100k.yaml", atomically: false, encoding: .utf8)
    try batchInput(standard, lines: batchLines).write(toFile: folder + "/nodes.txt", atomically: false, encoding: .utf8)
  }

  /// `stylist batch` end to end against `cat` of the same lines.
  private mutating func batch(_ workload: Workload, sheet: String) throws {
    let input = try write(Self.batchInput(workload, lines: options.batchLines), "nodes.txt")
    let floor = try Measure.command("/bin/cat", [], input: input)
    let time = try Measure.command(options.stylist, ["batch", "-s", sheet], input: input)
    let rate = Double(options.batchLines) / time
    rows.append(
      Row(
        workload: "stylist batch, \(options.batchLines / 1000)k lines, 10k selectors", figure: rate,
        unit: "lines/s", baselineName: "cat", baseline: Double(options.batchLines) / floor,
        ratio: floor / time, goal: "≥ 300k lines/s", met: rate >= 300_000))
  }

  /// Loading the 10k sheet against libyaml's event floor and against Yams,
  /// in a fresh process as a command or an app loads at start: after the
  /// other workloads this process's heap made the two-thread load slower.
  private mutating func load(_ sheet: String) throws {
    let size = try FileManager.default.attributesOfItem(atPath: sheet)[.size] as! Int
    let mb = Double(size) / 1e6
    let times = try child(["--load-times", sheet]).split(separator: " ").compactMap { Double($0) }
    guard times.count == 4 else { throw BenchError("load child printed \(times)") }
    let (floor, ours, ourOneThread, yams) = (times[0], times[1], times[2], times[3])
    rows.append(
      Row(
        workload: String(format: "load 10k styles (%.2f MB)", mb), figure: ours * 1000, unit: "ms",
        baselineName: "libyaml events", baseline: floor * 1000, ratio: ours / floor, goal: "≤ 3× the floor",
        met: ours <= 3 * floor))
    // For information: the same load with libyaml on the calling thread.
    rows.append(
      Row(
        workload: "load 10k styles, one thread", figure: ourOneThread * 1000, unit: "ms",
        baselineName: "libyaml events", baseline: floor * 1000, ratio: ourOneThread / floor, goal: "—",
        met: true))
    rows.append(
      Row(
        workload: "load 10k styles vs Yams", figure: ours * 1000, unit: "ms", baselineName: "Yams.load",
        baseline: yams * 1000, ratio: yams / ours, goal: "faster than Yams", met: ours < yams))
  }

  /// The child's side of `load`: best times of the floor, Stylist (two
  /// threads, one thread) and Yams, in seconds.
  static func loadTimes(_ sheet: String) throws -> [Double] {
    let floor = try Measure.best(runs: 5) { _ = try LoadBaselines.libyamlEvents(sheet) }
    let ours = try Measure.best(runs: 5) { _ = try LoadBaselines.stylist(sheet) }
    let oneThread = LoadOptions(backgroundParsingThreshold: .max)
    let ourOneThread = try Measure.best(runs: 5) { _ = try LoadBaselines.stylist(sheet, options: oneThread) }
    let yams = try Measure.best(runs: 3) { _ = try LoadBaselines.yams(sheet) }
    return [floor, ours, ourOneThread, yams]
  }

  /// Best times of reading a sheet (one thread), indexing it and releasing
  /// both, in seconds: where a load's time goes, for profiling by hand.
  static func loadPhases(_ path: String) throws -> [Double] {
    let options = LoadOptions(backgroundParsingThreshold: .max)
    var best = [Double](repeating: .infinity, count: 3)
    for _ in 0..<8 {
      var sheet: StyleSheet?
      var index: StyleIndex?
      let read = try Measure.seconds { sheet = try StyleSheet(contentsOf: path, options: options) }
      let indexing = Measure.seconds { index = sheet.map { StyleIndex(sheets: [$0]) } }
      let release = Measure.seconds {
        sheet = nil
        index = nil
      }
      withExtendedLifetime((sheet, index)) {}
      best = zip(best, [read, indexing, release]).map { min($0, $1) }
    }
    return best
  }

  /// `rounds` passes of the standard best-match workload without the naive
  /// baseline, for profiling the query path by hand; the matches found.
  static func queryRepeat(rounds: Int) throws -> Int {
    let workload = Workload(selectors: 10_000, nodes: 20_000, seed: 1)
    let index = StyleIndex(sheets: [try StyleSheet(yaml: workload.yaml, name: "bench.yaml")])
    let options = QueryOptions(theme: "dark")
    var found = 0
    for _ in 0..<rounds {
      for node in workload.nodes where index.bestMatch(for: node, options: options).match != nil { found += 1 }
    }
    return found
  }

  /// Runs this executable with `arguments` and returns what it printed.
  private func child(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError("\(arguments) exited with \(process.terminationStatus)")
    }
    return output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Peak RSS of a process that loads and indexes a 100k-style sheet.
  private mutating func memory() throws {
    let workload = Workload(selectors: 100_000, nodes: 1, seed: 4)
    let sheet = try write(workload.yaml, "sheet-100k.yaml")
    let size = Double(try FileManager.default.attributesOfItem(atPath: sheet)[.size] as! Int)
    let output = try child(["--load-rss", sheet])
    guard let peak = Double(output) else { throw BenchError("memory child printed '\(output)'") }
    rows.append(
      Row(
        workload: String(format: "memory, 100k styles (%.1f MB file)", size / 1e6), figure: peak / 1e6, unit: "MB",
        baselineName: "file size", baseline: size / 1e6, ratio: peak / size, goal: "peak RSS ≤ 20× file",
        met: peak <= 20 * size))
  }
}
