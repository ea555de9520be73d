import Foundation
import Stylist

struct Benchmarks {
  let options: Options
  var rows: [Row] = []
  /// With a base build (`Options.base`): its rows beside ours, measured in the same rounds.
  var againstBase: [Row] = []
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-bench-\(getpid())").path

  /// Alternated rounds of runs whose ratios a busy minute moves little.
  static let rounds = 5
  /// Alternated rounds of runs whose ratio has sides a busy minute slows
  /// unequally: the growth row (its 100k runs wait on memory a neighbour
  /// can take, its 1k runs do not) and every load against libyaml's
  /// floor (two threads against one). On one binary in one busy stretch, the
  /// best of five moves either by more than its goal's margin, the best of
  /// fifteen by a third of that.
  static let roundsForUnevenSides = 15

  init(options: Options) { self.options = options }

  private func wants(_ name: String) -> Bool { options.only.map { name.contains($0) } ?? true }

  mutating func run() throws {
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    // `--only base` runs the rows against the base alone (and the 10k
    // `batch` rows they are measured with), without the growth row.
    let againstBase = options.base != nil && wants("base")
    if wants("match") { try libraryQueries() }
    if wants("batch") || againstBase { try designSystemBatch(growth: wants("batch")) }
    if wants("load") { try designSystemLoad() }
    if wants("tokens") { try tokenLoad() }
    if wants("diff") { try designSystemDiff() }
    if wants("lsp") { try languageServer() }
    if let base = options.base, againstBase { try loadAgainstBase(base) }
    // Earlier workloads (literal bodies, a vocabulary that grows with the
    // sheet), kept for the loading rows until those move to the design system.
    if wants("load") { try load(try write(Workload(selectors: 10_000, nodes: 1, seed: 1).yaml, "sheet-10k.yaml")) }
    if wants("memory") { try memory() }
  }

  /// Best match on pre-parsed nodes through the library, beside the naive
  /// resolver (every rule scored); both must agree on every sampled node.
  private mutating func libraryQueries() throws {
    let system = DesignSystem(styles: 10_000, nodes: 20_000, seed: 1)
    let (sheet, engine) = try LoadBaselines.engine(yaml: system.yaml)
    let nodes = system.nodes
    let naive = NaiveResolver(rules: sheet.rules, mode: .themed)
    let sample = Array(nodes.prefix(500))
    var disagreements = 0
    for node in sample where engine.bestMatch(for: node).match?.order != naive.best(for: node, theme: node.theme) {
      disagreements += 1
    }
    guard disagreements == 0 else { throw BenchError("index and naive disagree on \(disagreements) nodes") }
    var found = 0
    let indexed = Measure.rate(count: nodes.count) {
      for node in nodes where engine.bestMatch(for: node).match != nil { found += 1 }
    }
    let slow = Measure.rate(count: sample.count, minimum: 0.2) {
      for node in sample where naive.best(for: node, theme: node.theme) != nil { found += 1 }
    }
    rows.append(
      Row(
        workload: "best match, pre-parsed nodes, 10k styles (library)", figure: indexed, unit: "q/s",
        baselineName: "naive", baseline: slow, ratio: indexed / slow, goal: "—", met: true))
    let applicable = sample.reduce(0) { count, node in
      count
        + engine.rankedCandidates(for: node).count {
          if case .applies = $0.outcome { true } else { false }
        }
    }
    rows.append(
      Row(
        workload: "  applicable selectors per node (mean, 10k)", figure: Double(applicable) / Double(sample.count),
        unit: "", baselineName: "—", baseline: nil, ratio: nil, goal: "—", met: true))
  }

