import CPrefetch

extension Array where Element == UInt8 {
  /// Starts loading the cache lines of `range`, bytes to be copied after
  /// other work (`batch` writes each answer one line late).
  func prefetch(_ range: Range<Int>) {
    withUnsafeBufferPointer { bytes in
      for line in stride(from: range.lowerBound, to: range.upperBound, by: 64) {
        stylist_prefetch(bytes.baseAddress! + line)
      }
    }
  }
}
