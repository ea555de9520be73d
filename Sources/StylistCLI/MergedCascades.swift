import Stylist

/// Whole `batch --cascade` answers, by the rules they merge and the theme.
///
/// The rule it keeps: after the node field, a cascade's JSON depends only on
/// its applicable rules, in rank order, and the theme they resolved under.
/// The lines of a design system share few such lists, so each is merged once
/// and every later line with the same list copies the bytes in one append.
/// A list's key is stored just before its answer, so a hit reads the slot
/// and then one stretch of memory. Memory is bounded: past `byteLimit`
/// bytes of answers, everything starts over (the input decides how many
/// distinct lists there are).
struct MergedCascades {
  /// Where a record starts in `records`, and its hash; `start` -1 for an
  /// empty slot. A record is the key (its length, the theme's id, then the
  /// rule orders, as 32-bit numbers), the answer's length, then the answer.
  private struct Slot {
    var hash: UInt64 = 0
    var start: Int32 = -1
  }

  /// Open addressing; the count is a power of two at least twice `count`.
  private var slots = [Slot](repeating: Slot(), count: 1024)
  private var count = 0
  private var records: [UInt8] = []
  /// Bytes of records kept before starting over, well inside `Slot`'s
  /// 32-bit offsets.
  let byteLimit: Int

  init(byteLimit: Int = 64 << 20) { self.byteLimit = byteLimit }

  /// Where the answer of one list is, or where it goes.
  struct Probe {
    fileprivate var hash: UInt64
    fileprivate var slot: Int
    /// The cached answer's bytes in `records`; nil when not cached.
    fileprivate(set) var answer: Range<Int>?
  }

  /// Looks up the answer of `orders` (best first) under the theme numbered
  /// `themeID`, whose `hash` the caller has (else it is computed).
  func probe(_ orders: some Collection<Int>, themeID: Int, hash: UInt64? = nil) -> Probe {
    let hash = hash ?? Self.hash(orders, themeID: themeID)
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash) & mask
    return records.withUnsafeBytes { records in
      while slots[slot].start >= 0 {
        if slots[slot].hash == hash,
          let answer = Self.answer(at: Int(slots[slot].start), in: records, orders, themeID: themeID)
        {
          return Probe(hash: hash, slot: slot, answer: answer)
        }
        slot = (slot + 1) & mask
      }
      return Probe(hash: hash, slot: slot, answer: nil)
    }
  }

  /// Calls `body` with the bytes of an answer (`probe` or `insert` gave
  /// where it is; valid until the next `insert`).
  func withAnswer(_ answer: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    records.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[answer])) }
  }

  /// Keeps `answer` as the one of `orders` under `themeID`, at the slot
  /// `probe` (which found nothing) ended on; returns where its bytes are.
  @discardableResult
  mutating func insert(
    _ answer: UnsafeBufferPointer<UInt8>, for orders: some Collection<Int>, themeID: Int, at probe: Probe
  ) -> Range<Int> {
    var probe = probe
    if records.count + 4 * (orders.count + 3) + answer.count > byteLimit {
      startOver()
      probe = self.probe(orders, themeID: themeID)
    }
    let start = records.count
    append(orders.count + 1)
    append(themeID)
    for order in orders { append(order) }
    append(answer.count)
    let answerStart = records.count
    records.append(contentsOf: answer)
    slots[probe.slot] = Slot(hash: probe.hash, start: Int32(start))
    count += 1
    if count * 2 > slots.count { grow() }
    return answerStart..<records.count
  }

  /// The answer of the record at `start` when its key is `orders` under `themeID`.
  private static func answer(
    at start: Int, in records: UnsafeRawBufferPointer, _ orders: some Collection<Int>, themeID: Int
  ) -> Range<Int>? {
    func number(_ index: Int) -> Int { Int(records.loadUnaligned(fromByteOffset: start + 4 * index, as: Int32.self)) }
    let keyCount = number(0)
    guard keyCount == orders.count + 1, number(1) == themeID else { return nil }
    var index = 2
    for order in orders {
      if number(index) != order { return nil }
      index += 1
    }
    let answerStart = start + 4 * (index + 1)
    return answerStart..<answerStart + number(index)
  }

  private mutating func append(_ number: Int) {
    withUnsafeBytes(of: Int32(number).littleEndian) { records.append(contentsOf: $0) }
  }

  private mutating func grow() {
    let old = slots
    slots = [Slot](repeating: Slot(), count: old.count * 2)
    let mask = slots.count - 1
    for entry in old where entry.start >= 0 {
      var slot = Int(truncatingIfNeeded: entry.hash) & mask
      while slots[slot].start >= 0 { slot = (slot + 1) & mask }
      slots[slot] = entry
    }
  }

  private mutating func startOver() {
    for slot in slots.indices { slots[slot] = Slot() }
    count = 0
    records.removeAll(keepingCapacity: true)
  }

  /// The hash a list is kept under.
  static func hash(_ orders: some Collection<Int>, themeID: Int) -> UInt64 {
    var hash = mix(0x9E37_79B9_7F4A_7C15, UInt64(themeID))
    for order in orders { hash = mix(hash, UInt64(order)) }
    return finish(hash)
  }

  private static func mix(_ hash: UInt64, _ value: UInt64) -> UInt64 {
    let product = (hash ^ value) &* 0xFF51_AFD7_ED55_8CCD
    return product << 29 | product >> 35
  }

  /// Spreads every bit of `hash` over all of them (MurmurHash3's finaliser).
  private static func finish(_ hash: UInt64) -> UInt64 {
    var mixed = hash ^ (hash >> 33)
    mixed &*= 0xFF51_AFD7_ED55_8CCD
    mixed ^= mixed >> 33
    mixed &*= 0xC4CE_B9FE_1A85_EC53
    return mixed ^ (mixed >> 33)
  }
}
