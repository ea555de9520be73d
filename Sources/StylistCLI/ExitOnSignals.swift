import Dispatch
import Stylist

/// Ends a long-running command cleanly on SIGINT or SIGTERM: runs
/// `cleanUp`, then exits 0 (an interrupted `watch` has done its job).
enum ExitOnSignals {
  /// The signal sources, kept for the life of the process.
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

  static func install(cleanUp: @escaping @Sendable () -> Void) {
    for number in SystemCalls.terminatingSignals {
      // The default action would kill the process before the source runs.
      SystemCalls.ignore(signal: number)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        cleanUp()
        SystemCalls.exit(0)
      }
      source.resume()
      sources.append(source)
    }
  }

  /// Parks the calling (main) thread for the rest of the process, every
  /// signal blocked here so the sources receive them; a source's handler
  /// exits. Not `dispatchMain()`: it ends the main thread with
  /// `pthread_exit`, whose unwinding AddressSanitizer cannot follow (it then
  /// reported libdispatch's own stack use as an overflow), and the sources
  /// run on a global queue, so the main queue needs no thread.
  static func waitForever() -> Never { SystemCalls.waitForeverWithSignalsBlocked() }
}
