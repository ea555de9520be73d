/// Hands items, in order, from the calling thread to one thread of its own
/// that processes them: a two-stage pipeline, for work whose second half
/// need not hold up the first (`batch` matches lines on the caller's thread
/// while its answers are rendered and written on this one).
///
/// The rules it keeps: items are processed one at a time, in the order they
/// were sent; at most `capacity` wait (`ThreadPipe`), so `send` blocks
/// while the thread is that far behind and memory stays bounded whatever
/// the input; `finish` returns once every item sent has been processed.
/// When no thread can be started, `send` processes the item on the caller's
/// thread at once, so the results are the same either way.
///
/// `process` runs on the handoff's thread only (or only on the caller's,
/// without one): what it alone touches needs no lock. Call `finish` before
/// letting go of a handoff, or its thread waits for items for ever.
package final class Handoff<Item: Sendable>: Sendable {
  private let pipe: ThreadPipe<Item, Never>
  private let consumer: Pending<Void>
  private let process: @Sendable (Item) -> Void

  /// Starts the thread that runs `process` on each item sent.
  package init(capacity: Int, process: @escaping @Sendable (Item) -> Void) {
    let pipe = ThreadPipe<Item, Never>(capacity: capacity)
    (self.pipe, self.process) = (pipe, process)
    consumer = Pending(onThread: true, taking: ()) { _ in
      while let item = pipe.receive() { process(item) }
    }
  }

  /// Queues `item` for the thread, waiting while `capacity` items wait.
  package func send(_ item: Item) {
    guard consumer.isRunningElsewhere else { return process(item) }
    pipe.send(item)
  }

  /// Waits until every item sent has been processed. Nothing may be sent after.
  package func finish() {
    pipe.finish()
    consumer.wait()
  }
}
