import Stylist

/// The documents the editor has open: their text and version, which win
/// over the files on disk for every load.
struct DocumentStore {
  struct Document {
    var uri: DocumentURI
    var path: String
    var version: Int
    /// The text, and where its lines start.
    var lines: LineIndex
  }

  private(set) var documents: [String: Document] = [:]

  func document(atPath path: String) -> Document? { documents[path] }

  mutating func open(_ uri: DocumentURI, path: String, version: Int, text: String) {
    documents[path] = Document(uri: uri, path: path, version: version, lines: LineIndex(Array(text.utf8)))
  }

  /// Applies `changes` in order to the open document at `path`, each to the
  /// text the one before it left: all of them, or none when one cannot
  /// apply (the editor's text and this one would differ from there on).
  /// False when the document is not open.
  mutating func change(path: String, version: Int, changes: [TextChange]) throws(RejectedChange) -> Bool {
    guard let document = documents[path] else { return false }
    var lines = document.lines
    for change in changes {
      guard let range = change.range else {
        lines = LineIndex(Array(change.text.utf8))
        continue
      }
      let start = try lines.byteOffset(of: range.start)
      let end = try lines.byteOffset(of: range.end)
      guard start <= end else { throw RejectedChange(position: range.start, reason: "the range ends before it starts") }
      var bytes = lines.bytes
      bytes.replaceSubrange(start..<end, with: change.text.utf8)
      lines = LineIndex(bytes)
    }
    documents[path]!.version = version
    documents[path]!.lines = lines
    return true
  }

  mutating func close(path: String) { documents[path] = nil }

  /// The open texts by canonical path, as `LoadOptions.openFiles` takes them.
  var openFiles: [String: [UInt8]] { documents.mapValues(\.lines.bytes) }

  /// The text of `path`: its buffer when open, else the file on disk.
  func lines(ofPath path: String) -> LineIndex? {
    if let open = documents[path] { return open.lines }
    return LoadOptions().contents(ofFile: path).map(LineIndex.init)
  }
}
