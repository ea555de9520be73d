import Foundation
import Testing

/// Hostile inputs that go through the command line: each fails
/// cleanly with a located error, or succeeds. (`make hostile`-style timings
/// are reported in the notes, not asserted here.)
@Suite struct HostileInputTests {
  private func run(_ arguments: [String], input: Data? = nil) throws -> CLIRunner.Result {
    try CLIRunner.run(arguments, input: input)
  }

  @Test func tenMegabyteBatchLineIsSkippedAndTheRunGoesOn() throws {
    var input = Data("home/title\n".utf8)
    input.append(Data(repeating: UInt8(ascii: "a"), count: 10 << 20))
    input.append(Data("\nhome/title\n".utf8))
    let result = try run(["batch", "-s", "demo/demo.yaml"], input: input)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(
      lines[1] == #"{"node":null,"error":"<stdin>:2:1: line is 10485760 bytes, longer than the 1048576-byte limit"}"#)
    #expect(lines[0] == lines[2])
  }

  /// Interpolation counts the bytes it copies: a string doubled 32 times
  /// through variables (a 608-byte sheet) is the budget's error, not a
  /// 2.7 GB allocation.
  @Test func doublingStringsThroughVariablesIsRefused() throws {
    let result = try run(["match", "-s", "bad/interpolation-doubling.yaml", "title"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "bad/interpolation-doubling.yaml:22:8: error: interpolated strings copy too many bytes (a string doubled through variables?)\n"
    )
  }

  /// The limit holds wherever a line ends in the reader's buffer: a line
  /// of exactly 1 MiB is answered, one byte more is not.
  @Test func batchLineLimitIsExact() throws {
    let limit = 1 << 20
    var input = Data()
    for length in [limit, limit + 1, limit + 1000] {
      input.append(Data(repeating: UInt8(ascii: "a"), count: length))
      input.append(Data("\n".utf8))
    }
    // A `\r\n` line break is not counted either.
    input.append(Data(repeating: UInt8(ascii: "a"), count: limit))
    input.append(Data("\r\n".utf8))
    let result = try run(["batch", "-s", "demo/demo.yaml"], input: input)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines[0].hasPrefix(#"{"node":"aaaa"#))
    #expect(lines[3] == lines[0])
    #expect(
      lines[1] == #"{"node":null,"error":"<stdin>:2:1: line is 1048577 bytes, longer than the 1048576-byte limit"}"#)
    #expect(
      lines[2] == #"{"node":null,"error":"<stdin>:3:1: line is 1049576 bytes, longer than the 1048576-byte limit"}"#)
  }

  @Test func hundredThousandComponentIdentifier() throws {
    let node = String(repeating: "a/", count: 100_000) + "title"
    let result = try run(["batch", "-s", "demo/demo.yaml"], input: Data((node + "\n").utf8))
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("{\"node\":\"a/a/"))
    #expect(result.stdout.contains("\"selector\":\"title\""))
  }

  @Test func treeNestedHundredThousandDeep() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-deep-tree-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let tree = folder.appendingPathComponent("deep.yaml").path
    let text = "tree: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
    try text.write(toFile: tree, atomically: true, encoding: .utf8)
    let result = try run(["resolve", "-s", "demo/demo.yaml", "--tree", tree])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix(tree + ":1:"), "\(result.stderr.prefix(200))")
    #expect(result.stderr.contains("nest"), "\(result.stderr.prefix(200))")
  }

  @Test func endlessFileIsCutAtTheSizeLimit() throws {
    let sheet = try run(["match", "-s", "/dev/zero", "title"])
    #expect(sheet.status == 2)
    #expect(sheet.stderr == "/dev/zero:1:1: error: file is larger than the 67108864-byte limit\n")
    let tree = try run(["resolve", "-s", "demo/demo.yaml", "--tree", "/dev/zero"])
    #expect(tree.status == 2)
    #expect(tree.stderr == "/dev/zero:1:1: error: file is larger than the 67108864-byte limit\n")
  }
}
