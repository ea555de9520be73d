import CPrefetch

// The CLI's one use of the CPU's prefetch hint: `batch` starts loading what
// it will read after other work (the answer before, the node field), so a
// large run's misses overlap with that work instead of stalling it.

extension Array where Element == UInt8 {
  /// Starts loading the cache lines of `range`, bytes to be copied after
  /// other work (`batch` writes each answer one line late): every line the
  /// range touches, from the one its first byte is on.
  func prefetch(_ range: Range<Int>) {
    withUnsafeBufferPointer { bytes in
      guard !range.isEmpty, let base = bytes.baseAddress else { return }
      let first = UInt(bitPattern: base + range.lowerBound) & ~63
      let last = UInt(bitPattern: base + range.upperBound - 1)
      for line in stride(from: first, through: last, by: 64) {
        stylist_prefetch(UnsafeRawPointer(bitPattern: line))
      }
    }
  }
}

extension Array {
  /// Starts loading the element at `index`, if there is one.
  func prefetch(elementAt index: Int) {
    withUnsafeBufferPointer { elements in
      guard index >= 0 && index < elements.count else { return }
      stylist_prefetch(elements.baseAddress! + index)
    }
  }
}
