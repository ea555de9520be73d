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

  /// Warns on stderr about a theme no loaded sheet mentions (the answer and
  /// the exit status stay: such a theme is allowed), at `location`, where
  /// the theme was given (`<command line>`, `<stdin>:LINE:2`, `FILE:L:C`).
  static func warnIfUnknown(theme: String, in engine: StyleEngine, at location: SourceLocation) {
    if let warning = engine.unknownThemeWarning(theme, at: location) { write([warning]) }
  }

  /// Checks each node argument's themes on the loaded sheets: two of one
  /// axis are an error at the second one's `@` (exit 2); each theme no
  /// loaded sheet mentions is warned about once.
  static func checkNodeThemes(of nodes: [String], in engine: StyleEngine) throws {
    var warned: Set<String> = []
    for text in nodes {
      let node: NodeIdentifier
      do { node = try engine.checkNode(parsing: text) } catch { throw invalidNode(text, error) }
      for theme in node.themes where warned.insert(theme).inserted {
        warnIfUnknown(theme: theme, in: engine, at: SourceLocation(file: "<command line>", line: 1, column: 2))
      }
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