  /// `stylist batch` on design systems of 1k, 10k and 100k styles (and the
  /// 10k one skewed to one token), whole process, load included; a line's
  /// time is that of the same process from its first read of its input to
  /// its exit, over the lines (`Measure.ProcessRun.afterFirstRead`).
  ///
  /// Every command's runs alternate with the others' (the best of each
  /// kept): on this shared machine one run in three or four reads 10–25 %
  /// slow whatever the code, and a slow minute that fell on only one side
  /// of a ratio (the 100k runs, or `--cascade`) moved it by as much as the
  /// goals' margins. Two sets of rounds: the 10k runs (plain, skewed,
  /// `--cascade`, each paired with the base's when there is one) with `cat`
  /// and the C floor (`rounds`), then the growth row's runs, 1k and 100k,
  /// with a pointer chase over 8 MB and 1 MB (`PointerChase`, printed last:
  /// which kind of minute it was), for `roundsForUnevenSides`.
  ///
  /// A line's time is netted of the load within each run: the 100k load
  /// alone varies by hundreds of milliseconds in a busy stretch, so the best
  /// run less the best run on empty input errs high whenever the best run's
  /// load is not also the best load.
  ///
  /// Without `growth`, the 10k runs alone (for `--only base`).
  private mutating func designSystemBatch(growth: Bool) throws {
    let lines = options.batchLines
    func workload(_ styles: Int, skewed: Bool, twoAxes: Bool = false) throws -> (sheet: String, input: String) {
      let workload = Self.batchWorkload(styles: styles, skewed: skewed, twoAxes: twoAxes, lines: lines)
      return (
        try write(workload.yaml, workload.name + ".yaml"), try write(workload.input, workload.name + "-nodes.txt")
      )
    }
    let sizes = growth ? [1_000, 10_000, 100_000] : [10_000]
    var files: [Int: (sheet: String, input: String)] = [:]
    for styles in sizes { files[styles] = try workload(styles, skewed: false) }
    let standard = files[10_000]!
    let skewedFiles = try workload(10_000, skewed: true)
    let axesFiles = try workload(10_000, skewed: false, twoAxes: true)
    // The three 10k runs with goals, as (name, arguments, input).
    let tenK = [
      (name: "batch 10000", arguments: ["batch", "-s", standard.sheet], input: standard.input),
      (name: "skewed", arguments: ["batch", "-s", skewedFiles.sheet], input: skewedFiles.input),
      (name: "cascade", arguments: ["batch", "-s", standard.sheet, "--cascade"], input: standard.input),
    ]

    // The whole run (`batch N`), its start until it reads its input
    // (`load N`), and the rest (`lines N`), each name after `prefix`.
    func watched(_ stylist: String, _ styles: Int, prefix: String = "") -> Measure.Body {
      watched(stylist, files[styles]!, name: "\(styles)", prefix: prefix)
    }
    func watched(_ stylist: String, _ sheet: (sheet: String, input: String), name: String, prefix: String = "")
      -> Measure.Body
    {
      {
        let batch = try Measure.process(
          stylist, ["batch", "-s", sheet.sheet], input: sheet.input, watchingInput: true)
        guard let untilFirstRead = batch.untilFirstRead, let afterFirstRead = batch.afterFirstRead else {
          throw BenchError("\(stylist) batch on \(sheet.sheet) exited before reading its input")
        }
        return [
          "\(prefix)batch \(name)": batch.seconds, "\(prefix)load \(name)": untilFirstRead,
          "\(prefix)lines \(name)": afterFirstRead,
        ]
      }
    }
    func timedRun(_ name: String, _ binary: String, _ arguments: [String], input: String) -> (String, Measure.Body) {
      Measure.timed(name) { _ = try Measure.command(binary, arguments, input: input) }
    }

    // The 10k runs set the rate goals, beside `cat` and the floor, each run
    // paired with the base's (`Measure.pair`) when there is one; the 1k and
    // 100k runs only the growth row.
    var commands = Dictionary(uniqueKeysWithValues: [timedRun("cat", "/bin/cat", [], input: standard.input)])
    // `coverage` over the lines `--cascade` answers, in the same rounds
    // (exit 1: the lines leave styles unused).
    let stylist = options.stylist
    commands["coverage"] =
      Measure.timed("coverage") {
        _ = try Measure.command(
          stylist, ["coverage", "-s", standard.sheet, "--nodes", "-", "--format", "json"], input: standard.input,
          exitStatuses: [0, 1])
      }.1
    commands["batch axes"] = watched(options.stylist, axesFiles, name: "axes")
    for run in tenK {
      func body(_ stylist: String, prefix: String) -> Measure.Body {
        run.name == "batch 10000"
          ? watched(stylist, 10_000, prefix: prefix)
          : timedRun(prefix + run.name, stylist, run.arguments, input: run.input).1
      }
      let ours = body(options.stylist, prefix: "")
      commands[run.name] = options.base.map { Measure.pair(ours, body($0, prefix: "base ")) } ?? ours
    }
    if let floor = options.floor {
      // The floor writes as many bytes a line as `batch` does on the same input.
      for run in tenK {
        let average = Double(try Measure.outputBytes(options.stylist, run.arguments, input: run.input)) / Double(lines)
        let (name, body) = timedRun("floor " + run.name, floor, [String(format: "%.3f", average)], input: run.input)
        commands[name] = body
      }
    }
    // How far memory is, timed in the same rounds as the runs it explains
    // (with no growth row, no rounds).
    let chaseLoads = 4_000_000
    let chases = [(name: "chase 1 MB", bytes: 1 << 20), (name: "chase 8 MB", bytes: 8 << 20)].map {
      (name: $0.name, chase: PointerChase(bytes: $0.bytes))
    }
    var growthCommands = Dictionary(
      uniqueKeysWithValues: (growth ? chases : []).map { entry in
        Measure.timed(entry.name) {
          if entry.chase.run(loads: chaseLoads) < 0 { throw BenchError("the chase left its buffer") }
        }
      })
    for styles in sizes where styles != 10_000 { growthCommands["batch \(styles)"] = watched(options.stylist, styles) }
    let every = try Measure.everyAlternating(runs: Self.rounds, commands)
    let best = every.mapValues { $0.min()! }
      .merging(try Measure.leastAlternating(runs: Self.roundsForUnevenSides, growthCommands)) { first, _ in first }

    let rate = { (name: String) in Double(lines) / best[name]! }
    // `batch`'s rate as a share of the floor's on the same input.
    func floorRow(_ name: String) {
      guard let floor = best["floor " + name] else { return }
      rows.append(
        Row(
          workload: "  against the floor (C: split, intern, write as much)", figure: rate(name),
          unit: "lines/s", baselineName: "floor", baseline: rate("floor " + name), ratio: floor / best[name]!,
          goal: "—", met: true))
    }
    let plain = best["batch 10000"]!
    rows.append(
      Row(
        workload: "stylist batch, \(lines / 1000)k lines, 10k styles, whole process", figure: rate("batch 10000"),
        unit: "lines/s", baselineName: "cat", baseline: rate("cat"), ratio: best["cat"]! / plain,
        goal: "≥ 1M lines/s", met: rate("batch 10000") >= 1_000_000))
    floorRow("batch 10000")
    rows.append(
      Row(
        workload: "  of which load and index (until it reads input)", figure: best["load 10000"]! * 1000, unit: "ms",
        baselineName: "—", baseline: nil, ratio: nil, goal: "—", met: true))

    rows.append(
      Row(
        workload: "same, skewed: every token `background`", figure: rate("skewed"), unit: "lines/s",
        baselineName: "cat", baseline: rate("cat"), ratio: best["cat"]! / best["skewed"]!, goal: "≥ 600k lines/s",
        met: rate("skewed") >= 600_000))
    floorRow("skewed")

    rows.append(
      Row(
        workload: "same, two axes (appearance × density)", figure: rate("batch axes"), unit: "lines/s",
        baselineName: "one axis", baseline: rate("batch 10000"), ratio: plain / best["batch axes"]!,
        goal: "≥ 0.9× one axis", met: plain / best["batch axes"]! >= 0.9))
    let axesLoad = best["load axes"]! / best["load 10000"]!
    rows.append(
      Row(
        workload: "  of which load and index", figure: best["load axes"]! * 1000, unit: "ms",
        baselineName: "one axis", baseline: best["load 10000"]! * 1000, ratio: axesLoad,
        goal: "≤ 1.2× one axis", met: axesLoad <= 1.2))

    let cascade = best["cascade"]!
    rows.append(
      Row(
        workload: "stylist batch --cascade, 10k styles", figure: rate("cascade"), unit: "lines/s",
        baselineName: "plain batch", baseline: rate("batch 10000"), ratio: plain / cascade,
        goal: "≥ 0.5× plain", met: plain / cascade >= 0.5))
    floorRow("cascade")

    let coverage = best["coverage"]! / cascade
    rows.append(
      Row(
        workload: "stylist coverage, the same lines, 10k styles", figure: rate("coverage"), unit: "lines/s",
        baselineName: "batch --cascade", baseline: rate("cascade"), ratio: coverage,
        goal: "≤ 1.5× --cascade's time", met: coverage <= 1.5))

    if options.base != nil {
      // Rates: the base's time over ours.
      func compareRate(_ workload: String, _ name: String, goal: Double) {
        compare(
          workload, ours: rate(name), base: rate("base " + name),
          ratio: Measure.medianRatio(every, "base " + name, name), unit: "lines/s", goal: goal)
      }
      compareRate("stylist batch, \(lines / 1000)k lines, 10k styles", "batch 10000", goal: BaseGoals.batchRate)
      compare(
        "  of which load and index", ours: best["load 10000"]! * 1000, base: best["base load 10000"]! * 1000,
        ratio: Measure.medianRatio(every, "load 10000", "base load 10000"), unit: "ms", goal: nil)
      compareRate("same, skewed: every token `background`", "skewed", goal: BaseGoals.batchRate)
      compareRate("stylist batch --cascade, 10k styles", "cascade", goal: BaseGoals.cascadeRate)
    }

    guard growth else { return }
    var perLine: [Int: Double] = [:]
    for styles in sizes {
      let load = best["load \(styles)"]!
      perLine[styles] = best["lines \(styles)"]! / Double(lines)
      rows.append(
        Row(
          workload: "  per line, net of load, \(styles / 1000)k styles", figure: perLine[styles]! * 1e9, unit: "ns",
          baselineName: "load", baseline: load * 1e9 / Double(lines), ratio: nil, goal: "—", met: true))
    }
    let growth = perLine[100_000]! / perLine[1_000]!
    rows.append(
      Row(
        workload: "per-line time 1k → 100k styles, net of load", figure: growth, unit: "×", baselineName: "1k styles",
        baseline: nil, ratio: growth, goal: "≤ 1.5×", met: growth <= 1.5))
    let latency = chases.map { best[$0.name]! / Double(chaseLoads) * 1e9 }
    rows.append(
      Row(
        workload: "  memory latency this run: random loads over 8 MB", figure: latency[1], unit: "ns",
        baselineName: "over 1 MB", baseline: latency[0], ratio: latency[1] / latency[0], goal: "—", met: true))
  }

