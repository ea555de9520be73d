import Foundation
import Testing

/// Runs the built `stylist` binary and captures what it prints.
struct CLIRunner {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The package root, found from this file's location.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let fixtures = root.appendingPathComponent("Fixtures")

  /// The environment for a program that exits while its objects are alive
  /// (an example with globals, `watch` ended by a signal): under `make
  /// sanitize`, LeakSanitizer would report what is still in use, and misses
  /// Swift's enum payload pointers whose spare bits hold the case, so it
  /// calls the nested values of a live sheet leaked. Leak checking stays on
  /// for every other process.
  static var environmentWithoutLeakCheck: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["ASAN_OPTIONS"] = "detect_leaks=0"
    return environment
  }

  /// The binary sits beside the test bundle in the build products folder.
  static let binary: URL = {
    if let override = ProcessInfo.processInfo.environment["STYLIST_BIN"] {
      return URL(fileURLWithPath: override)
    }
    var products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    if products.pathExtension == "xctest" || products.lastPathComponent == "MacOS" {
      products = products.deletingLastPathComponent()
    }
    for _ in 0..<3 where !FileManager.default.fileExists(atPath: products.appendingPathComponent("stylist").path) {
      products = products.deletingLastPathComponent()
    }
    return products.appendingPathComponent("stylist")
  }()

  /// Runs `stylist` with `arguments` from the Fixtures folder (so paths in
  /// output are short and stable), or from `directory`, feeding `input`
  /// on stdin.
  static func run(
    _ arguments: [String], input: Data? = nil, environment: [String: String] = [:], in directory: String? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory.map { URL(fileURLWithPath: $0) } ?? fixtures
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let stdout = Pipe()
    let stderr = Pipe()
    let stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    // Waited for through the handler: on Linux `waitUntilExit()` polls every
    // 50 ms, which every run of the tool paid.
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    // Read both pipes concurrently so a large output cannot block the child.
    nonisolated(unsafe) var errorData = Data()
    // Waited for by a semaphore: `Thread.isExecuting` is false until the
    // thread starts, so polling it could return before stderr was read.
    let errorRead = DispatchSemaphore(value: 0)
    let errorReader = Thread {
      errorData = stderr.fileHandleForReading.readDataToEndOfFile()
      errorRead.signal()
    }
    errorReader.start()
    if let input {
      let writer = stdin.fileHandleForWriting
      Thread {
        writer.write(input)
        try? writer.close()
      }.start()
    } else {
      try stdin.fileHandleForWriting.close()
    }
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    exited.wait()
    errorRead.wait()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: outputData, as: UTF8.self),
      stderr: String(decoding: errorData, as: UTF8.self))
  }

  /// Compares `actual` byte for byte with `Fixtures/expected/NAME`. With
  /// `STYLIST_UPDATE_GOLDEN=1` the file is rewritten instead (review the diff).
  static func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = fixtures.appendingPathComponent("expected").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["STYLIST_UPDATE_GOLDEN"] == "1" {
      try Data(actual.utf8).write(to: url)
      return
    }
    let expected = try Data(contentsOf: url)
    #expect(
      Data(actual.utf8) == expected, "output differs from expected/\(name):\n\(actual)", sourceLocation: sourceLocation)
  }
}
