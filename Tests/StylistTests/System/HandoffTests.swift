import Testing

@testable import Stylist

/// The handoff behind `batch`'s two threads: every item processed once, in
/// the order sent, on a thread other than the sender's, with at most
/// `capacity` waiting. Run under ThreadSanitizer by `make sanitize`.
@Suite struct HandoffTests {
  @Test func processesEveryItemInOrderBeforeFinishReturns() {
    let processed = Locked<[Int]>([])
    let handoff = Handoff<Int>(capacity: 3) { item in processed.withLock { $0.append(item) } }
    for item in 0..<10_000 { handoff.send(item) }
    handoff.finish()
    #expect(processed.withLock { $0 } == Array(0..<10_000))
  }

  @Test func processesOnAThreadOfItsOwn() {
    let sender = Threads.current
    let threads = Locked<[ThreadID]>([])
    let handoff = Handoff<Int>(capacity: 2) { _ in
      let current = Threads.current
      threads.withLock { $0.append(current) }
    }
    for item in 0..<100 { handoff.send(item) }
    handoff.finish()
    let seen = threads.withLock { $0 }
    #expect(seen.count == 100)
    #expect(!seen.contains(sender))
  }

  /// A slow consumer holds the sender back: once `send` returns, at most
  /// `capacity` items wait and one is being processed.
  @Test func sendWaitsWhileCapacityItemsWait() {
    let capacity = 2
    let done = Locked(0)
    let handoff = Handoff<Int>(capacity: capacity) { _ in
      Threads.sleep(seconds: 0.001)
      done.withLock { $0 += 1 }
    }
    var mostAhead = 0
    for sent in 1...50 {
      handoff.send(sent)
      mostAhead = max(mostAhead, sent - done.withLock { $0 })
    }
    handoff.finish()
    #expect(mostAhead <= capacity + 1)
    #expect(mostAhead >= capacity)
    #expect(done.withLock { $0 } == 50)
  }
}