  /// The goals against the base build: `batch` (plain and skewed) at least
  /// the base's rate, `--cascade` at least 0.8× it, the 100k-style load at
  /// most 1.25× its time and 1.2× its peak RSS.
  enum BaseGoals {
    static let batchRate = 1.0
    static let cascadeRate = 0.8
    static let loadTime = 1.25
    static let peakMemory = 1.2
  }

  /// A row of the table against the base: the best figures of each, and
  /// `ratio`, ours / base (the median of the rounds' pairs), for a rate
  /// (more is better: the goal is a least ratio) or a cost (time, memory:
  /// the goal is a most ratio).
  private mutating func compare(
    _ workload: String, ours: Double, base: Double, ratio: Double, unit: String, goal: Double?
  ) {
    let moreIsBetter = unit.hasSuffix("/s")
    againstBase.append(
      Row(
        workload: workload, figure: ours, unit: unit, baselineName: "", baseline: base, ratio: ratio,
        goal: goal.map { (moreIsBetter ? "≥ " : "≤ ") + Report.format($0) + "× base" } ?? "—",
        met: goal.map { moreIsBetter ? ratio >= $0 : ratio <= $0 } ?? true))
  }

  /// Loading realistic sheets as a user meets it: `stylist match -s SHEET
  /// NODE` as a whole process (load, index, one answer, exit) beside a
  /// process that only parses the same file to libyaml events, runs
  /// alternating so both see the same machine (and `stylist lint SHEET`
  /// with them); then Yams, and peak RSS.
  private mutating func designSystemLoad() throws {
    let this = CommandLine.arguments[0]
    var sheets: [Int: String] = [:]
    for styles in [10_000, 100_000] {
      let sheet = try loadSheet(styles: styles)
      sheets[styles] = sheet
      let mb = Double(try FileManager.default.attributesOfItem(atPath: sheet)[.size] as! Int) / 1e6
      var (floor, ours, lint) = (Double.infinity, Double.infinity, Double.infinity)
      var lintWithoutContrast = Double.infinity
      for _ in 0..<Self.roundsForUnevenSides {
        floor = min(floor, try Measure.command(this, ["--libyaml-events", sheet], input: "/dev/null"))
        ours = min(ours, try Measure.command(options.stylist, ["match", "-s", sheet, "title"], input: "/dev/null"))
        lint = min(lint, try Measure.command(options.stylist, ["lint", sheet], input: "/dev/null"))
        lintWithoutContrast = min(
          lintWithoutContrast,
          try Measure.command(options.stylist, ["lint", "--ignore", "low-contrast", sheet], input: "/dev/null"))
      }
      rows.append(
        Row(
          workload: String(format: "stylist match, %dk-style design system (%.1f MB)", styles / 1000, mb),
          figure: ours * 1000, unit: "ms", baselineName: "libyaml events (process)", baseline: floor * 1000,
          ratio: ours / floor, goal: "≤ 2.5× libyaml", met: ours <= 2.5 * floor))
      // What CI pays to check the sheet: `lint` adds the never-wins check
      // and builds no trie (it queries nothing). After the match rows.
      let lintRow = Row(
        workload: "  stylist lint, same sheet (process)", figure: lint * 1000, unit: "ms",
        baselineName: "libyaml events (process)", baseline: floor * 1000, ratio: lint / floor, goal: "—",
        met: true)
      // The contrast check's share: `lint` beside `lint --ignore
      // low-contrast`, which does not run it, in the same rounds.
      let contrastRow = Row(
        workload: "  stylist lint with low-contrast, same sheet (process)", figure: lint * 1000, unit: "ms",
        baselineName: "lint --ignore low-contrast", baseline: lintWithoutContrast * 1000,
        ratio: lint / lintWithoutContrast, goal: "≤ 1.2×", met: lint <= 1.2 * lintWithoutContrast)
      guard styles == 100_000 else {
        rows.append(lintRow)
        rows.append(contrastRow)
        continue
      }
      let yams = try Measure.best(runs: 2) {
        _ = try Measure.command(this, ["--yams-load", sheet], input: "/dev/null")
      }
      rows.append(
        Row(
          workload: "  same, 100k, against Yams.load (process)", figure: ours * 1000, unit: "ms",
          baselineName: "Yams.load", baseline: yams * 1000, ratio: yams / ours, goal: "faster than Yams",
          met: ours < yams))
      // The same `stylist match` process, the largest peak of three runs.
      var bytes = 0.0
      for _ in 0..<3 { bytes = max(bytes, try peakResidentBytes([options.stylist, "match", "-s", sheet, "title"])) }
      rows.append(
        Row(
          workload: String(format: "  peak RSS of that process (%.1f MB file)", mb), figure: bytes / 1e6,
          unit: "MB", baselineName: "file size", baseline: mb, ratio: bytes / (mb * 1e6), goal: "≤ 10× file",
          met: bytes <= 10 * mb * 1e6))
      rows.append(lintRow)
    }
  }

