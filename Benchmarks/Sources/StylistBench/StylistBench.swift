import Foundation
import Stylist

/// `make bench`: generates seeded workloads, measures each against a baseline
/// run in the same process (or the same machine minute), prints a table and,
/// with `--json PATH`, writes the rows as JSON.
@main struct StylistBench {
  static func main() {
    do {
      try run(Array(CommandLine.arguments.dropFirst()))
    } catch {
      FileHandle.standardError.write(Data("StylistBench: error: \(error)\n\(usage)".utf8))
      exit(2)
    }
  }

  static let usage = """
    usage: StylistBench [--stylist PATH] [--floor PATH] [--base-stylist PATH [--base-name NAME]]
                        [--json PATH] [--batch-lines N] [--only NAME]
      --floor PATH                   Benchmarks/Floor/batch-floor.c built: the `batch` rows as its share
      --base-stylist PATH            another build's `stylist`, run in the same rounds: a second table
      --only NAME                    the parts whose name holds NAME: match, batch, load, tokens, diff, memory,
                                     or base (the rows against the base and the 10k batch runs alone)
      by hand, for profiling (see docs/PERFORMANCE.md):
        --write-workloads DIR          the sheets, batch input and token set `make bench` generates
        --load-repeat SHEET N [--one-thread]   load and index SHEET N times
        --load-phases SHEET            best ms of reading, indexing and releasing (one thread)
        --query-repeat N               N rounds of the 10k best-match workload, no baseline
      child modes the bench runs itself: --load-times SHEET, --load-rss SHEET, --libyaml-events FILE…,
        --peak-rss-of COMMAND…

    """

  static func run(_ arguments: [String]) throws {
    var arguments = arguments
    func value(_ index: Int) throws -> String {
      guard index < arguments.count else { throw BenchError("\(arguments[0]) needs a value") }
      return arguments[index]
    }
    func count(_ index: Int) throws -> Int {
      guard let count = Int(try value(index)), count > 0 else { throw BenchError("\(arguments[0]) needs a count") }
      return count
    }
    switch arguments.first {
    case "--load-rss":
      // Child mode for the memory workload: load and index one sheet, print peak RSS.
      _ = try LoadBaselines.engine(try value(1))
      print(LoadBaselines.peakResidentBytes())
      return
    case "--peak-rss-of":
      // Child mode: runs a command and prints its peak RSS. The command is
      // spawned from this small process because Linux starts a spawned
      // process's peak at its parent's (the memory it shared until `exec`),
      // and the bench holding its workloads is far larger than `stylist`.
      print(try Measure.process(try value(1), Array(arguments.dropFirst(2)), input: "/dev/null").peakResidentBytes)
      return
    case "--rss-phases":
      // Peak RSS after loading the sheet (one thread) and after indexing
      // it, then the RSS after each, in MB: where a load's memory goes.
      let sheet = try StyleSheet(contentsOf: try value(1), options: LoadBaselines.oneThread)
      let (afterLoad, rssAfterLoad) = (LoadBaselines.peakResidentBytes(), LoadBaselines.residentBytes())
      let engine = StyleEngine(sheets: [sheet])
      let (afterIndex, rssAfterIndex) = (LoadBaselines.peakResidentBytes(), LoadBaselines.residentBytes())
      print(
        "peak RSS after load \(afterLoad >> 20) MB, after index \(afterIndex >> 20) MB;",
        "RSS after load \(rssAfterLoad >> 20) MB, after index \(rssAfterIndex >> 20) MB;",
        sheet.rules.count, "rules")
      withExtendedLifetime(engine) {}
      return
    case "--libyaml-events":
      // Child mode: a process that parses the files to events, one after
      // the other, the floor a whole `stylist` process is measured against.
      _ = try value(1)
      print(try arguments.dropFirst().reduce(0) { $0 + (try LoadBaselines.libyamlEvents($1)) })
      return
    case "--yams-load":
      print(try LoadBaselines.yams(try value(1)))
      return
    case "--load-times":
      // Child mode for the load workload: times in a fresh process.
      print(try Benchmarks.loadTimes(try value(1)).map { String($0) }.joined(separator: " "))
      return
    case "--load-repeat":
      let options = arguments.contains("--one-thread") ? LoadBaselines.oneThread : LoadOptions()
      let (sheet, repeats) = (try value(1), try count(2))
      for _ in 0..<repeats { _ = try LoadBaselines.engine(sheet, options: options) }
      return
    case "--load-phases":
      print(try Benchmarks.loadPhases(try value(1)).map { String(format: "%.2f", $0 * 1000) }.joined(separator: " "))
      return
    case "--query-repeat":
      print(try Benchmarks.queryRepeat(rounds: try count(1)))
      return
    case "--write-workloads":
      try Benchmarks.writeWorkloads(to: try value(1), batchLines: Options().batchLines)
      return
    default:
      break
    }
    var options = Options()
    while !arguments.isEmpty {
      switch arguments[0] {
      case "--json": options.json = try value(1)
      case "--stylist": options.stylist = try value(1)
      case "--floor": options.floor = try value(1)
      case "--base-stylist": options.base = try value(1)
      case "--base-name": options.baseName = try value(1)
      case "--batch-lines": options.batchLines = try count(1)
      case "--only": options.only = try value(1)
      default: throw BenchError("unknown argument \(arguments[0])")
      }
      arguments.removeFirst(2)
    }
    var bench = Benchmarks(options: options)
    try bench.run()
    print(Report.table(bench.rows))
    if !bench.againstBase.isEmpty {
      print(
        """

        The working tree's `stylist` against \(options.baseName) (\(options.base ?? "")).
        Figures: the best run of each. Ratio: working tree / base, the median over the rounds of two
        back-to-back runs (peak RSS: of the largest of each); above 1 is faster for rates, slower or
        larger for times and memory.
        """)
      print(Report.table(bench.againstBase, baselineHeader: "base"))
    }
    if let json = options.json {
      let comparisons = bench.againstBase.map { row in
        var row = row
        row.workload = "against base: " + row.workload.trimmingCharacters(in: .whitespaces)
        return row
      }
      try Report.json(bench.rows + comparisons).write(toFile: json, atomically: true, encoding: .utf8)
    }
  }
}

struct Options {
  var json: String?
  var stylist = ".build/release/stylist"
  /// The `batch` floor's binary (`Benchmarks/Floor/batch-floor.c`); without it, no floor rows.
  var floor: String?
  /// A base build's `stylist`, run beside `stylist` in the same rounds (`Benchmarks.againstBase`).
  var base: String?
  var baseName = "the base"
  var batchLines = 1_000_000
  var only: String?
}
