#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes output files (an export, a preview page) so that nothing is ever
/// half-written: everything goes into a temporary file or folder beside the
/// target, which is then renamed into place (one `rename`, atomic on one
/// file system), so a reader (a browser reloading a preview) sees the old
/// file or the new one; on any failure the temporary copy is removed and
/// the target is as it was.
package enum OutputFiles {
  /// Why an output could not be written, worded for the person who named it.
  package struct Failure: Error, Hashable, Sendable {
    package var message: String
  }

  /// Writes `text` to the file `path`, replacing one that is there.
  package static func writeFile(_ text: String, to path: String) throws(Failure) {
    let temporary = temporaryName(beside: path)
    do throws(Failure) {
      try writeNew(Array(text.utf8), to: temporary, named: path)
      guard rename(temporary, path) == 0 else { throw failure(path) }
    } catch {
      _ = unlink(temporary)
      throw error
    }
  }

  /// Writes `files` (paths relative to the folder, `/` between folders)
  /// as the folder `path`: a new one, or one holding an earlier export
  /// (its `marker` file), which is replaced whole; a folder holding other
  /// files is refused, so that nothing of someone's is deleted.
  static func writeFolder(_ files: [(path: String, text: String)], at path: String, marker: String) throws(Failure) {
    var status = stat()
    let exists = stat(path, &status) == 0
    if exists {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw Failure(message: "cannot write the folder '\(path)': a file of that name is in the way")
      }
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      guard entries.isEmpty || entries.contains(marker) else {
        throw Failure(
          message: "cannot write the folder '\(path)': it holds files that are no export (no '\(marker)'); "
            + "name a new or empty folder")
      }
    }
    let temporary = temporaryName(beside: path)
    do throws(Failure) {
      guard mkdir(temporary, 0o755) == 0 else { throw failure(path) }
      for file in files {
        let parts = file.path.split(separator: "/")
        var folder = temporary
        for part in parts.dropLast() {
          folder += "/" + part
          guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw failure(path) }
        }
        try writeNew(Array(file.text.utf8), to: temporary + "/" + file.path, named: path)
      }
      if exists {
        let old = temporaryName(beside: path) + "-old"
        guard rename(path, old) == 0 else { throw failure(path) }
        guard rename(temporary, path) == 0 else {
          let reason = failure(path)
          _ = rename(old, path)
          throw reason
        }
        try? FileManager.default.removeItem(atPath: old)
      } else {
        guard rename(temporary, path) == 0 else { throw failure(path) }
      }
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      throw error
    }
  }

  /// Creates the file `path` (which must not exist) holding `bytes`.
  private static func writeNew(_ bytes: [UInt8], to path: String, named target: String) throws(Failure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure(target) }
    defer { close(descriptor) }
    var written = 0
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { throw failure(target) }
      written += count
    }
  }

  /// A name beside `path` no other writer uses: hidden, with the process id.
  private static func temporaryName(beside path: String) -> String {
    let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    let slash = trimmed.lastIndex(of: "/")
    let folder = slash.map { String(trimmed[...$0]) } ?? ""
    let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    return "\(folder).\(name).stylist-\(getpid())-\(UInt32.random(in: .min ... .max))"
  }

  /// The failure `errno` tells of, for `path`.
  private static func failure(_ path: String) -> Failure {
    let reason: String =
      switch errno {
      case ENOENT, ENOTDIR: "its folder does not exist"
      case EACCES, EPERM: "permission denied"
      case EROFS: "the file system is read-only"
      case ENOSPC: "no space left on the device"
      case EISDIR: "a folder of that name is in the way"
      default: String(cString: strerror(errno))
      }
    return Failure(message: "cannot write '\(path)': \(reason)")
  }
}
