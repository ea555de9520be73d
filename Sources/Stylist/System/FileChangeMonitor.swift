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

/// Tells when any of a set of files may have changed: saved in place,
/// replaced by a rename (how editors save), created or deleted.
///
/// It watches each file's folder, not the file, because a save by rename
/// replaces the file the watch was on. On Linux it waits on inotify; on
/// other systems it compares each file's size, date and inode every poll
/// interval. Either way a change can be reported that changed nothing
/// (a save without edits); callers reload, which is harmless.
///
/// One thread at a time uses it: it is made where the files were loaded,
/// so that nothing saved after the load is missed, then handed to the
/// watching thread, which alone uses it from then on.
final class FileChangeMonitor: @unchecked Sendable {
  /// How often the polling monitor looks at the files.
  static let pollInterval = 0.1

  private var files: [String]
  #if os(Linux)
    private var inotify: Int32 = -1
    /// For each watch descriptor, the names of watched files in its folder.
    private var namesByWatch: [Int32: Set<String>] = [:]
  #endif
  private var lastSeen: [String: FileStamp?] = [:]

  init(files: [String]) {
    self.files = []
    watch(files)
  }

  deinit { closeWatches() }

  /// Watches `files` from now on, instead of the ones before.
  func watch(_ files: [String]) {
    self.files = files
    closeWatches()
    #if os(Linux)
      inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      if inotify >= 0 {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
        for (folder, names) in Self.folders(of: files) {
          let watch = inotify_add_watch(inotify, folder, mask)
          if watch >= 0 { namesByWatch[watch, default: []].formUnion(names) }
        }
        if !namesByWatch.isEmpty { return }
        closeWatches()
      }
    #endif
    lastSeen = Dictionary(uniqueKeysWithValues: files.map { ($0, FileStamp(path: $0)) })
  }

  /// Waits up to `timeout` seconds; true when a watched file may have
  /// changed in that time.
  func waitForChange(timeout: Double) -> Bool {
    #if os(Linux)
      if inotify >= 0 { return waitForInotify(timeout: timeout) }
    #endif
    Threads.sleep(seconds: min(timeout, Self.pollInterval))
    var changed = false
    for file in files {
      let stamp = FileStamp(path: file)
      if lastSeen.updateValue(stamp, forKey: file) != stamp { changed = true }
    }
    return changed
  }

  private func closeWatches() {
    #if os(Linux)
      if inotify >= 0 { close(inotify) }
      inotify = -1
      namesByWatch = [:]
    #endif
  }

  /// Each folder, with the names of the files watched in it.
  private static func folders(of files: [String]) -> [String: Set<String>] {
    var folders: [String: Set<String>] = [:]
    for file in files {
      let url = URL(fileURLWithPath: file).standardizedFileURL
      folders[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
    }
    return folders
  }

  #if os(Linux)
    /// Polls the inotify descriptor, then reads every pending event; true
    /// when one names a watched file.
    private func waitForInotify(timeout: Double) -> Bool {
      var request = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
      guard poll(&request, 1, Int32(max(0, timeout * 1000).rounded(.up))) > 0 else { return false }
      var changed = false
      var buffer = [UInt8](repeating: 0, count: 16 << 10)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
        guard count > 0 else { return changed }
        changed = buffer.withUnsafeBytes { events(in: UnsafeRawBufferPointer(rebasing: $0[..<count])) } || changed
      }
    }

    /// Whether an event in `bytes` (`struct inotify_event` records: watch,
    /// mask, cookie, name length, then the NUL-padded name) names a watched
    /// file.
    private func events(in bytes: UnsafeRawBufferPointer) -> Bool {
      let headerSize = MemoryLayout<inotify_event>.size
      var offset = 0
      var found = false
      while offset + headerSize <= bytes.count {
        let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
        let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
        let nameBytes = bytes[(offset + headerSize)..<min(bytes.count, offset + headerSize + nameLength)]
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        if namesByWatch[watch]?.contains(name) == true { found = true }
        offset += headerSize + nameLength
      }
      return found
    }
  #endif
}

/// What polling compares: a file's identity, size and modification time
/// (nil when the file does not exist).
private struct FileStamp: Equatable {
  var inode: UInt64
  var size: Int64
  var modifiedSeconds: Int64
  var modifiedNanoseconds: Int64

  init?(path: String) {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    inode = UInt64(info.st_ino)
    size = Int64(info.st_size)
    // The field's name differs: `st_mtimespec` on Darwin, `st_mtim` on Linux.
    #if canImport(Darwin)
      (modifiedSeconds, modifiedNanoseconds) = (Int64(info.st_mtimespec.tv_sec), Int64(info.st_mtimespec.tv_nsec))
    #else
      (modifiedSeconds, modifiedNanoseconds) = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
    #endif
  }
}
