/// A chain of dependent loads through a buffer, one 64-byte line a step in
/// a random order: each load waits for the one before, so the time a load
/// takes is how far the buffer is from the core. Timed beside the batch
/// runs, it says whether this minute's host leaves the caches a 100k-style
/// walk needs (a few MB of trie) or has taken them: the guest's share of
/// the L3 comes and goes with its neighbours, and the 100k runs move with it.
final class PointerChase {
  /// Ints a cache line holds: the chain uses the first of each line.
  private static let lineStride = 8
  private let next: UnsafeMutableBufferPointer<Int>

  /// A chain through `bytes` of memory, in an order drawn from `seed`.
  init(bytes: Int, seed: UInt64 = 5) {
    let lines = max(bytes / (8 * Self.lineStride), 2)
    next = .allocate(capacity: lines * Self.lineStride)
    next.initialize(repeating: 0)
    var generator = SeededGenerator(seed: seed)
    let order = Array(0..<lines).shuffled(using: &generator)
    for (position, line) in order.enumerated() {
      next[line * Self.lineStride] = order[(position + 1) % lines] * Self.lineStride
    }
    _ = run(loads: lines)  // in cache as far as it fits, as it will be when timed
  }

  deinit { next.deallocate() }

  /// Follows the chain `loads` steps; where it ends (so the loads are used).
  func run(loads: Int) -> Int {
    var position = 0
    for _ in 0..<loads { position = next[position] }
    return position
  }
}
