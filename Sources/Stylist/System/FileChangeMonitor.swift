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
/// On Linux it waits on inotify, watching each file's folder, not the file,
/// because a save by rename replaces the file a watch would be on. A file
/// named through a symbolic link is also watched in its target's folder
/// (the link's final target), so a save to the target counts; a file whose
/// folder does not exist is watched for in the nearest folder that does,
/// and the watches move back down when the folders are made again (so a
/// missing import, or a folder deleted and made again, is seen). Elsewhere
/// it compares each file's size, date and inode (following links) every
/// poll interval, which sees the same changes. Either way a change can be
/// reported that changed nothing (a save without edits); callers reload,
/// which is harmless.
///
/// Files added are watched from that moment, and a change not yet reported
/// stays pending when the set of files changes: the watcher adds each file
/// before reading it, so nothing saved after the read is missed.
///
/// One thread at a time uses it: it is made where the files are first
/// loaded, then handed to the watching thread, which alone uses it from
/// then on.
final class FileChangeMonitor: @unchecked Sendable {
  /// How often the polling monitor looks at the files.
  static let pollInterval = 0.1

  /// The files watched, each once, as the sheets name them.
  private var files: [String] = []
  #if os(Linux)
    private var inotify: Int32 = -1
    /// For each watch descriptor, the names in its folder whose changes
    /// count: watched files, or the next folder on the way to one.
    private var namesByWatch: [Int32: Set<String>] = [:]
  #endif
  /// For polling: each file's last stamp (nil while it does not exist).
  private var lastSeen: [String: FileStamp?] = [:]

