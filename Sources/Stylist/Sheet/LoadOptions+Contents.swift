extension LoadOptions {
  /// The bytes of the file at `path`: its open buffer (`openFiles`, by
  /// canonical path `canonical`) when there is one, else the file on disk;
  /// both within `maxFileSize`.
  func contents(of path: String, canonical: String) -> Result<[UInt8], FileReader.Failure> {
    guard let open = openFiles[canonical] else { return FileReader.contents(of: path, limit: maxFileSize) }
    if open.count > maxFileSize { return .failure(.tooLarge(size: open.count, limit: maxFileSize)) }
    return .success(open)
  }
}

extension LoadOptions {
  /// The bytes a load reads for the file at canonical path `path` (its open
  /// buffer, else the file), or nil when it cannot be read: for tools that
  /// show a file's text beside what its load found.
  package func contents(ofFile path: String) -> [UInt8]? {
    try? contents(of: path, canonical: path).get()
  }
}
