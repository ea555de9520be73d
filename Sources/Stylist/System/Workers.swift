import Dispatch

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A job's parts answered on every core through Dispatch
/// (`DispatchQueue.concurrentPerform`), each result in its part's place:
/// what runs in parallel is `body(&state, part)`, and the results come back
/// in part order, as one thread would give them.
///
/// Each worker has a state of its own (caches, scratch) that only it changes
/// while a job runs; a worker takes the next part no one has taken, so a
/// worker on a busy core takes fewer. With one worker every part runs on the
/// calling thread, in order: the same code, one worker.
///
/// `body` runs on several threads at once: it may change its worker's state
/// and read what no one changes during the job (an index snapshot), nothing
/// else. A state passes from thread to thread between jobs only;
/// `concurrentPerform` returns after every part's call has.
package struct Workers<State> {
  /// One a worker; `states.count` workers at most.
  package private(set) var states: [State]

  /// `count` workers (at least one), each with the state `makeState` gives.
  package init(count: Int, state makeState: () -> State) {
    states = (0..<max(1, count)).map { _ in makeState() }
  }

  /// The cores this process may run on: the workers a job gets by default.
  package static var cores: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// A part holds at least this many items (but the last): fewer are not
  /// worth handing to another thread.
  package static var minimumPartItems: Int { 64 }

  /// Parts a worker gets on average in a large job: more than one, so a
  /// worker on a busy core takes fewer.
  package static var partsPerWorker: Int { 4 }

  /// `body(&state, range)` for consecutive ranges that cover `0..<count`
  /// (items: lines, nodes), each of at least ``minimumPartItems`` but the
  /// last, run by up to `states.count` workers at once; the results in the
  /// ranges' order.
  package mutating func map<Result: Sendable>(
    consecutive count: Int, _ body: (inout State, Range<Int>) -> Result
  ) -> [Result] {
    guard count > 0 else { return [] }
    let parts = max(1, min(states.count * Self.partsPerWorker, count / Self.minimumPartItems))
    return map(parts: parts) { state, part in body(&state, (count * part / parts)..<(count * (part + 1) / parts)) }
  }

  /// `body(&state, part)` for every part in `0..<parts`, run by up to
  /// `states.count` workers at once; the results in part order.
  private mutating func map<Result: Sendable>(
    parts: Int, _ body: (inout State, _ part: Int) -> Result
  ) -> [Result] {
    guard parts > 0 else { return [] }
    let workers = min(states.count, parts)
    return withoutActuallyEscaping(body) { body in
      states.withUnsafeMutableBufferPointer { states in
        [Result](unsafeUninitializedCapacity: parts) { results, initialized in
          // A part is a block of lines or nodes: one lock a part costs nothing
          // beside it, and needs no OS newer than Observation does (`Atomic` would).
          let nextPart = Locked(0)
          // Each worker changes only its own state and the results of the
          // parts it took: no two threads touch one place.
          nonisolated(unsafe) let states = states
          nonisolated(unsafe) let results = results
          nonisolated(unsafe) let body = body
          DispatchQueue.concurrentPerform(iterations: workers) { worker in
            while true {
              let part = nextPart.withLock { next in
                defer { next += 1 }
                return next
              }
              guard part < parts else { break }
              (results.baseAddress! + part).initialize(to: body(&states[worker], part))
            }
          }
          initialized = parts
        }
      }
    }
  }
}
