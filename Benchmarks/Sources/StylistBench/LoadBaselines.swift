import Foundation
import Stylist
import SystemYAML
import Yams

/// The floors and rivals for loading a sheet.
enum LoadBaselines {
  /// libyaml reading the file into events and doing nothing with them.
  static func libyamlEvents(_ path: String) throws -> Int {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) != 0 else { throw BenchError("yaml_parser_initialize failed") }
    defer { yaml_parser_delete(&parser) }
    var events = 0
    try bytes.withUnsafeBufferPointer { buffer in
      yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
      var event = yaml_event_t()
      while true {
        guard yaml_parser_parse(&parser, &event) != 0 else { throw BenchError("libyaml: syntax error") }
        let done = event.type == YAML_STREAM_END_EVENT
        yaml_event_delete(&event)
        events += 1
        if done { break }
      }
    }
    return events
  }

  /// Yams building its Swift values from the same file.
  static func yams(_ path: String) throws -> Int {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let value = try Yams.load(yaml: text) as? [String: Any]
    return (value?["styles"] as? [String: Any])?.count ?? 0
  }

  /// A load that parses on the calling thread alone. The library's knob for
  /// it is named here only, so a change to `LoadOptions` is one line to follow.
  static let oneThread = LoadOptions(backgroundParsingThreshold: .max)

  /// Stylist loading and indexing the file, as `StyleEngine(contentsOf:)` does:
  /// the library rows' one way from a file to an engine.
  static func engine(_ path: String, options: LoadOptions = .init()) throws -> StyleEngine {
    StyleEngine(sheets: [try StyleSheet(contentsOf: path, options: options)])
  }

  /// The sheet of YAML text, and an engine over it.
  static func engine(yaml: String) throws -> (sheet: StyleSheet, engine: StyleEngine) {
    let sheet = try StyleSheet(yaml: yaml, name: "bench.yaml")
    return (sheet, StyleEngine(sheets: [sheet]))
  }

  /// Peak RSS of this process, in bytes.
  ///
  /// On Linux from `VmHWM`, which belongs to this program's memory map:
  /// `getrusage`'s maximum survives `execve`, so a child spawned by a bench
  /// that already holds a few hundred MB would report the parent's peak.
  /// RSS of this process now, in bytes (`VmRSS`; 0 where there is no `/proc`):
  /// beside the peak, what a phase kept (freed memory the allocator keeps counts).
  static func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes * 1024
  }

  static func peakResidentBytes() -> Int {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    {
      return kilobytes * 1024
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
  }
}
