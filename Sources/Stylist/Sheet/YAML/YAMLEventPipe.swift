/// Carries batches of events from the thread running libyaml to the thread
/// composing them, at most `capacity` batches in flight, so memory stays
/// bounded however large the file.
final class YAMLEventPipe: Sendable {
  typealias Batch = YAMLEventBatch

  private struct State {
    var batches: [Batch] = []
    /// Emptied batches the consumer hands back, so that the same few buffers
    /// go round instead of each batch being allocated on one thread and
    /// freed on the other.
    var spare: [Batch] = []
    var finished = false
    var cancelled = false
    var failure: YAMLError?
  }

  private let capacity: Int
  private let state = Locked(State())

  init(capacity: Int) { self.capacity = capacity }

  /// Producer: an empty batch to fill, reused when the consumer gave one back.
  func emptyBatch(capacity: Int) -> Batch {
    state.withLock { $0.spare.popLast() } ?? Batch(capacity: capacity)
  }

  /// Producer: queues `batch`, waiting while the pipe is full; false once
  /// the consumer has cancelled (stop parsing).
  func send(_ batch: Batch) -> Bool {
    state.withLock(when: { $0.batches.count < capacity || $0.cancelled }) { state in
      guard !state.cancelled else { return false }
      state.batches.append(batch)
      return true
    }
  }

  /// Producer: no more batches; `failure` is the syntax error that ended parsing.
  func finish(failure: YAMLError?) {
    state.withLock(when: { _ in true }) { state in
      state.finished = true
      state.failure = failure
    }
  }

  /// Consumer: the next batch; nil at the end, or the producer's error once
  /// every batch before it has been received.
  func receive() throws(YAMLError) -> Batch? {
    let (batch, failure) = state.withLock(when: { !$0.batches.isEmpty || $0.finished }) { state in
      state.batches.isEmpty ? (nil, state.failure) : (state.batches.removeFirst(), nil)
    }
    if let failure { throw failure }
    return batch
  }

  /// Consumer: `batch` is handled and emptied; the producer may fill it again.
  func giveBack(_ batch: Batch) {
    state.withLock { $0.spare.append(batch) }
  }

  /// Consumer: stops the producer and waits until it has finished, so
  /// nothing it uses outlives the call.
  func cancelAndWait() {
    state.withLock(when: { _ in true }) { state in
      state.cancelled = true
      state.batches.removeAll()
    }
    state.withLock(when: { $0.finished }) { _ in }
  }
}
