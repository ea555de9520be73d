import Foundation
import Testing

@testable import Stylist

/// The platforms' own tools the export tests run (`xmllint`, `sassc`,
/// `tsc`, `node`: Debian's libxml2-utils, sassc and node-typescript, which
/// `make test` installs), and what the tests read back through them. A
/// tool that is not on the search path fails its test: it is never skipped.
enum PlatformTools {
  /// The tool `name` on the search path.
  static func find(_ name: String) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Runs `tool` (which must be on the search path) with `arguments` in
  /// `folder`: its status, standard output and standard error.
  static func run(_ tool: String, _ arguments: [String], in folder: String, package: String) throws -> (
    status: Int32, output: String, error: String
  ) {
    let url = try #require(find(tool), "\(tool) not found: `make test` installs it (apt-get install \(package))")
    let process = Process()
    process.executableURL = url
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Both pipes are read at once, so a tool that fills one is not stalled.
    nonisolated(unsafe) var errorData = Data()
    let reader = Thread { errorData = error.fileHandleForReading.readDataToEndOfFile() }
    reader.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !reader.isFinished { usleep(1_000) }
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self)
    )
  }

  /// Every leaf a query sees for the variables of `export` under `themes`
  /// (a map that is no colour, dimension or duration split by key, a list
  /// holding a map or a list by index), by path: what each format's
  /// output must read back as.
  static func leaves(_ export: TokenExport, sheet sheetPath: String, themes: [String]) throws -> [[String]:
    PropertyValue]
  {
    let files = try TokenFiles()
    let paths = ExportSheets.variablePaths(export)
    let probed = try StyleSheet(contentsOf: [sheetPath, try files.write("probe.yaml", ExportSheets.probe(paths))])
    let properties = StyleEngine(sheets: [probed], themes: Set(themes)).bestMatch(for: "probe").properties ?? [:]
    var result: [[String]: PropertyValue] = [:]
    func isSingle(_ value: PropertyValue) -> Bool {
      guard value.mapValue != nil else { return true }
      return StyleColor(value) != nil || value.dimensionValue != nil || value.durationValue != nil
    }
    func add(_ value: PropertyValue, _ path: [String]) {
      switch value {
      case .map(let map) where !isSingle(value) && !map.isEmpty:
        for (key, entry) in map { add(entry, path + [key]) }
      case .list(let items) where items.contains(where: { !isSingle($0) || $0.isList }):
        for (index, item) in items.enumerated() { add(item, path + [String(index)]) }
      default: result[path] = value
      }
    }
    for (key, value) in properties {
      add(value, paths[Int(key.dropFirst())!].split(separator: ".", omittingEmptySubsequences: false).map(String.init))
    }
    return result
  }

  /// For each theme of `export`, the leaves whose value under it is not
  /// their value under no theme (`base`).
  static func changes(_ export: TokenExport, sheet: String, base: [[String]: PropertyValue]) throws -> [(
    theme: String, leaves: [[String]: PropertyValue]
  )] {
    try export.axes.flatMap(\.themes).map { theme in
      (theme, try leaves(export, sheet: sheet, themes: [theme]).filter { base[$0.key].map($0.value.isSame) != true })
    }
  }

  /// Whether `number` is `expected`, to the precision a tool prints (ten
  /// significant digits: Sass's).
  static func close(_ number: Double?, _ expected: Double) -> Bool {
    guard let number else { return false }
    return number == expected || abs(number - expected) <= 1e-9 * max(1, abs(expected))
  }

  /// The token sets each format's test exports: the Fixtures' resolver
  /// with two modifiers (`tokens/app.yaml`) and a generated one of 1,200
  /// tokens (every type, awkward names, two modifiers).
  static func tokenSheets(_ files: TokenFiles) throws -> [String] {
    [FixturePaths.path("tokens/app.yaml"), try ExportSheets.tokenSet(groups: 30, files: files)]
  }
}
