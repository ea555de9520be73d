import Foundation
import Testing

/// `batch` answers blocks of lines on several threads: whatever their
/// number, it writes byte for byte what one thread writes, errors and
/// warnings at their lines included. Run under ThreadSanitizer by `make
/// sanitize`.
@Suite struct ParallelBatchTests {
  /// Several thousand lines of every kind `batch` answers: matches and
  /// defaults, themed (known, unknown, several), bad lines, empty lines,
  /// `\r\n` endings, names beyond ASCII, long lines and lines over the
  /// 1 MiB limit, in an order drawn from a fixed seed; a byte order mark
  /// opens the input. Made anew for each use: a static `Data` kept to the
  /// end of the process reads as a leak to LeakSanitizer (`make sanitize`).
  static func input() -> Data {
    let valid = [
      "home/header/searchBar/label", "card/background", "card[highlighted]/title", "header[selected]/title",
      "client/searchbar[disabled]/close", "client/searchbar[disabled]/image", "primaryButton", "button[disabled]/label",
      "nothing", "settings/list/item/label", "checkout/button[secondary]/background", "a \"quoted\"/title",
      "home/hé/title", "badge", "home/card/x/y/title", "button[loading]/spinner", "title", "card/title", "label",
    ]
    let themes = [
      "", "", "", "@dark/", "@light/", "@highContrast/", "@drak/", "@sepia/", "@dark/@light/", "@compact/",
      "@dark/@compact/",
    ]
    let invalid = ["bad/*/node", "a//b", "[x]/title", "home/title[", "@/title", "title@", "a b/ti\u{1}tle"]
    var generator = SplitMix(seed: 48)
    func pick(_ items: [String]) -> String { items[Int(generator.next() % UInt64(items.count))] }
    var lines: [String] = []
    while lines.count < 6_000 {
      let number = lines.count + 1
      // Over the limit: the last line of a full block, one inside the next, the very last.
      if [4_096, 5_001, 6_000].contains(number) {
        lines.append(String(repeating: "x", count: (1 << 20) + number))
        continue
      }
      // Long enough that three fill a block's bytes before its lines.
      if (2_000..<2_003).contains(number) {
        lines.append(pick(themes) + "card/" + String(repeating: "a", count: 400_000) + "/title")
        continue
      }
      switch generator.next() % 100 {
      case 0..<70: lines.append(pick(themes) + pick(valid))
      case 70..<82: lines.append(pick(invalid))
      case 82..<90: lines.append("")
      default: lines.append(pick(valid) + "\r")
      }
    }
    let text = "\u{FEFF}" + lines.joined(separator: "\n") + "\n"
    return Data(text.utf8)
  }

  @Test(arguments: [
    ["-s", "demo/demo.yaml"], ["-s", "demo/demo.yaml", "--cascade"], ["-s", "demo/demo.yaml", "--theme", "dark"],
    ["-s", "sheets/axes.yaml", "--theme", "compact", "--cascade"],
  ])
  func oneThreadAndFourWriteTheSameBytes(options: [String]) throws {
    let arguments = ["batch"] + options
    let input = Self.input()
    let one = try CLIRunner.run(arguments + ["--jobs", "1"], input: input)
    let four = try CLIRunner.run(arguments + ["--jobs", "4"], input: input)
    #expect(one.status == 0 && four.status == 0, "\(one.stderr)\(four.stderr)")
    let answers = one.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(answers.count == 6_000)
    #expect(answers.contains { $0.contains("longer than the 1048576-byte limit") })
    #expect(answers.contains { $0.hasPrefix(#"{"node":"","error":"<stdin>:"#) })
    #expect(Array(four.stdout.utf8) == Array(one.stdout.utf8))
    #expect(one.stderr.contains("no loaded sheet mentions theme 'drak'"))
    #expect(four.stderr == one.stderr)
  }

  /// The lines a block holds at most, and a part, give the edges where an
  /// answer could land in the wrong place: lines numbered across them.
  @Test func errorsKeepTheirLineNumbersAcrossBlocks() throws {
    let count = 3 * 4096 + 65
    let lines = (1...count).map { $0 % 997 == 0 ? "bad/*/\($0)" : "title\($0)" }
    let result = try CLIRunner.run(
      ["batch", "-s", "demo/demo.yaml", "--jobs", "3"], input: Data((lines.joined(separator: "\n") + "\n").utf8))
    #expect(result.status == 0)
    let answers = result.stdout.split(separator: "\n")
    #expect(answers.count == count)
    for (index, answer) in answers.enumerated() {
      let number = index + 1
      if number % 997 == 0 {
        #expect(answer.hasPrefix(#"{"node":"bad/*/\#(number)","error":"<stdin>:\#(number):5: "#), "\(answer)")
      } else {
        #expect(answer.hasPrefix(#"{"node":"title\#(number)","selector""#), "\(answer)")
      }
    }
  }

  @Test func jobsBelowOneIsAUsageError() throws {
    for jobs in ["0", "-2"] {
      let result = try CLIRunner.run(["batch", "-s", "demo/demo.yaml", "--jobs=\(jobs)"], input: Data("title\n".utf8))
      #expect(result.status == 64)
      #expect(result.stderr.contains("--jobs takes a number of threads, 1 or more; got \(jobs)."), "\(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
  }
}

/// SplitMix64: the same lines on every run and platform.
private struct SplitMix: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
