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

  /// Writes `text`, which begins with `header`, to the file `path`. A file
  /// that is there is replaced only when it begins with `header` too (an
  /// earlier output of the same kind): a file someone else wrote is never
  /// overwritten.
  package static func writeFile(_ text: String, to path: String, header: String) throws(Failure) {
    precondition(text.hasPrefix(header), "an output begins with its header")
    if let existing = FileManager.default.contents(atPath: path), !existing.starts(with: Array(header.utf8)) {
      throw Failure(
        message: "cannot write '\(path)': it holds a file that is no earlier output of this command; "
          + "name a new file or remove it")
    }
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
  /// into the folder `path` with the file `marker` listing them, under
  /// its first line `kind`. The folder must be new, empty, or hold exactly
  /// an earlier output of the same kind: its marker and the files it
  /// lists (and their folders). Anything else is refused whole, so that
  /// nothing of someone's is deleted or overwritten.
  ///
  /// Every file is written beside its place first; only when all are
  /// written are they renamed into place, then the earlier output's files
  /// the new one lacks removed. The folder itself is never renamed, so
  /// `.` (the current folder) works like any other.
  static func writeFolder(
    _ files: [(path: String, text: String)], at path: String, marker: String, kind: String
  ) throws(Failure) {
    let folder = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    var status = stat()
    let exists = stat(folder, &status) == 0
    var earlier: [String] = []
    if exists {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw Failure(message: "cannot write the folder '\(path)': a file of that name is in the way")
      }
      earlier = try earlierOutput(in: folder, named: path, marker: marker, kind: kind)
    } else {
      guard mkdir(folder, 0o755) == 0 else { throw failure(path) }
    }
    let listing = ([kind] + files.map(\.path)).joined(separator: "\n") + "\n"
    let written = files + [(marker, listing)]
    var staged: [(temporary: String, target: String)] = []
    var madeFolders: [String] = []
    do throws(Failure) {
      for file in written {
        var inner = folder
        for part in file.path.split(separator: "/").dropLast() {
          inner += "/" + part
          if mkdir(inner, 0o755) == 0 {
            madeFolders.append(inner)
          } else if errno != EEXIST {
            throw failure(path)
          }
        }
        let target = folder + "/" + file.path
        let temporary = temporaryName(beside: target)
        try writeNew(Array(file.text.utf8), to: temporary, named: path)
        staged.append((temporary, target))
      }
    } catch {
      for file in staged { _ = unlink(file.temporary) }
      for made in madeFolders.reversed() { _ = rmdir(made) }
      if !exists { _ = rmdir(folder) }
      throw error
    }
    // The marker is the last file renamed into place: until it is, the
    // folder's listing names the earlier output's files.
    for file in staged {
      guard rename(file.temporary, file.target) == 0 else {
        let reason = failure(path)
        for left in staged { _ = unlink(left.temporary) }
        throw reason
      }
    }
    let kept = Set(written.map(\.path))
    for stale in earlier where !kept.contains(stale) {
      _ = unlink(folder + "/" + stale)
      var parent = stale
      while let slash = parent.lastIndex(of: "/") {
        parent = String(parent[..<slash])
        guard rmdir(folder + "/" + parent) == 0 else { break }
      }
    }
  }

  /// The files of the earlier output in `folder` (its marker's listing),
  /// empty for an empty folder; a failure naming the folder when it holds
  /// anything else: no marker, another kind's, or a file the marker does
  /// not list.
  private static func earlierOutput(in folder: String, named path: String, marker: String, kind: String)
    throws(Failure) -> [String]
  {
    let entries = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
    guard !entries.isEmpty else { return [] }
    func refused(_ reason: String) -> Failure {
      Failure(message: "cannot write the folder '\(path)': \(reason); name a new or empty folder")
    }
    guard let data = FileManager.default.contents(atPath: folder + "/" + marker) else {
      throw refused("it holds files that are no export (no '\(marker)')")
    }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    guard lines.first == kind else { throw refused("it holds another kind of export ('\(marker)' is no '\(kind)')") }
    let listed = Array(lines.dropFirst())
    var allowed = Set(listed + [marker])
    for file in listed {
      var parent = file
      while let slash = parent.lastIndex(of: "/") {
        parent = String(parent[..<slash])
        allowed.insert(parent)
      }
    }
    if let stranger = entries.sorted().first(where: { !allowed.contains($0) }) {
      throw refused("it holds '\(stranger)', which the earlier export did not write")
    }
    // Only what is there is the earlier export's: a listing naming
    // anything else (`../`) removes nothing.
    let present = Set(entries)
    return listed.filter(present.contains)
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