  /// Loading a design-token set as a user meets it: `stylist match -s
  /// SHEET title` as a whole process, where the sheet names the set's
  /// resolver (`TokenSet`), beside one process that parses the same files
  /// (the sheet, the resolver, every token file) to libyaml events, runs
  /// alternating. The set is checked first (`TokenSet.check`).
  private mutating func tokenLoad() throws {
    let set = TokenSet(tokens: Self.tokenCount, seed: 11)
    let paths = try set.files.map { try write($0.text, $0.path) }
    let sheet = paths[0]
    try TokenSet.check(sheet: sheet)
    let bytes = try paths.reduce(0) { $0 + (try FileManager.default.attributesOfItem(atPath: $1)[.size] as! Int) }
    let this = CommandLine.arguments[0]
    var (floor, ours) = (Double.infinity, Double.infinity)
    for _ in 0..<Self.roundsForUnevenSides {
      floor = min(floor, try Measure.command(this, ["--libyaml-events"] + paths, input: "/dev/null"))
      ours = min(ours, try Measure.command(options.stylist, ["match", "-s", sheet, "title"], input: "/dev/null"))
    }
    rows.append(
      Row(
        workload: String(
          format: "stylist match, %.1fk-token set, 2 modifiers × 2 contexts (%d files, %.2f MB)",
          Double(set.baseTokens) / 1000, paths.count, Double(bytes) / 1e6),
        figure: ours * 1000, unit: "ms", baselineName: "libyaml events (process)", baseline: floor * 1000,
        ratio: ours / floor, goal: "≤ 2.5× libyaml", met: ours <= 2.5 * floor))
  }

