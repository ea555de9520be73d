/// A located problem found while loading or linting a sheet, printed as
/// `FILE:LINE:COLUMN: error: MESSAGE` (docs/SHEETS.md: Style sheets).
public struct SheetDiagnostic: Hashable, Sendable, CustomStringConvertible {
  /// Whether a diagnostic stops the load (`error`) or only informs (`warning`).
  public enum Severity: String, Hashable, Sendable {
    case error, warning
  }

  /// Error or warning.
  public var severity: Severity
  /// What the problem is about, as a stable name.
  public var kind: DiagnosticKind
  /// Where the problem is.
  public var location: SourceLocation
  /// What is wrong, in the user's terms (a suggestion included).
  public var message: String
  /// The name the user probably meant, when one close to what was written
  /// exists (a variable, selector, import, theme).
  public var suggestion: String?
  /// The text the problem is in, with its column (a node identifier or a
  /// selector), when it is short enough to show: the text renderer quotes
  /// it under the message.
  public var quote: SourceQuote?

  /// A diagnostic of `severity` and `kind` at `location`.
  public init(
    _ severity: Severity, _ message: String, kind: DiagnosticKind, at location: SourceLocation,
    suggestion: String? = nil, quoting quote: SourceQuote? = nil
  ) {
    self.severity = severity
    self.message = message
    self.kind = kind
    self.location = location
    self.suggestion = suggestion
    self.quote = quote
  }

  /// `FILE:LINE:COL: error: MESSAGE`, and for a warning ` [KIND]` after it
  /// (as compilers name the warning flag), so that it can be ignored by name.
  public var description: String {
    let text = "\(location): \(severity.rawValue): \(message)"
    return severity == .warning ? text + " [\(kind)]" : text
  }
}

/// A load that failed as a whole: nothing of it was applied.
public struct SheetLoadError: Error, Sendable, CustomStringConvertible {
  /// Every problem found, errors and warnings, in the order found.
  public var diagnostics: [SheetDiagnostic]

  /// The errors among `diagnostics`.
  public var errors: [SheetDiagnostic] { diagnostics.filter { $0.severity == .error } }

  /// Every error, one a line.
  public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// Limits that keep loading bounded on hostile input (docs/SHEETS.md: Style sheets), and how
/// loading uses threads. Any `Int` is a valid limit: `Int.max` is no limit on
/// file size or values built, and a negative one allows nothing.
public struct LoadOptions: Hashable, Sendable {
  /// Files larger than this are rejected before parsing.
  public var maxFileSize: Int
  /// Deepest nesting of YAML collections, and of values counting through
  /// variables. Every walk over a value (evaluating, rendering, comparing,
  /// exporting, releasing it) takes a stack frame a level, so this limit is
  /// what keeps deep input within the stack of the thread that loads or
  /// renders: the default, 64, fits a 512 KiB stack (Darwin's secondary
  /// threads and Dispatch's workers) even in a debug build. Raise it only as
  /// far as your threads' stacks allow. Where the libyaml Yams bundles is
  /// used (Apple platforms), libyaml itself also stops at 1,000 levels.
  public var maxNestingDepth: Int
  /// Most values a load may build, all themes together, counting every
  /// alias, merge key, variable use, `extends` and themed variant as a copy:
  /// stops "billion laughs" and its kin. The limit used is the greater of
  /// this and the number of bytes read, since written-out values take at
  /// least a byte each.
  public var maxExpandedValues: Int
  /// Most bytes string interpolation (`"$a $b"`) may copy in one load, all
  /// themes together: stops strings doubled through variables. The limit
  /// used is the greater of this and 16 bytes per byte read.
  public var maxInterpolatedBytes: Int
  /// Files at least this large are parsed by libyaml on a second thread
  /// while the calling thread composes the events; `Int.max` keeps loading
  /// on the calling thread.
  public var backgroundParsingThreshold: Int
  /// Texts read in place of files, by canonical path: a language server's
  /// open buffers, which win over what is on disk.
  package var openFiles: [String: [UInt8]] = [:]
  /// Where files are named and read from: files, unless `StylistRemote`
  /// gives a source that also reads URLs.
  package var source: any ContentSource {
    get { sourceReference.source }
    set { sourceReference = SourceReference(source: newValue) }
  }
  private var sourceReference = SourceReference(source: FileSource.shared)

  /// Limits and threading for loading; the defaults suit sheets up to tens of megabytes.
  public init(
    maxFileSize: Int = 64 << 20, maxNestingDepth: Int = 64, maxExpandedValues: Int = 1_000_000,
    maxInterpolatedBytes: Int = 16 << 20, backgroundParsingThreshold: Int = 64 << 10
  ) {
    self.maxFileSize = maxFileSize
    self.maxNestingDepth = maxNestingDepth
    self.maxExpandedValues = maxExpandedValues
    self.maxInterpolatedBytes = maxInterpolatedBytes
    self.backgroundParsingThreshold = backgroundParsingThreshold
  }
}

/// Collects diagnostics, each reported once. An error found while
/// evaluating under sets of themes, the same words at the same place under
/// several of them, is one diagnostic that names the themes under which it
/// is found (`ThemedError`): the queries each set stands for joined, so
/// that it names no theme when they are every query.
final class DiagnosticSink {
  private(set) var diagnostics: [SheetDiagnostic] = []
  private var seen: Set<SheetDiagnostic> = []
  /// For each error found under sets of themes: its place in
  /// `diagnostics`, the sets and the queries they stand for, in the order found.
  private var themed: [ThemedError: (position: Int, found: [ThemedError.Finding])] = [:]

