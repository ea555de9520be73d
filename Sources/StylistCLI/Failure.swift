import ArgumentParser
import Stylist

/// Exit codes shared by all commands but `lint` (README: Command line).
enum ExitStatus {
  static let noStyle: Int32 = 1
  static let invalidInput: Int32 = 2
}

/// Writes `file:line:col: error: message` lines to stderr.
enum Diagnostics {
  static func error(_ message: String, at location: String) {
    writeError("\(location): error: \(message)\n")
  }

  /// Warns on stderr about a theme no loaded sheet mentions (the answer and
  /// the exit status stay: such a theme is allowed). `location` is where the
  /// theme was given: `<command line>`, `<command line>:1:COL`, `FILE:L:C`.
  static func warnIfUnknown(theme: String?, in engine: StyleEngine, at location: String) {
    warnIfUnknown(theme: theme, known: engine.knownThemes, at: location)
  }

  /// `warnIfUnknown(theme:in:at:)` given the themes the sheets mention.
  static func warnIfUnknown(theme: String?, known: [String], at location: String) {
    guard let theme, let (message, _) = ThemeNames.unknownTheme(theme, known: known) else { return }
    writeError("\(location): warning: \(message) [\(DiagnosticKind.unknownTheme)]\n")
  }

  /// Warns about each node argument whose `@theme` no loaded sheet mentions.
  static func warnAboutThemes(of nodes: [NodeIdentifier], in engine: StyleEngine) {
    var warned: Set<String> = []
    for node in nodes {
      guard let theme = node.theme, warned.insert(theme).inserted else { continue }
      warnIfUnknown(theme: theme, in: engine, at: "<command line>:1:2")
    }
  }

  static func writeError(_ text: String) {
    SystemCalls.writeAll(Array(text.utf8), to: SystemCalls.standardError)
  }
}

/// Prints every error of a failed sheet or tree load; the command then exits 2.
func loadFailure(_ error: SheetLoadError) -> ExitCode {
  Diagnostics.writeError(error.errors.map { "\($0)\n" }.joined())
  return ExitCode(ExitStatus.invalidInput)
}

/// Parses a node given on the command line; a bad one is reported with its
/// column and ends the command with exit code 2.
func parseNodeArgument(_ text: String) throws -> NodeIdentifier {
  do {
    return try NodeIdentifier(parsing: text)
  } catch {
    Diagnostics.error("invalid node '\(text)': \(error.message)", at: "<command line>:1:\(error.column)")
    throw ExitCode(ExitStatus.invalidInput)
  }
}
