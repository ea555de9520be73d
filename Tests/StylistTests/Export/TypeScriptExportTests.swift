import Foundation
import Testing

@testable import Stylist

@Suite struct TypeScriptExportTests {
  /// Compiles `tokens.ts` and `probe.ts` in `folder` with `tsc --strict`
  /// (CommonJS, so `node` runs the result), then runs `probe.js`: its output.
  private func compileAndRun(in folder: String) throws -> String {
    let compiled = try PlatformTools.run(
      "tsc",
      ["--strict", "--noEmitOnError", "--target", "es2020", "--module", "commonjs", "tokens.ts", "probe.ts"],
      in: folder, package: "node-typescript")
    try #require(compiled.status == 0, "tsc failed:\n\(compiled.output.prefix(3_000))\(compiled.error.prefix(1_000))")
    let run = try PlatformTools.run("node", ["probe.js"], in: folder, package: "node-typescript")
    try #require(run.status == 0, "node failed:\n\(run.error.prefix(2_000))")
    return run.output
  }

  /// The probe: every leaf of `tokens` and of each theme of `themes`,
  /// printed as JSON: its JavaScript type and its value (a number that
  /// JSON cannot write as a string).
  static let probe = """
    import { tokens, themes, Tokens } from "./tokens";
    const whole: Tokens = tokens;
    const leaves: Record<string, unknown> = {};
    function walk(value: unknown, path: string[]): void {
      if (value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length > 0) {
        for (const [key, entry] of Object.entries(value)) walk(entry, [...path, key]);
      } else {
        const written = typeof value === "number" && !Number.isFinite(value) ? String(value) : value;
        leaves[JSON.stringify(path)] = [Array.isArray(value) ? "array" : value === null ? "null" : typeof value, written];
      }
    }
    walk(whole, ["base"]);
    for (const [theme, changes] of Object.entries(themes)) {
      leaves[JSON.stringify(["theme", theme])] = ["object", {}];
      walk(changes, ["theme", theme]);
    }
    console.log(JSON.stringify(leaves));

    """

  /// Whether `read` (a leaf of the compiled module, through JSON) is `value`.
  private static func reads(_ read: Any, as value: PropertyValue) -> Bool {
    guard let pair = read as? [Any], pair.count == 2, let type = pair[0] as? String else { return false }
    return reads(pair[1], type: type, as: value)
  }

  private static func reads(_ read: Any, type: String, as value: PropertyValue) -> Bool {
    if StyleColor(value) != nil || value.dimensionValue != nil || value.durationValue != nil {
      return read as? String == CSSRenderer.value(value)
    }
    switch value {
    case .null: return read is NSNull
    case .bool(let flag): return type == "boolean" && read as? Bool == flag
    case .int(let number): return type == "number" && (read as? NSNumber)?.doubleValue == Double(number)
    case .double(let number):
      if !number.isFinite { return read as? String == (number.isNaN ? "NaN" : number < 0 ? "-Infinity" : "Infinity") }
      return type == "number" && (read as? NSNumber)?.doubleValue == number
    case .string(let text): return read as? String == text
    case .list(let items):
      guard let array = read as? [Any], array.count == items.count else {
        // A timing curve is its CSS text.
        return read as? String == CSSRenderer.cubicBezier(value)
      }
      return type == "array"
        && zip(array, items).allSatisfy { item, value in
          let type: String =
            switch value {
            case .string: "string"
            case .bool: "boolean"
            case .null: "null"
            case .list: "array"
            case .map: "object"
            case .int, .double: "number"
            }
          return reads(item, type: type, as: value)
        }
    case .map(let map): return map.isEmpty && (read as? [String: Any])?.isEmpty == true
    }
  }

  /// The leaves of `export` the module holds: each base leaf under
  /// `["base"] + path`, each theme's change under `["theme", T] + path`,
  /// and `["theme", T]` for every theme.
  private func readBack(_ output: String) throws -> [[String]: Any] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    var result: [[String]: Any] = [:]
    for (key, value) in object {
      result[try #require(try JSONSerialization.jsonObject(with: Data(key.utf8)) as? [String])] = value
    }
    return result
  }

  /// The Fixtures' token set (its resolver with two modifiers) exports to
  /// a module that `tsc --strict` compiles, and `node` running it reads
  /// every leaf under no theme and under each theme as the sheet's value;
  /// each theme holds exactly what it changes.
  @Test func everyValueOfTheTokenFixturesReadsBackUnderEveryTheme() throws {
    let files = try TokenFiles()
    let sheetPath = FixturePaths.path("tokens/app.yaml")
    let export = try TokenExport(sheet: try StyleSheet(contentsOf: sheetPath))
    let file = export.files(.ts)[0]
    #expect(file.path == "tokens.ts")
    try files.write("ts/tokens.ts", file.text)
    try files.write("ts/probe.ts", Self.probe)
    let read = try readBack(try compileAndRun(in: files.folder + "/ts"))
    let base = try PlatformTools.leaves(export, sheet: sheetPath, themes: [])
    var expected: [[String]: PropertyValue] = [:]
    for (path, value) in base { expected[["base"] + path] = value }
    for (theme, leaves) in try PlatformTools.changes(export, sheet: sheetPath, base: base) {
      expected[["theme", theme]] = .map([:])
      for (path, value) in leaves { expected[["theme", theme] + path] = value }
    }
    #expect(Set(read.keys) == Set(expected.keys))
    #expect(expected.keys.contains { $0.first == "theme" && $0.count > 2 })
    for (path, value) in expected {
      guard let leaf = read[path] else { continue }
      #expect(Self.reads(leaf, as: value), "\(path): \(leaf) is not \(value)")
    }
  }

  /// A generated token set of 1,200 tokens (every type, awkward names, two
  /// modifiers) compiles under `tsc --strict`, its keys as written: quoted
  /// where they are no identifier.
  @Test func aRealSizedTokenSetCompilesWithItsNamesAsKeys() throws {
    let files = try TokenFiles()
    let sheet = try ExportSheets.tokenSet(groups: 30, files: files)
    let export = try TokenExport(sheet: try StyleSheet(contentsOf: sheet))
    try files.write("ts/tokens.ts", export.files(.ts)[0].text)
    try files.write(
      "ts/probe.ts",
      """
      import { tokens, themes } from "./tokens";
      const color: string = tokens.g0.t0;
      const dark: string = themes.dark.g0.t0;
      const weight: number = tokens.g0.t7;
      const family: readonly string[] = tokens.g0.t6;
      const names: number[] = [tokens.names.default, tokens.names["Body Large"], tokens.names["with \\"quote\\""], tokens.names["日本"]];
      console.log(JSON.stringify([color, dark, weight, family, names]));

      """)
    let output = try compileAndRun(in: files.folder + "/ts")
    let values = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any])
    #expect(values.count == 5)
  }

  @Test func keysAreIdentifiersOrStrings() {
    #expect(TypeScriptRenderer.key("brand") == "brand")
    #expect(TypeScriptRenderer.key("$root") == "$root")
    #expect(TypeScriptRenderer.key("100") == "\"100\"")
    #expect(TypeScriptRenderer.key("Body Large") == "\"Body Large\"")
    #expect(TypeScriptRenderer.key("__proto__") == "[\"__proto__\"]")
    #expect(TypeScriptRenderer.string("a\"b\\\n\u{2028}") == "\"a\\\"b\\\\\\n\\u2028\"")
  }
}
