#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Threads, the one place that calls `pthread_create`. Its signature differs:
/// on Linux `pthread_t` is an integer and the start routine takes an
/// optional pointer; on Darwin `pthread_t` is a non-optional pointer (so
/// the out-parameter is `pthread_t?`) and the start routine's argument is
/// non-optional.
enum Threads {
  /// Runs `body` on a new detached thread; false when none can be started.
  static func startDetached(_ body: @escaping @Sendable () -> Void) -> Bool {
    let argument = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t? = nil
      guard pthread_create(&thread, nil, threadStart, argument) == 0, let thread else {
        Unmanaged<ThreadBody>.fromOpaque(argument).release()
        return false
      }
    #else
      var thread = pthread_t()
      guard pthread_create(&thread, nil, threadStart, argument) == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(argument).release()
        return false
      }
    #endif
    pthread_detach(thread)
    return true
  }
}

extension Threads {
  /// Identifies the calling thread (`pthread_self`: an integer on Linux, a
  /// pointer on Darwin).
  static var current: ThreadID {
    #if canImport(Darwin)
      ThreadID(raw: UInt(bitPattern: pthread_self()))
    #else
      ThreadID(raw: UInt(pthread_self()))
    #endif
  }

  /// Blocks the calling thread for `seconds` (signals may cut it short).
  static func sleep(seconds: Double) {
    let whole = seconds.rounded(.down)
    var interval = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
    _ = nanosleep(&interval, nil)
  }
}

/// A thread, as `Threads.current` names it: equal only for the same thread
/// while it runs.
struct ThreadID: Equatable, Sendable {
  let raw: UInt
}

/// What a new thread runs, handed over as its start routine's argument.
private final class ThreadBody {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

#if canImport(Darwin)
  private func threadStart(_ argument: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().run()
    return nil
  }
#else
  private func threadStart(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let argument else { return nil }
    Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().run()
    return nil
  }
#endif
