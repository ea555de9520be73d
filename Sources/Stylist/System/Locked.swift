#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a pthread mutex (guarding `Stylist`'s current snapshot, the
/// glob cache, the YAML event pipe), with a condition to wait on.
///
/// Not `Synchronization.Mutex`: the toolchain's Mutex is not built with
/// ThreadSanitizer, so TSan cannot see its ordering and reports every
/// snapshot handed from a reloading thread to a querying one as a race.
/// pthread locking is intercepted, so `make sanitize` checks the real thing.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private var value: Value
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  package init(_ value: Value) {
    self.value = value
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

  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }

  /// Waits until `ready` holds, then runs `body` under the same lock and
  /// wakes every other waiter (`body` is taken to change the value).
  package func withLock<Result>(when ready: (Value) -> Bool, _ body: (inout Value) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !ready(value) { pthread_cond_wait(condition, mutex) }
    defer { pthread_cond_broadcast(condition) }
    return body(&value)
  }
}
