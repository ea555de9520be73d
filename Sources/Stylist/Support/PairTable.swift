/// A fixed hash table from a pair of 32-bit ids to a pair of 32-bit values,
/// built once and then only read: the rule trie's roots by (theme, token).
///
/// Open addressing in one flat buffer that the owner frees (`deallocate`):
/// a trivial value, so a query copies it without retaining anything, and a
/// lookup is a multiply, a shift and usually one cache line.
struct PairTable {
  struct Entry {
    var key: UInt64
    var first: Int32
    var second: Int32
  }

  /// Keys are never this value: both halves of a real key are ids (≥ -2).
  private static let empty = UInt64.max
  private let slots: UnsafeMutableBufferPointer<Entry>
  private let shift: UInt64
  private(set) var count = 0

  /// A table for up to `capacity` keys.
  init(capacity: Int) {
    var size = 8
    var bits: UInt64 = 3
    while size < capacity * 2 {
      size <<= 1
      bits += 1
    }
    slots = .allocate(capacity: size)
    slots.initialize(repeating: Entry(key: Self.empty, first: 0, second: 0))
    shift = 64 - bits
  }

  func deallocate() { slots.deallocate() }

  static func key(_ high: Int32, _ low: Int32) -> UInt64 {
    UInt64(UInt32(bitPattern: high)) << 32 | UInt64(UInt32(bitPattern: low))
  }

  @inline(__always)
  private func home(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) }

  /// Sets the values of `key`, adding it when new. The table never grows:
  /// its capacity was given for every key it will hold.
  mutating func set(_ key: UInt64, _ first: Int32, _ second: Int32) {
    let mask = slots.count - 1
    var slot = home(key)
    while slots[slot].key != Self.empty && slots[slot].key != key { slot = (slot + 1) & mask }
    if slots[slot].key == Self.empty { count += 1 }
    precondition(count * 2 <= slots.count, "PairTable filled past its capacity")
    slots[slot] = Entry(key: key, first: first, second: second)
  }

  /// The values of `key`, if present.
  @inline(__always)
  func lookup(_ key: UInt64) -> (first: Int32, second: Int32)? {
    let mask = slots.count - 1
    var slot = home(key)
    while true {
      let entry = slots[slot]
      if entry.key == key { return (entry.first, entry.second) }
      if entry.key == Self.empty { return nil }
      slot = (slot + 1) & mask
    }
  }
}
