import Foundation

/// Interned names: every literal name, variant, token and theme the rules
/// use gets a small integer id, so matching compares integers. The YAML
/// composer uses one to find repeated keys in big mappings.
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

  func id(_ name: String?) -> Int32 { name.map { id($0) } ?? Self.absent }

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

  /// FNV-1a over the name's UTF-8, or over its NFC form when it is not
  /// ASCII: `==` on strings is canonical equivalence, so equal names must
  /// hash alike even when one was built from decomposed text.
  static func hash(_ name: String) -> Int {
    // Native strings (small ones included) lend their bytes; iterating
    // `utf8` instead costs a retain per byte.
    let (hash, isASCII) = name.utf8.withContiguousStorageIfAvailable(hash(bytes:)) ?? hash(bytes: Array(name.utf8))
    if isASCII { return hash }
    return self.hash(bytes: Array(name.precomposedStringWithCanonicalMapping.utf8)).hash
  }

  static func hash<Bytes: Collection<UInt8>>(bytes: Bytes) -> (hash: Int, isASCII: Bool) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var high: UInt8 = 0
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
      high |= byte
    }
    return (Int(truncatingIfNeeded: hash ^ (hash >> 29)), high < 0x80)
  }
}
