/// Carries items, in order, from a producer (a Dispatch queue's work item)
/// to a consumer, at most `capacity` in flight, so memory stays bounded however
/// much goes through: libyaml's event batches to the thread composing them.
///
/// Emptied items the consumer gives back go round again (`spare()`), so the
/// same few buffers serve instead of each being allocated on one thread and
/// freed on the other. The producer ends the stream with `finish`, with the
/// error that ended it if any; the consumer can stop it early with
/// `cancelAndWait`.
final class ThreadPipe<Item: Sendable, Failure: Error>: Sendable {
  private struct State {
    var items: [Item] = []
    var spare: [Item] = []
    var finished = false
    var cancelled = false
    var failure: Failure?
  }

  private let capacity: Int
  private let state = Locked(State())

  init(capacity: Int) {
    precondition(capacity > 0, "a pipe holds at least one item")
    self.capacity = capacity
  }

  /// Producer: an emptied item the consumer gave back, if there is one.
  func spare() -> Item? { state.withLock { $0.spare.popLast() } }

  /// Producer: queues `item`, waiting while the pipe is full; false once
  /// the consumer has cancelled (stop producing).
  @discardableResult
  func send(_ item: Item) -> Bool {
    let capacity = capacity
    return state.withLock(when: { $0.items.count < capacity || $0.cancelled }) { state in
      guard !state.cancelled else { return false }
      state.items.append(item)
      return true
    }
  }

  /// Producer: no more items; `failure` is the error that ended the stream.
  func finish(failure: Failure? = nil) {
    state.withLock(when: { _ in true }) { state in
      state.finished = true
      state.failure = failure
    }
  }

  /// Consumer: the next item, waiting for one; nil at the end, or the
  /// producer's error once every item before it has been received.
  func receive() throws(Failure) -> Item? {
    let (item, failure) = state.withLock(when: { !$0.items.isEmpty || $0.finished }) { state in
      state.items.isEmpty ? (nil, state.failure) : (state.items.removeFirst(), nil)
    }
    if let failure { throw failure }
    return item
  }

  /// Consumer: `item` is handled and emptied; the producer may fill it again.
  func giveBack(_ item: Item) {
    state.withLock { $0.spare.append(item) }
  }

  /// Consumer: stops the producer and waits until it has finished, so
  /// nothing it uses outlives the call.
  func cancelAndWait() {
    state.withLock(when: { _ in true }) { state in
      state.cancelled = true
      state.items.removeAll()
    }
    state.withLock(when: { $0.finished }) { _ in }
  }
}
