/// Scalar texts met before in one parse, so that a text written in many
/// places (`$colors.background` in thousands of styles) is one string.
///
/// Texts of up to 15 UTF-8 bytes are stored inside `String` itself; each
/// longer one costs an allocation of its own, and in a design system the
/// long scalars are mostly the same few variable references. The cache is
/// direct-mapped, so it stays bounded whatever the file holds, and a miss
/// costs one hash.
///
/// A text takes its slot only when met twice in a row there (the slot
/// remembers the last missed text's hash): most long texts of a large
/// sheet are style keys, each written once, and letting each of them evict
/// a shared text would cost a release of a string long out of cache, and
/// often its `free`, for every key read (docs/PERFORMANCE.md, session 24).
struct SharedTexts {
  static let slotCount = 4_096
  /// Longer texts are rarely written twice, and hashing them costs more.
  private static let longestShared = 64
  private var slots = [String?](repeating: nil, count: slotCount)
  /// By slot, the hash of the last text that missed it.
  private var lastMissed = [Int](repeating: 0, count: slotCount)

  /// `bytes` as a string, the one made before when the same text was.
  mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.count > 15, bytes.count <= Self.longestShared else { return String(decoding: bytes, as: UTF8.self) }
    let hash = NameTable.hash(bytes: bytes).hash
    let slot = hash & (Self.slotCount - 1)
    if let cached = slots[slot],
      cached.utf8.withContiguousStorageIfAvailable({ $0.hasSameBytes(as: bytes) }) == true
    {
      return cached
    }
    let text = String(decoding: bytes, as: UTF8.self)
    if lastMissed[slot] == hash {
      slots[slot] = text
    } else {
      lastMissed[slot] = hash
    }
    return text
  }
}
