import Dispatch
import Foundation
import Testing

/// `stylist watch` as a process: answers at start, changed answers after a
/// save by rename, errors for a broken save, exit 0 on SIGTERM and SIGINT.
@Suite struct WatchCommandTests {
  private static func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-watch-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Starts `stylist watch ARGUMENTS` in `folder`, its output and errors
  /// piped. A hung watch would block a test's reads: it is killed after
  /// 30 s, and they fail.
  private static func startWatch(_ arguments: [String], in folder: URL) throws -> (Process, Pipe, Pipe) {
    let process = Process()
    process.executableURL = CLIRunner.binary
    process.arguments = ["watch"] + arguments
    process.environment = CLIRunner.environmentWithoutLeakCheck
    process.currentDirectoryURL = folder
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let pid = process.processIdentifier
    DispatchQueue.global().asyncAfter(deadline: .now() + 30) { kill(pid, SIGKILL) }
    return (process, output, errors)
  }

  private static func save(_ text: String, to sheet: URL) throws {
    let temporary = sheet.deletingLastPathComponent().appendingPathComponent(".save.tmp")
    try Data(text.utf8).write(to: temporary)
    guard rename(temporary.path, sheet.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
  }

  @Test(arguments: [SIGTERM, SIGINT])
  func printsChangedAnswersUntilSignalled(signal: Int32) throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sheet = folder.appendingPathComponent("app.yaml")
    try Data("styles:\n  title: { color: red }\n  card/title: { color: blue }\n".utf8).write(to: sheet)

    let (process, output, errors) = try Self.startWatch(
      ["-s", "app.yaml", "--format", "json", "title", "card/title"], in: folder)
    var lines = LineReaderForTests(handle: output.fileHandleForReading)
    var errorLines = LineReaderForTests(handle: errors.fileHandleForReading)

    #expect(lines.nextLine()?.hasPrefix(#"{"node":"title","selector":"title""#) == true)
    #expect(lines.nextLine()?.hasPrefix(#"{"node":"card/title","selector":"card/title""#) == true)

    // Only the answer that changed is printed again.
    try Self.save("styles:\n  title: { color: green }\n  card/title: { color: blue }\n", to: sheet)
    #expect(
      lines.nextLine()
        == #"{"node":"title","selector":"title","source":"app.yaml:2:3","default":false,"properties":{"color":"green"}}"#
    )

    // A broken save: its located error on stderr, nothing on stdout.
    try Self.save("styles:\n  title: { color: [\n", to: sheet)
    #expect(errorLines.nextLine()?.hasPrefix("app.yaml:3:1: error:") == true)

