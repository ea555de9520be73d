#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a load's files come from: the one seam through which every sheet,
/// import and token file is named and read. The engine's own source reads
/// files (`FileSource`); `StylistRemote` fills it with one that also reads
/// URLs, so the loader has one path whatever the bytes come from.
package protocol ContentSource: AnyObject, Sendable {
  /// The name of the file `reference` names: written in a file of `folder`
  /// (as `folder(of:)` gives it), or named by the caller when `folder` is nil.
  /// A failure is located where the reference is written.
  func name(of reference: String, inFolder folder: String?) -> Result<String, ContentFailure>
  /// What a relative reference written in the file `name` is joined to.
  func folder(of name: String) -> String
  /// The key under which the file `name` is loaded once (its canonical path).
  func key(of name: String) -> String
  /// The bytes of the file `name`, within `options.maxFileSize`.
  func contents(of name: String, options: LoadOptions) -> Result<SourceContents, ContentFailure>
  /// Whether `name` is a local file, which a watcher watches for saves;
  /// the others it polls (`poll(_:)`).
  func isLocalFile(_ name: String) -> Bool
  /// Asks whether any of `names` (not local files) changed since it was read.
  func poll(_ names: [String]) -> PollOutcome
  /// Called with the files a load read once it has succeeded: they are its
  /// last good copies.
  func loadSucceeded(reading names: [String])
}

/// A file's bytes, and a warning about them (an old cached copy).
package struct SourceContents: Sendable {
  package var bytes: [UInt8]
  package var warning: String?

  package init(bytes: [UInt8], warning: String? = nil) {
    self.bytes = bytes
    self.warning = warning
  }
}

/// What polling found.
package enum PollOutcome: Sendable {
  /// Nothing changed: the snapshot stays, nothing is loaded.
  case unchanged
  /// A file changed: the sheets load again.
  case changed
  /// The files could not be asked about; the message names the file and why.
  case failed(SheetDiagnostic)
}

/// Why a file cannot be read.
package enum ContentFailure: Error, Equatable, Sendable {
  case missing
  case directory
  case unreadable
  /// Larger than the limit; the size when it is known before reading.
  case tooLarge(size: Int?, limit: Int)
  /// Not fetched: the cause (`HTTP 404 Not Found`, `timed out after 10 s`).
  case unavailable(cause: String)
  /// A name this load may not read (a remote sheet naming a local file); the reason.
  case refused(reason: String)

  /// The message, for a file named `name` (as the user wrote it).
  func message(name: String, imported: Bool) -> String {
    switch self {
    case .missing: imported ? "import not found: '\(name)'" : "cannot read '\(name)': no such file"
    case .directory: "cannot read '\(name)': it is a directory"
    case .unreadable: "cannot read '\(name)': permission denied or unreadable"
    case .tooLarge(let size?, let limit): "file is \(size) bytes, larger than the \(limit)-byte limit"
    case .tooLarge(nil, let limit): "file is larger than the \(limit)-byte limit"
    case .unavailable(let cause): "cannot read '\(name)': \(cause)"
    case .refused(let reason): reason
    }
  }

  /// The diagnostic kind: a missing import, a file past the size limit, a
  /// fetch that failed, a name refused, or a file that cannot be read.
  func kind(imported: Bool) -> DiagnosticKind {
    switch self {
    case .missing where imported: .importNotFound
    case .tooLarge: .limitExceeded
    case .unavailable: .networkFailure
    case .refused: .refusedName
    default: .unreadableFile
    }
  }

  /// Whether the names the file may define are not reported unknown: it
  /// exists, or may, but could not be read.
  var isMissing: Bool {
    switch self {
    case .missing, .unavailable: true
    default: false
    }
  }

  /// Size problems are the file's own, located at its start; the others
  /// belong where the file was named.
  var isAboutContents: Bool {
    if case .tooLarge = self { return true }
    return false
  }
}

/// Reads files: a relative name is joined to its importer's folder, an
/// open buffer (`LoadOptions.openFiles`) wins over the file on disk.
package final class FileSource: ContentSource {
  package static let shared = FileSource()

  package func name(of reference: String, inFolder folder: String?) -> Result<String, ContentFailure> {
    guard let folder, !reference.hasPrefix("/") else { return .success(reference) }
    return .success(folder + reference)
  }

  package func folder(of name: String) -> String {
    name.lastIndex(of: "/").map { String(name[...$0]) } ?? ""
  }

  package func key(of name: String) -> String {
    URL(fileURLWithPath: name).standardizedFileURL.resolvingSymlinksInPath().path
  }

  package func contents(of name: String, options: LoadOptions) -> Result<SourceContents, ContentFailure> {
    guard !options.openFiles.isEmpty, let open = options.openFiles[key(of: name)] else {
      return FileReader.contents(of: name, limit: options.maxFileSize).map { SourceContents(bytes: $0) }
    }
    if open.count > options.maxFileSize { return .failure(.tooLarge(size: open.count, limit: options.maxFileSize)) }
    return .success(SourceContents(bytes: open))
  }

  package func isLocalFile(_ name: String) -> Bool { true }
  package func poll(_ names: [String]) -> PollOutcome { .unchanged }
  package func loadSucceeded(reading names: [String]) {}
}

/// A source held by `LoadOptions`, equal to another when it is the same object.
struct SourceReference: Hashable, Sendable {
  let source: any ContentSource
  static func == (left: Self, right: Self) -> Bool { left.source === right.source }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(source)) }
}
