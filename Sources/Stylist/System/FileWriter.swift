#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces whole files at once: the bytes go into a temporary file beside
/// the target, which is renamed over it only when every byte is written, so
/// a reader (a browser reloading a preview) sees the old file or the new
/// one, never half of one, and a failed write leaves the old file as it was.
package enum FileWriter {
  /// Why a file could not be written, worded for the file as the user named it.
  package struct Failure: Error, Hashable, Sendable {
    package var message: String
  }

  /// Writes `bytes` to `path` through a temporary file renamed over it; the
  /// file is readable by all (mode 0644).
  package static func replaceContents(of path: String, with bytes: [UInt8]) -> Result<Void, Failure> {
    var template = Array((path + ".XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { return .failure(failure(path)) }
    let temporary = String(cString: template)
    var written = fchmod(descriptor, 0o644) == 0 && writeAll(bytes, to: descriptor)
    written = close(descriptor) == 0 && written
    guard written, rename(temporary, path) == 0 else {
      let reason = failure(path)
      unlink(temporary)
      return .failure(reason)
    }
    return .success(())
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += count
      }
      return true
    }
  }

  /// The failure `errno` names, for `path`.
  private static func failure(_ path: String) -> Failure {
    let reason =
      switch errno {
      case ENOENT, ENOTDIR: "no such folder"
      case EACCES, EPERM, EROFS: "permission denied"
      case EISDIR: "it is a directory"
      case ENOSPC, EDQUOT: "no space left"
      default: "error \(errno)"
      }
    return Failure(message: "cannot write '\(path)': \(reason)")
  }
}
