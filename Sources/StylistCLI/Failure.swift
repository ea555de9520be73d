import ArgumentParser
import Stylist

/// Exit codes shared by all commands but `lint` (README: Command line).
enum ExitStatus {
  static let noStyle: Int32 = 1
  static let invalidInput: Int32 = 2
  static let usage: Int32 = 64
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

  /// Warns about each node argument's `@theme` no loaded sheet mentions;
  /// two themes of one axis in a node are an error with its column (exit 2).
  static func checkThemes(of nodes: [(text: String, node: NodeIdentifier)], in engine: StyleEngine) throws {
    var warned: Set<String> = []
    for (text, node) in nodes {
      if let conflict = engine.themeConflict(in: node) {
        let column = Self.column(of: "@" + conflict.second, in: text)
        error("invalid node '\(text)': \(conflict)", at: "<command line>:1:\(column)")
        throw ExitCode(ExitStatus.invalidInput)
      }
      for theme in node.themes where warned.insert(theme).inserted {
        warnIfUnknown(theme: theme, in: engine, at: "<command line>:1:2")
      }
    }
  }

  /// The column (from 1, in Unicode scalars) where `part` starts in `text`, else 1.
  static func column(of part: String, in text: String) -> Int {
    let scalars = Array(text.unicodeScalars)
    let wanted = Array(part.unicodeScalars)
    guard wanted.count <= scalars.count else { return 1 }
    for start in 0...(scalars.count - wanted.count) where Array(scalars[start..<start + wanted.count]) == wanted {
      return start + 1
    }
    return 1
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