  /// `stylist lsp` on the 10k-style design-system sheet: a one-character
  /// `didChange` to its `publishDiagnostics`, and a completion after `$`,
  /// 50 of each (median and worst), against a whole-process `stylist lint`
  /// of the same file in the same run (its median of 5).
  private mutating func languageServer() throws {
    let sheet = try loadSheet(styles: 10_000)
    let (change, completion) = try LanguageServerSession.latencies(stylist: options.stylist, sheet: sheet, edits: 50)
    var lints: [Double] = []
    for _ in 0..<5 { lints.append(try Measure.command(options.stylist, ["lint", sheet], input: "/dev/null")) }
    let lint = lints.sorted()[lints.count / 2]
    func row(_ workload: String, _ seconds: Double) -> Row {
      Row(
        workload: workload, figure: seconds * 1000, unit: "ms", baselineName: "stylist lint (process)",
        baseline: lint * 1000, ratio: seconds / lint, goal: "≤ lint", met: seconds <= lint)
    }
    let sortedChange = change.sorted()
    let sortedCompletion = completion.sorted()
    rows.append(row("stylist lsp, 10k design system: didChange → diagnostics, median of 50", sortedChange[25]))
    rows.append(row("  same, worst of 50", sortedChange.last!))
    rows.append(row("  completion after $, median of 50", sortedCompletion[25]))
    rows.append(row("  completion after $, worst of 50", sortedCompletion.last!))
  }

