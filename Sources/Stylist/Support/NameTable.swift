/// Interned names: every literal name, variant, token and theme the rules
/// use gets a small integer id, so matching compares integers. Its hash
/// also finds repeated keys in big mappings (`KeySet`).
///
/// Open addressing over a hash of the UTF-8 (`hash(bytes:)`): a lookup
/// hashes the few bytes of a name once, with no `Hasher` setup, which is
/// most of a query's string work.
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

  /// A name of up to 8 bytes (the ones queries look up) is hashed as its
  /// `packedWord`, with one multiply; longer ones (a sheet's `styles` keys,
  /// which the composer checks for repeats) eight bytes per multiply.
  static func hash(bytes: UnsafeBufferPointer<UInt8>) -> (hash: Int, isASCII: Bool) {
    guard bytes.count > 8, let base = bytes.baseAddress else {
      let word = packedWord(bytes)
      return (shortHash(word, count: bytes.count), word & 0x8080_8080_8080_8080 == 0)
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
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

  /// The hash of a name of `count` bytes, at most 8, packed as `packedWord`.
  @inline(__always)
  static func shortHash(_ word: UInt64, count: Int) -> Int {
    let product = (word ^ UInt64(count) &* 0xcbf2_9ce4_8422_2325).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
    return Int(truncatingIfNeeded: product.high ^ product.low)
  }

  /// Every byte of a name of up to 8 bytes in one word, from at most two
  /// loads that stay inside the name: from 4 bytes up, its first four and
  /// its last four (overlapping below 8); under 4, its first, middle and
  /// last byte. Names of one length are equal exactly when their words
  /// are, since every byte has a place in the word. For a longer name,
  /// its first 8 bytes.
  @inline(__always)
  static func packedWord(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let count = bytes.count
    guard let base = bytes.baseAddress, count > 0 else { return 0 }
    let raw = UnsafeRawPointer(base)
    if count >= 8 { return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) }
    if count >= 4 {
      let first = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
      let last = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
      return first | last << 32
    }
    return UInt64(base[0]) | UInt64(base[count >> 1]) << 8 | UInt64(base[count - 1]) << 16
  }
}
