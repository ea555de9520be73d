import Foundation

/// Wall-clock measurement: the best of several runs, since noise only adds time.
enum Measure {
  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  /// Best time of `runs` runs of `body`.
  static func best(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs { best = min(best, try seconds(body)) }
    return best
  }

  /// Operations per second: repeats `body` (which performs `count` operations)
  /// until `minimum` seconds have passed, then keeps the best round.
  static func rate(count: Int, minimum: Double = 0.5, _ body: () -> Void) -> Double {
    var best = Double.infinity
    var total = 0.0
    var rounds = 0
    while total < minimum || rounds < 3 {
      let time = seconds(body)
      best = min(best, time)
      total += time
      rounds += 1
    }
    return Double(count) / best
  }

  /// Runs a command with stdin from `input` and stdout to /dev/null; its wall time.
  static func command(_ path: String, _ arguments: [String], input: String) throws -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
    process.standardOutput = FileHandle.nullDevice
    let time = try seconds {
      try process.run()
      process.waitUntilExit()
    }
    guard process.terminationStatus == 0 else {
      throw BenchError("\(path) \(arguments) exited with \(process.terminationStatus)")
    }
    return time
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
