#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An owned, compiled POSIX extended regular expression (`regcomp`/`regexec`).
///
/// The `regex_t` lives on the heap and is freed in `deinit`; no C type leaves
/// this file. glibc's `regexec` is safe to call from several threads on one
/// compiled expression, which makes sharing it across queries sound.
final class POSIXRegex: @unchecked Sendable {
  private let compiled: UnsafeMutablePointer<regex_t>

  /// Compiles `pattern`; returns nil (and frees everything) when it does not compile.
  init?(extendedPattern pattern: String) {
    // Compile before initialising the property: a failable class init that
    // returns nil after full initialisation still runs `deinit`, which would
    // free the buffer a second time (a fuzz regression keeps it so).
    let buffer = UnsafeMutablePointer<regex_t>.allocate(capacity: 1)
    guard regcomp(buffer, pattern, REG_EXTENDED | REG_NOSUB) == 0 else {
      buffer.deallocate()
      return nil
    }
    compiled = buffer
  }

  deinit {
    regfree(compiled)
    compiled.deallocate()
  }

  func matches(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      // regexec needs a NUL-terminated string; names never hold NUL (control character).
      withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
        bytes.withMemoryRebound(to: CChar.self) { source in
          _ = buffer.initialize(fromContentsOf: source)
        }
        buffer[bytes.count] = 0
        return regexec(compiled, buffer.baseAddress!, 0, nil, 0) == 0
      }
    }
  }
}