  /// Watches `files`; with `polling`, by polling on every system (the
  /// path other systems take, tested on Linux too).
  init(files: [String], polling: Bool = false) {
    #if os(Linux)
      if !polling { inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
    #endif
    watch(files)
  }

  deinit {
    #if os(Linux)
      if inotify >= 0 { close(inotify) }
    #endif
  }

  /// Watches `files` from now on, instead of the ones before.
  func watch(_ files: [String]) {
    var unique = Set<String>()
    self.files = files.filter { unique.insert($0).inserted }
    #if os(Linux)
      if inotify >= 0 {
        armInotify()
        return
      }
    #endif
    lastSeen = Dictionary(uniqueKeysWithValues: self.files.map { ($0, lastSeen[$0] ?? FileStamp(path: $0)) })
  }

  /// Watches `file` too, from now on.
  func add(_ file: String) {
    guard !files.contains(file) else { return }
    files.append(file)
    #if os(Linux)
      if inotify >= 0 {
        if !addInotifyWatches(for: file) { fallBackToPolling() }
        return
      }
    #endif
    lastSeen[file] = FileStamp(path: file)
  }

  /// The longest one wait blocks, in seconds: the watcher's waits are far
  /// shorter; the bound keeps each conversion to an integer total.
  private static let longestWait = 3600.0

  /// `seconds` inside 0...`longestWait`, NaN read as 0.
  private static func waitable(_ seconds: Double) -> Double {
    seconds.isNaN ? 0 : min(max(seconds, 0), longestWait)
  }

  /// Blocks the calling thread for `seconds` (signals may cut it short).
  private static func sleep(seconds: Double) {
    let seconds = waitable(seconds)
    let whole = seconds.rounded(.down)
    var interval = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    _ = nanosleep(&interval, nil)
  }

  /// Waits up to `timeout` seconds; true when a watched file may have
  /// changed in that time.
  func waitForChange(timeout: Double) -> Bool {
    #if os(Linux)
      if inotify >= 0 { return waitForInotify(timeout: timeout) }
    #endif
    Self.sleep(seconds: min(timeout, Self.pollInterval))
    var changed = false
    for file in files {
      let stamp = FileStamp(path: file)
      if lastSeen.updateValue(stamp, forKey: file) != stamp { changed = true }
    }
    return changed
  }

  #if os(Linux)
    static let watchMask = UInt32(
      IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF
        | IN_MOVE_SELF | IN_ONLYDIR)

    /// Watches every file's folders anew: adds the watches now needed
    /// (an existing one is found again, with its pending events), removes
    /// the ones no longer needed.
    private func armInotify() {
      let before = namesByWatch
      namesByWatch = [:]
      for file in files where !addInotifyWatches(for: file) {
        fallBackToPolling()
        return
      }
      for watch in before.keys where namesByWatch[watch] == nil { inotify_rm_watch(inotify, watch) }
    }

    /// Watches the folder of `file` and of its link's target, or the
    /// nearest existing folder above; false when inotify refuses a watch
    /// (out of watches, say).
    private func addInotifyWatches(for file: String) -> Bool {
      for (folder, name) in Self.places(of: file) {
        guard let (watch, name) = addWatch(folder: folder, name: name) else { return false }
        namesByWatch[watch, default: []].insert(name)
      }
      return true
    }

    /// A watch on `folder` for `name`, or, while `folder` does not exist,
    /// on the nearest folder above it for the name of the next folder down.
    private func addWatch(folder: String, name: String) -> (Int32, String)? {
      var (folder, name) = (folder, name)
      while true {
        let watch = inotify_add_watch(inotify, folder, Self.watchMask)
        if watch >= 0 { return (watch, name) }
        guard errno == ENOENT || errno == ENOTDIR, let slash = folder.lastIndex(of: "/"), folder != "/" else {
          return nil
        }
        name = String(folder[folder.index(after: slash)...])
        folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
      }
    }

    /// Inotify cannot watch every file: poll them all from now on.
    private func fallBackToPolling() {
      close(inotify)
      inotify = -1
      namesByWatch = [:]
      lastSeen = Dictionary(uniqueKeysWithValues: files.map { ($0, FileStamp(path: $0)) })
    }

    /// Polls the inotify descriptor, then reads every pending event; true
    /// when one concerns a watched file. After such an event the watches
    /// are set up again, so they follow folders deleted and made again and
    /// links pointed elsewhere.
    private func waitForInotify(timeout: Double) -> Bool {
      var request = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
      guard poll(&request, 1, Int32((Self.waitable(timeout) * 1000).rounded(.up))) > 0 else { return false }
      var changed = false
      var buffer = [UInt8](repeating: 0, count: 16 << 10)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        changed = buffer.withUnsafeBytes { events(in: UnsafeRawBufferPointer(rebasing: $0[..<count])) } || changed
      }
      if changed { armInotify() }
      return changed
    }

    /// Whether an event in `bytes` (`struct inotify_event` records: watch,
    /// mask, cookie, name length, then the NUL-padded name) concerns a
    /// watched file: names one, ends a watched folder (deleted or moved),
    /// or says events were lost.
    private func events(in bytes: UnsafeRawBufferPointer) -> Bool {
      let headerSize = MemoryLayout<inotify_event>.size
      let folderGone = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED)
      var offset = 0
      var found = false
      while offset + headerSize <= bytes.count {
        let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
        let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
        let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
        let nameBytes = bytes[(offset + headerSize)..<min(bytes.count, offset + headerSize + nameLength)]
        offset += headerSize + nameLength
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
          found = true
          continue
        }
        guard let names = namesByWatch[watch] else { continue }
        if mask & folderGone != 0 {
          found = true
          continue
        }
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        if names.contains(name) { found = true }
      }
      return found
    }

    /// Where `file` is watched: its folder and name, and its link's final
    /// target's folder and name when it is a link (absolute paths).
    private static func places(of file: String) -> [(folder: String, name: String)] {
      let url = URL(fileURLWithPath: file).standardizedFileURL
      var places = [(url.deletingLastPathComponent().path, url.lastPathComponent)]
      let target = url.resolvingSymlinksInPath()
      if target.path != url.path {
        places.append((target.deletingLastPathComponent().path, target.lastPathComponent))
      }
      return places
    }
  #endif
}

/// What polling compares: a file's identity, size and modification time
/// (nil when the file does not exist). `stat` follows links, so a link is
/// compared by its target.
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
