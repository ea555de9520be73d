import Foundation
import Stylist

/// The open documents and what loading each of them found. Every open
/// document is loaded as a sheet (or a token file) of its own, with every
/// open buffer in place of its file; a change to any file a load read loads
/// that document again.
struct Workspace {
  /// What one load of an open document found.
  struct Load {
    var diagnostics: [SheetDiagnostic]
    /// The canonical paths of the files the load read.
    var files: Set<String>
    /// The outline of the last load without errors: an edit that breaks
    /// the sheet keeps what completion, hover and definitions read.
    var outline: SheetOutline?
    var sheet: StyleSheet?
  }

  var store = DocumentStore()
  private(set) var loads: [String: Load] = [:]

  /// Loads the open document at `path` again.
  mutating func load(_ path: String) {
    guard store.document(atPath: path) != nil else {
      loads[path] = nil
      return
    }
    let read = ReadFiles()
    read.paths.insert(path)
    var options = LoadOptions()
    options.openFiles = store.openFiles
    let (diagnostics, sheet) = StyleSheet.diagnosedSheet(
      [path], dashIsStandardInput: false, options: options, willRead: { read.paths.insert(Self.canonical($0)) })
    let outline = sheet?.outline ?? loads[path]?.outline
    loads[path] = Load(
      diagnostics: diagnostics, files: read.paths, outline: outline, sheet: sheet ?? loads[path]?.sheet)
  }

  /// The open documents whose load read `path` (itself included when open).
  func documents(reading path: String) -> [String] {
    loads.filter { $0.value.files.contains(path) }.map(\.key).sorted()
  }

  mutating func forget(_ path: String) { loads[path] = nil }

  /// The files a load read, filled in as it reads them.
  private final class ReadFiles {
    var paths: Set<String> = []
  }

  static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}
