#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Carries batches of events from the thread running libyaml to the thread
/// composing them, at most `capacity` batches in flight, so memory stays
/// bounded however large the file.
///
/// A pthread mutex and condition (not `Synchronization.Mutex`), for the
/// reason `Locked` gives: ThreadSanitizer sees pthread ordering.
final class YAMLEventPipe: @unchecked Sendable {
  typealias Batch = YAMLEventBatch

  private let capacity: Int
  private var batches: [Batch] = []
  /// Emptied batches the consumer hands back, so that the same few buffers
  /// go round instead of each batch being allocated on one thread and freed
  /// on the other.
  private var spare: [Batch] = []
  private var finished = false
  private var cancelled = false
  private var failure: YAMLError?
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  init(capacity: Int) {
    self.capacity = capacity
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  private func locked<Result>(_ body: () -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  /// Waits, with the mutex held, until `ready` is true.
  private func wait(until ready: () -> Bool) {
    while !ready() { pthread_cond_wait(condition, mutex) }
  }

  /// Producer: queues `batch`, waiting while the pipe is full; false once
  /// the consumer has cancelled (stop parsing).
  func send(_ batch: Batch) -> Bool {
    locked {
      wait { batches.count < capacity || cancelled }
      guard !cancelled else { return false }
      batches.append(batch)
      pthread_cond_broadcast(condition)
      return true
    }
  }

  /// Producer: an empty batch to fill, reused when the consumer gave one back.
  func emptyBatch(capacity: Int) -> Batch {
    locked { spare.popLast() } ?? Batch(capacity: capacity)
  }

  /// Consumer: `batch` is handled and emptied; the producer may fill it again.
  func giveBack(_ batch: Batch) {
    locked { spare.append(batch) }
  }

  /// Producer: no more batches; `failure` is the syntax error that ended parsing.
  func finish(failure: YAMLError?) {
    locked {
      finished = true
      self.failure = failure
      pthread_cond_broadcast(condition)
    }
  }

  /// Consumer: the next batch; nil at the end, or the producer's error once
  /// every batch before it has been received.
  func receive() throws(YAMLError) -> Batch? {
    let (batch, failure) = locked { () -> (Batch?, YAMLError?) in
      wait { !batches.isEmpty || finished }
      guard batches.isEmpty else {
        pthread_cond_broadcast(condition)
        return (batches.removeFirst(), nil)
      }
      return (nil, self.failure)
    }
    if let failure { throw failure }
    return batch
  }

  /// Consumer: stops the producer and waits until it has finished, so
  /// nothing it uses outlives the call.
  func cancelAndWait() {
    locked {
      cancelled = true
      batches.removeAll()
      pthread_cond_broadcast(condition)
      wait { finished }
    }
  }
}
