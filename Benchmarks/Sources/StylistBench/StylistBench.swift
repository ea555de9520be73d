import Foundation
import Stylist

/// `make bench`: generates seeded workloads, measures each against a baseline
/// run in the same process (or the same machine minute), prints a table and,
/// with `--json PATH`, writes the rows as JSON.
@main struct StylistBench {
  static func main() throws {
    var arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--load-rss" {
      // Child mode for the memory workload: load and index one sheet, print peak RSS.
      _ = try LoadBaselines.stylist(arguments[1])
      print(LoadBaselines.peakResidentBytes())
      return
    }
    if arguments.first == "--load-times" {
      // Child mode for the load workload: times in a fresh process.
      print(try Benchmarks.loadTimes(arguments[1]).map { String($0) }.joined(separator: " "))
      return
    }
    if arguments.first == "--load-repeat" {
      // For profiling by hand (`perf record`): load and index one sheet N times,
      // `--one-thread` with libyaml on the calling thread.
      let options = LoadOptions(backgroundParsingThreshold: arguments.contains("--one-thread") ? .max : 64 << 10)
      for _ in 0..<(Int(arguments[2]) ?? 1) { _ = try LoadBaselines.stylist(arguments[1], options: options) }
      return
    }
    if arguments.first == "--write-workloads" {
      // For profiling by hand: the 10k and 100k sheets and the batch input, as `make bench` makes them.
      try Benchmarks.writeWorkloads(to: arguments[1], batchLines: Options().batchLines)
      return
    }
    var options = Options()
    while !arguments.isEmpty {
      let flag = arguments.removeFirst()
      switch flag {
      case "--json": options.json = arguments.removeFirst()
      case "--stylist": options.stylist = arguments.removeFirst()
      case "--batch-lines": options.batchLines = Int(arguments.removeFirst())!
      case "--only": options.only = arguments.removeFirst()
      default: throw BenchError("unknown argument \(flag)")
      }
    }
    var bench = Benchmarks(options: options)
    try bench.run()
    print(Report.table(bench.rows))
    if let json = options.json { try Report.json(bench.rows).write(toFile: json, atomically: true, encoding: .utf8) }
  }
}

struct Options {
  var json: String?
  var stylist = ".build/release/stylist"
  var batchLines = 1_000_000
  var only: String?
}
