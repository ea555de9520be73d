import Stylist

/// The documents the editor has open: their text and version, which win
/// over the files on disk for every load.
struct DocumentStore {
  struct Document {
    var uri: DocumentURI
    var path: String
    var version: Int
    var text: [UInt8]
    var lines: LineIndex
  }

  private(set) var documents: [String: Document] = [:]

  func document(atPath path: String) -> Document? { documents[path] }

  mutating func open(_ uri: DocumentURI, path: String, version: Int, text: String) {
    let bytes = Array(text.utf8)
    documents[path] = Document(uri: uri, path: path, version: version, text: bytes, lines: LineIndex(bytes))
  }

  /// Replaces an open document's text (full synchronization).
  mutating func change(path: String, version: Int, text: String) -> Bool {
    guard documents[path] != nil else { return false }
    let bytes = Array(text.utf8)
    documents[path]!.version = version
    documents[path]!.text = bytes
    documents[path]!.lines = LineIndex(bytes)
    return true
  }

  mutating func close(path: String) { documents[path] = nil }

  /// The open texts by canonical path, as `LoadOptions.openFiles` takes them.
  var openFiles: [String: [UInt8]] { documents.mapValues(\.text) }

  /// The text of `path`: its buffer when open, else the file on disk.
  func lines(ofPath path: String) -> LineIndex? {
    if let open = documents[path] { return open.lines }
    return LoadOptions().contents(ofFile: path).map(LineIndex.init)
  }
}
