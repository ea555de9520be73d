#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The standard streams' system calls, for the library's readers and the
/// command line alike, in one place: the C library is Glibc (or Musl) on
/// Linux and Darwin on Apple platforms, with the same POSIX signatures for
/// these (`read` and `write` take `(Int32, pointer, Int)` and return `Int`
/// on both).
package enum SystemCalls {
  package static let standardInput = STDIN_FILENO
  package static let standardOutput = STDOUT_FILENO
  package static let standardError = STDERR_FILENO

  /// Reads at most `count` bytes onto the end of `buffer`: the count read,
  /// 0 at the end of input, -1 on an error (a read interrupted by a signal
  /// is retried).
  package static func read(_ descriptor: Int32, appendingAtMost count: Int, to buffer: inout [UInt8]) -> Int {
    let old = buffer.count
    // An array's bytes are appended by one copy; a `repeatElement` is walked element by element.
    buffer.append(contentsOf: [UInt8](repeating: 0, count: count))
    var result = -1
    while true {
      result = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + old, count) }
      if result < 0 && errno == EINTR { continue }
      break
    }
    buffer.removeLast(count - max(result, 0))
    return result
  }

  /// Opens the file `path` to read it in pieces: its descriptor, or why it
  /// cannot be read, worded as for a sheet (`cannot read 'x': no such file`).
  package static func openForReading(_ path: String) -> Result<Int32, UnreadableFile> {
    FileReader.openForReading(path).mapError { UnreadableFile(message: $0.message(name: path, imported: false)) }
  }

  /// Closes a descriptor ``openForReading(_:)`` gave.
  package static func close(_ descriptor: Int32) { _ = systemClose(descriptor) }

  /// Whether a read of `descriptor` would return at once (input waiting, or
  /// its end), without reading: `poll` with no timeout. False when `poll`
  /// cannot tell (Darwin's does not take devices such as a terminal): the
  /// caller then acts as if a read could wait.
  package static func hasInputReady(_ descriptor: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let result = poll(&entry, 1, 0)
      if result < 0 && errno == EINTR { continue }
      return result > 0 && entry.revents & Int16(POLLNVAL) == 0
        && entry.revents & Int16(POLLIN | POLLHUP) != 0
    }
  }

  /// Writes all of `bytes`, retrying short and interrupted writes; gives up
  /// quietly on an error (a closed pipe: the reader has gone).
  package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
    bytes.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  /// Whether standard output is a terminal and `NO_COLOR` is unset: when
  /// text output may be coloured.
  package static var standardOutputTakesColour: Bool { isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil }

  /// Whether standard error is a terminal: when a progress line, rewritten
  /// in place, reads as one line rather than many.
  package static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// Ignores `number`'s default action (which would end the process), so
  /// that a dispatch source can handle the signal.
  package static func ignore(signal number: Int32) { _ = signal(number, SIG_IGN) }

  /// The signals that end a long-running command cleanly.
  package static let terminatingSignals = [SIGINT, SIGTERM]

  /// Gives the terminating signals their default action and unblocks them
  /// on the calling thread (and so on the threads it starts): a process
  /// that inherited them ignored or blocked (a parent's `trap '' TERM`, a
  /// spawner's signal mask) still ends at once when one comes, whatever it
  /// is busy with.
  package static func takeDefaultTerminatingSignals() {
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in terminatingSignals {
      _ = signal(number, SIG_DFL)
      sigaddset(&signals, number)
    }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
  }

  /// Whether LeakSanitizer runs in this process (a `make sanitize` build,
  /// which exports its interface): it then checks for leaks at exit.
  package static var leakSanitizerIsLinked: Bool {
    guard let program = dlopen(nil, RTLD_LAZY) else { return false }
    defer { dlclose(program) }
    return dlsym(program, "__lsan_do_leak_check") != nil
  }

  /// Calls `handler` when the process exits, before the handlers
  /// registered earlier (LeakSanitizer's check, registered at start, runs after).
  package static func atExit(_ handler: @convention(c) () -> Void) { _ = atexit(handler) }

  /// Ends the process with `status` at once.
  package static func exit(_ status: Int32) -> Never { systemExit(status) }

  /// Parks the calling thread for the rest of the process, every signal
  /// blocked on it, so that signal sources on other threads receive them.
  package static func waitForeverWithSignalsBlocked() -> Never {
    var all = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_BLOCK, &all, nil)
    while true { sigsuspend(&all) }
  }
}

#if canImport(Glibc)
  private let systemRead = Glibc.read
  private let systemWrite = Glibc.write
  private let systemExit = Glibc.exit
  private let systemClose = Glibc.close
#elseif canImport(Musl)
  private let systemRead = Musl.read
  private let systemWrite = Musl.write
  private let systemExit = Musl.exit
  private let systemClose = Musl.close
#elseif canImport(Darwin)
  private let systemRead = Darwin.read
  private let systemWrite = Darwin.write
  private let systemExit = Darwin.exit
  private let systemClose = Darwin.close
#endif

/// A file that cannot be opened, and why (``SystemCalls/openForReading(_:)``).
package struct UnreadableFile: Error, Hashable, Sendable {
  package var message: String
}
