/// The latest position of each distinct value in a list, for finding
/// repeats without copying the values into a dictionary: open addressing
/// over positions, each slot's hash kept beside it, so a probe compares
/// integers and asks the caller to compare values only for a real candidate.
///
/// Finding repeated selectors in a big sheet through `[StyleSelector: Int]`
/// copied every selector in (a retain and a release of its storage) and
/// compared selectors at each probe; the caller here reads them in place.
struct LatestPositions {
  private var slots: [Slot]
  private let mask: Int
  /// Distinct values recorded; at most half the slots, so probes end.
  private var count = 0
  private let capacity: Int

  /// Eight bytes: the hash only filters candidates (`isSame` decides), so
  /// its low 32 bits do; on 100,000 styles the table is 2 MB, not 4.
  private struct Slot {
    var hash: UInt32
    var position: Int32
  }

  /// Room for `capacity` distinct values (a list's length will do).
  init(capacity: Int) {
    self.capacity = capacity
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = Array(repeating: Slot(hash: 0, position: -1), count: size)
    mask = size - 1
  }

  /// Spreads a hash's entropy over the low bits the slots are picked by.
  private func firstSlot(_ hash: Int) -> Int {
    let mixed = UInt64(bitPattern: Int64(hash)) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed ^ (mixed >> 32)) & mask
  }

  /// The latest position of the value hashing to `hash` that `isSame` accepts.
  func latest(hash: Int, isSame: (Int) -> Bool) -> Int? {
    var slot = firstSlot(hash)
    while slots[slot].position >= 0 {
      if slots[slot].hash == UInt32(truncatingIfNeeded: hash), isSame(Int(slots[slot].position)) {
        return Int(slots[slot].position)
      }
      slot = (slot + 1) & mask
    }
    return nil
  }

  /// Records `position`, whose value hashes to `hash`, as the latest of its
  /// value and returns the one it replaces. `isSame(p)` tells whether the
  /// value at position `p` equals this one.
  mutating func update(_ position: Int, hash: Int, isSame: (Int) -> Bool) -> Int? {
    var slot = firstSlot(hash)
    while slots[slot].position >= 0 {
      if slots[slot].hash == UInt32(truncatingIfNeeded: hash), isSame(Int(slots[slot].position)) {
        defer { slots[slot].position = Int32(position) }
        return Int(slots[slot].position)
      }
      slot = (slot + 1) & mask
    }
    precondition(count < max(capacity, 8), "LatestPositions holds at most its capacity")
    count += 1
    slots[slot] = Slot(hash: UInt32(truncatingIfNeeded: hash), position: Int32(position))
    return nil
  }
}