    // Fixed: the answers compare with the last good ones printed.
    try Self.save("styles:\n  title: { color: green }\n  card/title: { color: navy }\n", to: sheet)
    #expect(lines.nextLine()?.hasPrefix(#"{"node":"card/title","selector":"card/title""#) == true)

    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    // What the tool wrote to stderr after the broken save's error, to show
    // why it did not exit cleanly (a sanitizer's report, say).
    let rest = errorLines.pending + errors.fileHandleForReading.readDataToEndOfFile()
    let stderr = String(decoding: rest, as: UTF8.self)
    #expect(process.terminationReason == .exit, "\(stderr)")
    #expect(process.terminationStatus == 0, "\(stderr)")
  }

  /// `lint`'s warnings, the contrast check's included: every one at start,
  /// then after a save only those the save brought; `--ignore` drops a kind.
  @Test func printsLintWarningsAtStartAndTheNewOnesAfterASave() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sheet = folder.appendingPathComponent("app.yaml")
    let start = "styles:\n  title: { color: '#777', background: '#888' }\n  \"@darkk/title\": { color: red }\n"
    try Data(("themes:\n  dark: {}\n" + start).utf8).write(to: sheet)

    let (process, output, errors) = try Self.startWatch(
      ["-s", "app.yaml", "--ignore", "themed-drops-properties", "--format", "json", "title"], in: folder)
    var lines = LineReaderForTests(handle: output.fileHandleForReading)
    var errorLines = LineReaderForTests(handle: errors.fileHandleForReading)
    #expect(
      errorLines.nextLine()
        == "app.yaml:4:3: warning: 'title': 'color' #777777 on 'background' #888888 has contrast 1.26:1, "
        + "below the minimum 4.5:1 [low-contrast]")
    #expect(errorLines.nextLine()?.hasSuffix("did you mean 'dark'? [similar-theme]") == true)
    #expect(lines.nextLine()?.hasPrefix(#"{"node":"title","selector":"title""#) == true)

    // A new low-contrast pair: its warning alone, then the changed answer.
    try Self.save("themes:\n  dark: {}\n" + start + "  card/title: { color: '#111', background: '#000' }\n", to: sheet)
    #expect(errorLines.nextLine()?.hasPrefix("app.yaml:6:3: warning: 'card/title': 'color' #111111") == true)
    try Self.save("themes:\n  dark: {}\nstyles:\n  title: { color: green }\n", to: sheet)
    #expect(lines.nextLine()?.hasSuffix(#""properties":{"color":"green"}}"#) == true)

    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    let rest = String(decoding: errorLines.pending + errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(!rest.contains("warning"), "\(rest)")
    #expect(process.terminationStatus == 0, "\(rest)")
  }

  @Test func anUnknownIgnoredKindIsAUsageError() throws {
    let result = try CLIRunner.run(["watch", "-s", "Fixtures/demo/demo.yaml", "--ignore", "low-contrat", "title"])
    #expect(result.status == 64)
    #expect(result.stderr.contains("unknown diagnostic kind 'low-contrat'; did you mean 'low-contrast'?"))
  }

  @Test func aBrokenSheetAtStartExits2() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("styles:\n  title: [\n".utf8).write(to: folder.appendingPathComponent("app.yaml"))
    let result = try CLIRunner.run(["watch", "-s", folder.appendingPathComponent("app.yaml").path, "title"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("app.yaml:3:1: error:"))
  }

  /// On a two-axis sheet: unknown themes warned about where they were
  /// given, once each; a save whose error is found with no theme and again
  /// under `compact` prints it once.
  @Test func warnsWhereThemesCameFromAndReportsAnErrorOnce() throws {
    let folder = try Self.makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let sheet = folder.appendingPathComponent("app.yaml")
    let good = """
      axes: { appearance: [light, dark], density: [regular, compact] }
      variables: { pad: 4, c: 1 }
      themes:
        compact:
          variables: { pad: 2 }
          styles: { title: { size: "$pad $c" } }
      styles: { title: { size: "$pad $c" } }

      """
    try Data(good.utf8).write(to: sheet)
    let (process, output, errors) = try Self.startWatch(
      ["-s", "app.yaml", "--theme", "dark,drak", "@compakt/title", "@compakt/x"], in: folder)
    var lines = LineReaderForTests(handle: output.fileHandleForReading)
    var errorLines = LineReaderForTests(handle: errors.fileHandleForReading)
    #expect(errorLines.nextLine()?.hasPrefix("--theme:1:6: warning: no loaded sheet mentions theme 'drak'") == true)
    #expect(
      errorLines.nextLine()?.hasPrefix("<command line>:1:1: warning: no loaded sheet mentions theme 'compakt'") == true)
    #expect(errorLines.nextLine() == "  @compakt/title")
    #expect(errorLines.nextLine() == "  ^")
    #expect(lines.nextLine() == "@compakt/title")

    try Self.save(good.replacingOccurrences(of: "c: 1", with: "c: $nope"), to: sheet)
    #expect(errorLines.nextLine() == "app.yaml:2:25: error: unknown variable 'nope'")
    // Fixed: the next line on stderr is the reload's, not the error again.
    try Self.save(good.replacingOccurrences(of: "pad: 4", with: "pad: 5"), to: sheet)
    #expect(errorLines.nextLine()?.hasPrefix("reloaded:") == true)

    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}