  /// Tokens in the token workload's base set (`TokenSet`).
  static let tokenCount = 5_000

  /// The design-system sheet the load rows read (the same file for every row).
  private func loadSheet(styles: Int) throws -> String {
    let name = "ds-load-\(styles / 1000)k.yaml"
    if FileManager.default.fileExists(atPath: scratch + "/" + name) { return scratch + "/" + name }
    return try write(DesignSystem(styles: styles, nodes: 1, seed: 7).yaml, name)
  }

  /// The 100k-style load against the base: `stylist match -s SHEET title`
  /// of each build in pairs (`Measure.pair`, `rounds`: both sides are the
  /// same kind of process), then the peak RSS of each, the largest of three
  /// alternating runs.
  private mutating func loadAgainstBase(_ base: String) throws {
    let sheet = try loadSheet(styles: 100_000)
    let (ours, arguments) = (options.stylist, ["match", "-s", sheet, "title"])
    let every = try Measure.everyAlternating(
      runs: Self.rounds,
      [
        "match": Measure.pair(
          Measure.timed("ours") { _ = try Measure.command(ours, arguments, input: "/dev/null") }.1,
          Measure.timed("base") { _ = try Measure.command(base, arguments, input: "/dev/null") }.1)
      ])
    compare(
      "stylist match, 100k-style design system (load, index, one answer)", ours: every["ours"]!.min()! * 1000,
      base: every["base"]!.min()! * 1000, ratio: Measure.medianRatio(every, "ours", "base"), unit: "ms",
      goal: BaseGoals.loadTime)
    var peaks = (ours: 0.0, base: 0.0)
    for _ in 0..<3 {
      peaks.ours = max(peaks.ours, try peakResidentBytes([ours] + arguments))
      peaks.base = max(peaks.base, try peakResidentBytes([base] + arguments))
    }
    compare(
      "  peak RSS of that process", ours: peaks.ours / 1e6, base: peaks.base / 1e6, ratio: peaks.ours / peaks.base,
      unit: "MB", goal: BaseGoals.peakMemory)
  }

