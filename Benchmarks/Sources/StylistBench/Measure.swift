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

  /// The best time of each of `bodies`, over `runs` rounds that run every
  /// body once in turn (in key order): a noisy stretch of the machine
  /// slows them alike, where runs in a row would pin it on one of them.
  static func bestAlternating(runs: Int, _ bodies: [String: () throws -> Void]) throws -> [String: Double] {
    var best: [String: Double] = [:]
    for _ in 0..<runs {
      for (name, body) in bodies.sorted(by: { $0.key < $1.key }) {
        best[name] = min(best[name] ?? .infinity, try seconds(body))
      }
    }
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

  /// Runs a command with stdin from `input` and stdout to /dev/null; its
  /// wall time, from spawning to reaping it. Not through `Process`: on
  /// Linux its `waitUntilExit()` polls every 50 ms, which rounded every
  /// time up to the next multiple of 50 ms (`/bin/true` took 50.7 ms).
  static func command(_ path: String, _ arguments: [String], input: String) throws -> Double {
    try process(path, arguments, input: input).seconds
  }

  /// `command`'s wall time, and the process's peak resident memory in
  /// bytes (`ru_maxrss` from `wait4`: the whole process, libraries included;
  /// on Linux never less than this process's own peak, see `--peak-rss-of`).
  static func process(_ path: String, _ arguments: [String], input: String) throws -> (
    seconds: Double, peakResidentBytes: Int
  ) {
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var pid = pid_t()
    var status: Int32 = 0
    var spawned: Int32 = 0
    var usage = rusage()
    let time = seconds {
      spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
      if spawned == 0 {
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
      }
    }
    guard spawned == 0 else { throw BenchError("cannot run \(path): \(String(cString: strerror(spawned)))") }
    // Exited normally (no signal) with status 0.
    guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
      throw BenchError("\(path) \(arguments) ended with status \(status)")
    }
    // Kilobytes on Linux, bytes on Darwin.
    #if canImport(Darwin)
      let peak = Int(usage.ru_maxrss)
    #else
      let peak = Int(usage.ru_maxrss) * 1024
    #endif
    return (time, peak)
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