  var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  func error(_ message: String, _ kind: DiagnosticKind, at location: SourceLocation, suggestion: String? = nil) {
    add(SheetDiagnostic(.error, message, kind: kind, at: location, suggestion: suggestion))
  }

  /// An error found under the set of themes `themes`, standing for the
  /// queries of `region`: its message is `head`, the themes it is found
  /// under, then `tail`. `definedBy`: for an unknown variable, the themes
  /// on declared axes that define it.
  func error(
    _ head: String, under themes: ThemeSet, region: QueryRegion, then tail: String = "", _ kind: DiagnosticKind,
    at location: SourceLocation, suggestion: String? = nil, definedBy: [String] = []
  ) {
    let error = ThemedError(
      head: head, tail: tail, kind: kind, location: location, suggestion: suggestion, definedBy: definedBy)
    let finding = ThemedError.Finding(set: themes, region: region)
    if held != nil {
      held!.append(.themed(error, finding))
    } else {
      add(error, finding)
    }
  }

  /// An error that stands whatever `release(keeping:)` decides: the
  /// shared expansion budget running out, after which every evaluation
  /// is refused without a word.
  func errorPastHold(_ message: String, _ kind: DiagnosticKind, at location: SourceLocation) {
    let waiting = held
    held = nil
    error(message, kind, at: location)
    held = waiting
  }

  func warning(_ message: String, _ kind: DiagnosticKind, at location: SourceLocation) {
    add(SheetDiagnostic(.warning, message, kind: kind, at: location))
  }

  func add(_ diagnostic: SheetDiagnostic) {
    if held != nil {
      held!.append(.plain(diagnostic))
    } else if seen.insert(diagnostic).inserted {
      diagnostics.append(diagnostic)
    }
  }

  private func add(_ error: ThemedError, _ finding: ThemedError.Finding) {
    guard var entry = themed[error] else {
      themed[error] = (diagnostics.count, [finding])
      diagnostics.append(error.diagnostic(found: [finding]))
      return
    }
    guard !entry.found.contains(where: { $0.set == finding.set }) else { return }
    entry.found.append(finding)
    themed[error] = entry
    diagnostics[entry.position] = error.diagnostic(found: entry.found)
  }

  /// A diagnostic waiting for `release(keeping:)`.
  private enum Waiting {
    case plain(SheetDiagnostic)
    case themed(ThemedError, ThemedError.Finding)
  }

  /// Diagnostics waiting between `hold()` and `release(keeping:)`: a
  /// style's values under a set of themes no query can have report nothing
  /// (`SheetCompiler`), so what they report waits until that is known.
  private var held: [Waiting]?

  /// Changes at each `hold()` and `release(keeping:)`: what was reported
  /// in one epoch is in the sink (or waits to be) for as long as it lasts,
  /// so a failure remembered then (`ValueEvaluator`) need not be reported again.
  private(set) var epoch = 0

  /// Makes diagnostics wait until `release(keeping:)`.
  func hold() {
    precondition(held == nil, "holds do not nest")
    held = []
    epoch += 1
  }

  /// Adds the waiting diagnostics, or drops them.
  func release(keeping: Bool) {
    let waiting = held ?? []
    held = nil
    epoch += 1
    guard keeping else { return }
    for diagnostic in waiting {
      switch diagnostic {
      case .plain(let plain): add(plain)
      case .themed(let error, let finding): add(error, finding)
      }
    }
  }
}

/// An error an evaluation under a set of themes finds, apart from the
/// sets: found under several, it is said once, naming the themes they have
/// in common as far as the queries they stand for allow.
struct ThemedError: Hashable {
  var head: String
  var tail: String
  var kind: DiagnosticKind
  var location: SourceLocation
  var suggestion: String?
  /// For an unknown variable, the themes on declared axes that define it.
  var definedBy: [String]

  /// A set of themes the error is found under, and the queries it stands for.
  struct Finding {
    var set: ThemeSet
    var region: QueryRegion
  }

  /// Sets named in a message at most; the others are counted.
  static let namedSets = 4

  /// The error found under `found` (in the order found). The queries of
  /// every finding joined: no theme named when they are every query a
  /// value can have; `under theme 'dark'`, `under themes 'dark' and
  /// 'compact'` or `under no theme of axis 'density'` for what they have
  /// in common. A variable only themes define, unknown where none of them
  /// is current, says so. Queries that join into no one region are named
  /// by the sets found, `under the sets of themes 'compact' and 'dark/regular'`.
  func diagnostic(found: [Finding]) -> SheetDiagnostic {
    let regions = QueryRegion.merged(found.map(\.region))
    let phrase: String
    if regions.count == 1 {
      let (text, onlyNone) = regions[0].phrase()
      if !definedBy.isEmpty && onlyNone {
        let themes = definedBy.map { "'\($0)'" }.joined(separator: ", ")
        let message = head + ": only themes define it (\(themes)), and a query can have none of them current"
        return SheetDiagnostic(.error, message, kind: kind, at: location, suggestion: nil)
      }
      phrase = text
    } else {
      phrase = Self.listing(found.map(\.set))
    }
    return SheetDiagnostic(.error, head + phrase + tail, kind: kind, at: location, suggestion: suggestion)
  }

  private static func listing(_ sets: [ThemeSet]) -> String {
    var names = sets.prefix(namedSets).map { "'\($0)'" }
    let last = sets.count > namedSets ? "\(sets.count - namedSets) more" : names.removeLast()
    return " under the sets of themes " + names.joined(separator: ", ") + " and " + last
  }
}
