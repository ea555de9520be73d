import Foundation

/// Wall-clock measurement: the best of several runs, since noise only adds time.
enum Measure {
  /// A body of the alternating rounds: runs once, reports its figures by name.
  typealias Body = () throws -> [String: Double]

  static func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    return seconds(from: start, to: .now)
  }

  /// Best time of `runs` runs of `body`.
  static func best(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs { best = min(best, try seconds(body)) }
    return best
  }

  /// The best time of each of `bodies` over alternating rounds (`leastAlternating`).
  static func bestAlternating(runs: Int, _ bodies: [String: () throws -> Void]) throws -> [String: Double] {
    try leastAlternating(runs: runs, Dictionary(uniqueKeysWithValues: bodies.map { timed($0.key, $0.value) }))
  }

  /// `body` as a body of `leastAlternating` whose one figure, `name`, is its time.
  static func timed(_ name: String, _ body: @escaping () throws -> Void) -> (String, Body) {
    (name, { [name: try seconds(body)] })
  }

  /// The least of each figure the bodies report (by name), over `runs`
  /// rounds that run every body once in turn (in key order): a noisy
  /// stretch of the machine slows them alike, where runs in a row would
  /// pin it on one of them.
  static func leastAlternating(runs: Int, _ bodies: [String: Body]) throws -> [String: Double] {
    try everyAlternating(runs: runs, bodies).mapValues { $0.min()! }
  }

  /// Every figure the bodies report, by name, one value a round in round
  /// order (rounds as in `leastAlternating`).
  static func everyAlternating(runs: Int, _ bodies: [String: Body]) throws -> [String: [Double]] {
    var every: [String: [Double]] = [:]
    for _ in 0..<runs {
      for (_, body) in bodies.sorted(by: { $0.key < $1.key }) {
        every.merge(try body().mapValues { [$0] }, uniquingKeysWith: +)
      }
    }
    return every
  }

  /// Two bodies back to back, the one first that went second the time
  /// before: the two runs of a pair see one stretch of the machine. A
  /// round's figures of the two give one ratio; the median of those over
  /// the rounds moves far less with a busy machine than the ratio of the
  /// two bodies' least figures, each taken in whichever round was quietest.
  static func pair(_ first: @escaping Body, _ second: @escaping Body) -> Body {
    var swapped = true
    return {
      swapped.toggle()
      let (one, other) = swapped ? (second, first) : (first, second)
      return try one().merging(try other()) { figure, _ in figure }
    }
  }

  /// The median of the rounds' ratios `numerator / denominator` (`pair`).
  static func medianRatio(_ every: [String: [Double]], _ numerator: String, _ denominator: String) -> Double {
    let ratios = zip(every[numerator]!, every[denominator]!).map { $0 / $1 }.sorted()
    let middle = ratios.count / 2
    return ratios.count % 2 == 1 ? ratios[middle] : (ratios[middle - 1] + ratios[middle]) / 2
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
  /// `exitStatuses` are the statuses that end it well (`coverage` exits 1
  /// when some style is unused).
  static func command(_ path: String, _ arguments: [String], input: String, exitStatuses: Set<Int32> = [0]) throws
    -> Double
  {
    try process(path, arguments, input: input, exitStatuses: exitStatuses).seconds
  }

  /// How many bytes a command writes to its stdout, with stdin from
  /// `input` (counted through a pipe, not timed).
  static func outputBytes(_ path: String, _ arguments: [String], input: String) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input))
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    var bytes = 0
    while let chunk = try pipe.fileHandleForReading.read(upToCount: 1 << 20), !chunk.isEmpty { bytes += chunk.count }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchError("\(path) \(arguments) exited with \(process.terminationStatus)")
    }
    return bytes
  }

  /// A whole-process run, timed from outside the process.
  struct ProcessRun {
    /// From spawning the process to reaping it.
    var seconds: Double
    /// From spawning it to its first read of its input, when watched
    /// (`process(…, watchingInput: true)`).
    var untilFirstRead: Double?
    /// `ru_maxrss` from `wait4`: the whole process, libraries included; on
    /// Linux never less than this process's own peak (see `--peak-rss-of`).
    var peakResidentBytes: Int

    /// From its first read of its input to its exit: what the process
    /// spends on its input (and on exiting), whatever its start took.
    var afterFirstRead: Double? { untilFirstRead.map { seconds - $0 } }
  }

  /// Runs a command as `command` does, and with `watchingInput` also
  /// notes when it first reads its input: `input` is opened here and the
  /// child's stdin is a duplicate of that descriptor, so the two share one
  /// file offset, which moves when the child reads (POSIX, no `/proc`).
  /// Until then this thread looks at the offset every 200 µs or so, so the
  /// moment is noted at most that late (0.2 ns a line over a million
  /// lines); after, it only waits.
  static func process(
    _ path: String, _ arguments: [String], input: String, watchingInput: Bool = false,
    exitStatuses: Set<Int32> = [0]
  ) throws -> ProcessRun {
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let inputDescriptor = open(input, O_RDONLY | O_CLOEXEC)
    guard inputDescriptor >= 0 else { throw BenchError("cannot open \(input): \(String(cString: strerror(errno)))") }
    defer { close(inputDescriptor) }
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inputDescriptor, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var pid = pid_t()
    var status: Int32 = 0
    var usage = rusage()
    let start = ContinuousClock.now
    let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw BenchError("cannot run \(path): \(String(cString: strerror(spawned)))") }
    var firstRead: ContinuousClock.Instant?
    var reaped = false
    while watchingInput && !reaped {
      if lseek(inputDescriptor, 0, SEEK_CUR) > 0 {
        firstRead = .now
        break
      }
      switch wait4(pid, &status, WNOHANG, &usage) {
      case pid: reaped = true
      case let failed where failed < 0 && errno != EINTR:
        throw BenchError("cannot wait for \(path): \(String(cString: strerror(errno)))")
      default: usleep(200)
      }
    }
    if !reaped {
      while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    }
    let end = ContinuousClock.now
    // Exited normally (no signal) with a status that ends it well.
    guard status & 0x7F == 0, exitStatuses.contains((status >> 8) & 0xFF) else {
      throw BenchError("\(path) \(arguments) ended with status \(status)")
    }
    // Kilobytes on Linux, bytes on Darwin.
    #if canImport(Darwin)
      let peak = Int(usage.ru_maxrss)
    #else
      let peak = Int(usage.ru_maxrss) * 1024
    #endif
    return ProcessRun(
      seconds: seconds(from: start, to: end), untilFirstRead: firstRead.map { seconds(from: start, to: $0) },
      peakResidentBytes: peak)
  }

  private static func seconds(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) -> Double {
    let elapsed = end - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