  /// The peak RSS of a whole process, through a small child (`--peak-rss-of`).
  private func peakResidentBytes(_ command: [String]) throws -> Double {
    let output = try child(["--peak-rss-of"] + command)
    guard let peak = Double(output) else { throw BenchError("peak RSS child printed '\(output)'") }
    return peak
  }

  /// Writes a workload file and waits until it is on disk: a run timed
  /// while the kernel still writes back the bench's own megabytes of input
  /// shares the two cores with that writeback (a million `batch` lines
  /// took 8 % longer right after their file was written than after `sync`).
  func write(_ text: String, _ name: String) throws -> String {
    let path = scratch + "/" + name
    if let folder = name.lastIndex(of: "/") {
      try FileManager.default.createDirectory(
        atPath: scratch + "/" + String(name[..<folder]), withIntermediateDirectories: true)
    }
    try text.write(toFile: path, atomically: false, encoding: .utf8)
    guard let file = FileHandle(forWritingAtPath: path) else { throw BenchError("cannot reopen \(path)") }
    defer { try? file.close() }
    try file.synchronize()
    return path
  }

  /// A `batch` workload: the design system's sheet, and `lines` node lines,
  /// each drawn on its own (no block of lines is repeated: a tool's million
  /// nodes are not one hundred thousand ten times over, and repeats would
  /// spare a large sheet most of its distinct answers).
  static func batchWorkload(styles: Int, skewed: Bool, twoAxes: Bool = false, lines: Int) -> (
    name: String, yaml: String, input: String
  ) {
    let system = DesignSystem(
      styles: styles, skewedToken: skewed ? "background" : nil, twoAxes: twoAxes, nodes: lines, seed: 7)
    var text = ""
    text.reserveCapacity(lines * 64)
    for line in system.lines {
      text += line
      text += "\n"
    }
    return ("ds-\(styles / 1000)k\(skewed ? "-skewed" : "")\(twoAxes ? "-axes" : "")", system.yaml, text)
  }

