import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ends a long-running command cleanly on SIGINT or SIGTERM: runs
/// `cleanUp`, then exits 0 (an interrupted `watch` has done its job).
enum ExitOnSignals {
  /// The signal sources, kept for the life of the process.
  nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

  static func install(cleanUp: @escaping @Sendable () -> Void) {
    for number in [SIGINT, SIGTERM] {
      // The default action would kill the process before the source runs.
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        cleanUp()
        exit(0)
      }
      source.resume()
      sources.append(source)
    }
  }
}
