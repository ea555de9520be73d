#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Memory for large tables straight from the kernel (`mmap`), handed back
/// the moment it is freed (`munmap`).
///
/// The rule trie is built on a second thread while the sheet compiles, and
/// `malloc` serves that thread from an arena of its own: once the build
/// tables were freed, their memory stayed resident as free space that only
/// that arena could reuse. Tables mapped here leave nothing behind. Pages
/// are zero-filled and become resident only when written. Tables under
/// `mappedSize` come from `malloc`: a system call pair for each of them made
/// the many small tries of a test suite spend most of their time in the
/// kernel.
enum PageMemory {
  /// Tables of at least this many bytes are mapped.
  static let mappedSize = 256 * 1024
  /// Every table starts on a cache line (a mapped one on a page), so a
  /// record of a line's size, or of a half or a quarter, never straddles two.
  static let cacheLine = 64

  /// Room for `count` elements (memory for at least one), uninitialized.
  static func allocate<Element>(_: Element.Type = Element.self, count: Int) -> UnsafeMutableBufferPointer<Element> {
    let length = byteCount(Element.self, count)
    let memory: UnsafeMutableRawPointer
    if length < mappedSize {
      memory = UnsafeMutableRawPointer.allocate(
        byteCount: length, alignment: max(MemoryLayout<Element>.alignment, cacheLine))
    } else {
      let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0)
      // Out of memory ends the process, as a failed `malloc` does in Swift.
      guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
        fatalError("cannot map \(length) bytes")
      }
      memory = address
    }
    return UnsafeMutableBufferPointer(start: memory.bindMemory(to: Element.self, capacity: max(count, 1)), count: count)
  }

  /// Frees `buffer`, which `allocate` returned with the same count.
  static func deallocate<Element>(_ buffer: UnsafeMutableBufferPointer<Element>) {
    guard let address = buffer.baseAddress else { return }
    let length = byteCount(Element.self, buffer.count)
    if length < mappedSize {
      UnsafeMutableRawPointer(address).deallocate()
    } else {
      munmap(UnsafeMutableRawPointer(address), length)
    }
  }

  private static func byteCount<Element>(_: Element.Type, _ count: Int) -> Int {
    MemoryLayout<Element>.stride * max(count, 1)
  }
}