  /// The sheets and inputs `make bench` generates, for profiling by hand:
  /// the design systems (`ds-*.yaml`, `ds-*-nodes.txt`, `lines` lines each)
  /// the earlier sheets the loading rows use, and the token set
  /// (`tokens-app.yaml` and the folder `tokens/`), checked.
  static func writeWorkloads(to folder: String, batchLines lines: Int) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (styles, skewed, twoAxes) in [
      (1_000, false, false), (10_000, false, false), (10_000, true, false), (10_000, false, true),
      (100_000, false, false),
    ] {
      let workload = batchWorkload(styles: styles, skewed: skewed, twoAxes: twoAxes, lines: lines)
      let name = folder + "/" + workload.name
      try workload.yaml.write(toFile: name + ".yaml", atomically: false, encoding: .utf8)
      try workload.input.write(toFile: name + "-nodes.txt", atomically: false, encoding: .utf8)
    }
    try Workload(selectors: 10_000, nodes: 1, seed: 1).yaml
      .write(toFile: folder + "/sheet-10k.yaml", atomically: false, encoding: .utf8)
    try Workload(selectors: 100_000, nodes: 1, seed: 4).yaml
      .write(toFile: folder + "/sheet-100k.yaml", atomically: false, encoding: .utf8)
    let tokens = TokenSet(tokens: tokenCount, seed: 11)
    for file in tokens.files {
      let path = folder + "/" + file.path
      try FileManager.default.createDirectory(
        atPath: String(path[..<path.lastIndex(of: "/")!]), withIntermediateDirectories: true)
      try file.text.write(toFile: path, atomically: false, encoding: .utf8)
    }
    try TokenSet.check(sheet: folder + "/" + TokenSet.sheetPath)
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
  /// threads, one thread) and Yams, in seconds. The first three alternate,
  /// as the two-thread load and the one-thread floor are a ratio's uneven sides.
  static func loadTimes(_ sheet: String) throws -> [Double] {
    let best = try Measure.bestAlternating(
      runs: roundsForUnevenSides,
      [
        "floor": { _ = try LoadBaselines.libyamlEvents(sheet) },
        "ours": { _ = try LoadBaselines.engine(sheet) },
        "ours, one thread": { _ = try LoadBaselines.engine(sheet, options: LoadBaselines.oneThread) },
      ])
    let yams = try Measure.best(runs: 3) { _ = try LoadBaselines.yams(sheet) }
    return [best["floor"]!, best["ours"]!, best["ours, one thread"]!, yams]
  }

  /// Best times of reading a sheet (one thread), indexing it and releasing
  /// both, in seconds: where a load's time goes, for profiling by hand.
  static func loadPhases(_ path: String) throws -> [Double] {
    let options = LoadBaselines.oneThread
    var best = [Double](repeating: .infinity, count: 3)
    for _ in 0..<8 {
      var sheet: StyleSheet?
      var engine: StyleEngine?
      let read = try Measure.seconds { sheet = try StyleSheet(contentsOf: path, options: options) }
      let indexing = Measure.seconds { engine = sheet.map { StyleEngine(sheets: [$0]) } }
      let release = Measure.seconds {
        sheet = nil
        engine = nil
      }
      withExtendedLifetime((sheet, engine)) {}
      best = zip(best, [read, indexing, release]).map { min($0, $1) }
    }
    return best
  }

  /// `rounds` passes of the design-system best-match workload (10k styles)
  /// without the naive baseline, for profiling the query path by hand; the
  /// matches found.
  static func queryRepeat(rounds: Int) throws -> Int {
    let system = DesignSystem(styles: 10_000, nodes: 20_000, seed: 1)
    let engine = try LoadBaselines.engine(yaml: system.yaml).engine
    let nodes = system.nodes
    var found = 0
    for _ in 0..<rounds {
      for node in nodes where engine.bestMatch(for: node).match != nil { found += 1 }
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
