import Foundation

/// A `file:` URI and the path it names (other schemes have no path and are
/// not loaded).
struct DocumentURI: Hashable {
  let text: String

  init(_ text: String) { self.text = text }

  init(path: String) {
    text = URL(fileURLWithPath: path).absoluteString
  }

  /// The canonical path of a `file:` URI: standardized, symlinks resolved,
  /// as the loader keys open files.
  var path: String? {
    guard let url = URL(string: text), url.isFileURL else { return nil }
    return url.standardizedFileURL.resolvingSymlinksInPath().path
  }
}
