extension String {
  /// Whether any UTF-8 byte of the text satisfies `test`. Scans the string's
  /// contiguous storage: `utf8.contains(where:)` steps a generic iterator,
  /// which costs more than the scan on the short strings of a sheet.
  @inline(__always)
  func containsByte(where test: (UInt8) -> Bool) -> Bool {
    if let found = utf8.withContiguousStorageIfAvailable({ $0.contains(where: test) }) { return found }
    return utf8.contains(where: test)
  }

  func containsByte(_ byte: UInt8) -> Bool { containsByte { $0 == byte } }
}
