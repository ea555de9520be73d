import ArgumentParser
import Stylist

/// Exit codes shared by all commands but `lint` (docs/CLI.md: Commands).
enum ExitStatus {
  static let noStyle: Int32 = 1
  /// `diff`: something changes.
  static let changed: Int32 = 1
  static let invalidInput: Int32 = 2
  static let usage: Int32 = 64
}

/// Writes diagnostics to stderr: `file:line:col: error: message` lines,
/// and the library's warnings as its text renderer writes them.
enum Diagnostics {
  static func error(_ message: String, at location: String) {
    writeError("\(location): error: \(message)\n")
  }

  /// Writes `diagnostics`, one a line.
  static func write(_ diagnostics: [SheetDiagnostic]) {
    writeError(TextRenderer().diagnostics(diagnostics))
  }

  /// Checks each node argument's themes on the loaded sheets: two of one
  /// axis are an error at the second one's `@` (exit 2); each theme no
  /// loaded sheet mentions is warned about once, at its `@` in the first
  /// node naming it, unless `--theme` gave it (`optionThemes`: warned
  /// about there).
  static func checkNodeThemes(of nodes: [String], in engine: StyleEngine, optionThemes: [String]) throws {
    var checked = Set(optionThemes)
    for text in nodes {
      do { _ = try engine.checkNode(parsing: text) } catch { throw invalidNode(text, error) }
      write(engine.unknownThemeWarnings(inNode: text, file: "<command line>", skipping: &checked))
    }
  }

  static func writeError(_ text: String) {
    SystemCalls.writeAll(Array(text.utf8), to: SystemCalls.standardError)
  }
}

/// Prints every error of a failed sheet or tree load; the command then exits 2.
func loadFailure(_ error: SheetLoadError) -> ExitCode {
  Diagnostics.write(error.errors)
  return ExitCode(ExitStatus.invalidInput)
}

/// Parses a node given on the command line; a bad one is reported with its
/// column and ends the command with exit code 2.
func parseNodeArgument(_ text: String) throws -> NodeIdentifier {
  do {
    return try NodeIdentifier(parsing: text)
  } catch {
    throw invalidNode(text, error)
  }
}

/// Reports a node argument's error at its column; the command then exits 2.
func invalidNode(_ text: String, _ error: SyntaxError) -> ExitCode {
  Diagnostics.write([error.diagnostic(inNode: text, file: "<command line>")])
  return ExitCode(ExitStatus.invalidInput)
}
