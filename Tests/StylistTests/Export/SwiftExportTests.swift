import Foundation
import Testing

@testable import Stylist

@Suite struct SwiftExportTests {
  /// Runs `swiftc` (found on the PATH, as the toolchain that builds the
  /// tests puts it there) with `arguments` in `folder`: its status and output.
  private func swiftc(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swiftc"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, printed)
  }

  /// A real-sized token set (1,200 tokens of every type, awkward names,
  /// two modifiers) exports to a file that compiles alone, and a second
  /// file reaches its constants and every theme's by the names the
  /// conversion gives.
  @Test func aRealSizedTokenSetCompilesWithEveryThemeReachable() throws {
    let files = try TokenFiles()
    let sheet = try StyleSheet(contentsOf: try ExportSheets.tokenSet(groups: 30, files: files))
    #expect(sheet.outline.tokens.count > 1_200)
    let export = try TokenExport(sheet: sheet)
    let swift = export.files(.swift)[0]
    #expect(swift.path == "Tokens.swift")
    try files.write("Tokens.swift", swift.text)
    try files.write(
      "Reach.swift",
      """
      func reach() {
        let colour: TokenColor = Tokens.g0.t0
        let dark: TokenColor = TokenThemes.dark.g0.t0
        let compact: Double = TokenThemes.compact.g0.t5
        let size: TokenDimension = Tokens.g1.t3
        let time: TokenDuration = Tokens.g1.t4
        let family: [String] = Tokens.g2.t6
        let shadow: TokenDimension = Tokens.g3.t9._0.offsetY
        let names: [Int] = [
          Tokens.names.`default`, Tokens.names.`class`, Tokens.names.Type_, Tokens.names.self_, Tokens.names._1x,
          Tokens.names._2Col, Tokens.names.BodyLarge, Tokens.names.bodyLarge, Tokens.names.bodyLarge_2,
          Tokens.names.cafu00E9, Tokens.names.u65E5u672C, Tokens.names.Tokens_, Tokens.names.TokenColor_,
          Tokens.names.Swift_, Tokens.names.String, Tokens.names.root, Tokens.names.aB, Tokens.names.withQuote,
          TokenThemes.dark.names.`default`,
        ]
        _ = (colour, dark, compact, size, time, family, shadow, names)
      }
      """)
    let compiled = try swiftc(
      [
        "-parse-as-library", "-swift-version", "6", "-emit-library", "-o", "libTokens.so", "Tokens.swift",
        "Reach.swift",
      ],
      in: files.folder)
    #expect(compiled.status == 0, "swiftc failed:\n\(compiled.output.prefix(4_000))")
  }

  @Test func identifiersAreValidWhateverTheNames() {
    var names = SwiftNames()
    #expect(names.identifier("default") == "`default`")
    #expect(names.identifier("1x") == "_1x")
    #expect(names.identifier("body-large") == "bodyLarge")
    #expect(names.identifier("bodyLarge") == "bodyLarge_2")
    #expect(names.identifier("self") == "self_")
    #expect(names.identifier("é") == "u00E9")
    #expect(names.identifier("über") == "u00FCber")
    #expect(names.identifier("😀") == "U0001F600")
    #expect(names.identifier("TokenColor") == "TokenColor_")
    #expect(names.identifier("") == "__")
  }
}
