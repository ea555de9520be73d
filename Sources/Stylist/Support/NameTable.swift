/// Interned names: every literal name, variant, token and theme the rules
/// use gets a small integer id, so matching compares integers. Its hash
/// also finds repeated keys in big mappings (`KeySet`).
///
/// Open addressing with FNV-1a over UTF-8: a lookup hashes the few bytes of a
/// name once, with no `Hasher` setup, which is most of a query's string work.
struct NameTable: Sendable {
  /// Id of an absent name: equal to no rule's literal.
  static let absent: Int32 = -1

  private(set) var names: [String] = []
  private var slots: [Int32]
  private var mask: Int

  init(capacity: Int = 64) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = [Int32](repeating: -1, count: size)
    mask = size - 1
  }

  var count: Int { names.count }

  /// The id of `name`, adding it when new.
  mutating func intern(_ name: String) -> Int32 {
    let found = id(name)
    if found != Self.absent { return found }
    if (names.count + 1) * 2 > slots.count { grow() }
    let id = Int32(names.count)
    names.append(name)
    insert(id, hash: Self.hash(name))
    return id
  }

  /// The id of `name`, or `absent`.
  func id(_ name: String) -> Int32 {
    var slot = Self.hash(name) & mask
    while true {
      let candidate = slots[slot]
      if candidate < 0 { return Self.absent }
      if names[Int(candidate)] == name { return candidate }
      slot = (slot + 1) & mask
    }
  }

  private mutating func insert(_ id: Int32, hash: Int) {
    var slot = hash & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = id
  }

  private mutating func grow() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    mask = slots.count - 1
    for (id, name) in names.enumerated() { insert(Int32(id), hash: Self.hash(name)) }
  }

  /// A hash of the name's UTF-8, or of its NFC form when it is not ASCII:
  /// `==` on strings is canonical equivalence, so equal names must hash
  /// alike even when one was built from decomposed text.
  static func hash(_ name: String) -> Int {
    // Native strings (small ones included) lend their bytes; iterating
    // `utf8` instead costs a retain per byte.
    let (hash, isASCII) =
      name.utf8.withContiguousStorageIfAvailable(hash(bytes:)) ?? Array(name.utf8).withUnsafeBufferPointer(hash(bytes:))
    if isASCII { return hash }
    return Array(NameRules.nfc(name).utf8).withUnsafeBufferPointer(hash(bytes:)).hash
  }

  /// FNV-1a byte by byte for names of up to 8 bytes, the ones queries look
  /// up; longer ones (a sheet's `styles` keys, which the composer checks for
  /// repeats) eight bytes per multiply, as FNV's one multiply per byte is a
  /// chain whose latency showed there. Word hashes for short names cost
  /// queries 2–6 %.
  static func hash(bytes: UnsafeBufferPointer<UInt8>) -> (hash: Int, isASCII: Bool) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    guard bytes.count > 8, let base = bytes.baseAddress else {
      var high: UInt8 = 0
      for byte in bytes {
        hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        high |= byte
      }
      return (Int(truncatingIfNeeded: hash ^ (hash >> 29)), high < 0x80)
    }
    let raw = UnsafeRawPointer(base)
    var high: UInt64 = 0
    var offset = 0
    // Whole words, then the last (possibly overlapping) word: reads stay in the name.
    while true {
      let start = min(offset, bytes.count - 8)
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
      high |= word
      let product = (hash ^ word).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
      hash = product.high ^ product.low
      offset += 8
      if offset >= bytes.count { break }
    }
    return (Int(truncatingIfNeeded: hash), high & 0x8080_8080_8080_8080 == 0)
  }
}
