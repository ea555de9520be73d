extension LoadOptions {
  /// The bytes a load reads for the file `path` (its open buffer, else the
  /// file), or nil when it cannot be read: for tools that show a file's
  /// text beside what its load found.
  package func contents(ofFile path: String) -> [UInt8]? {
    try? source.contents(of: path, options: self).get().bytes
  }
}
