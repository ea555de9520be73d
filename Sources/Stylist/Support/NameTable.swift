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

  /// A hash of the name's UTF-8, or of its NFC form when it is not ASCII:
  /// `==` on strings is canonical equivalence, so equal names must hash
  /// alike even when one was built from decomposed text.
  static func hash(_ name: String) -> Int {
    // Native strings (small ones included) lend their bytes; iterating
    // `utf8` instead costs a retain per byte.
    let (hash, isASCII) =
      name.utf8.withContiguousStorageIfAvailable(hash(bytes:)) ?? Array(name.utf8).withUnsafeBufferPointer(hash(bytes:))
    if isASCII { return hash }
    return Array(name.precomposedStringWithCanonicalMapping.utf8).withUnsafeBufferPointer(hash(bytes:)).hash
  }

  /// Eight bytes per multiply, then a final mix so that every byte reaches
  /// the low bits a table masks: byte-at-a-time FNV chained one multiply
  /// per byte, and its latency showed in loading big sheets.
  static func hash(bytes: UnsafeBufferPointer<UInt8>) -> (hash: Int, isASCII: Bool) {
    let count = bytes.count
    var hash = 0xcbf2_9ce4_8422_2325 ^ UInt64(truncatingIfNeeded: count)
    guard let base = bytes.baseAddress else { return (Int(truncatingIfNeeded: hash), true) }
    var high: UInt64 = 0
    var offset = 0
    while offset + 8 <= count {
      let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      high |= word
      hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
      offset += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while offset < count {
      tail |= UInt64(base[offset]) << shift
      shift += 8
      offset += 1
    }
    high |= tail
    hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
    hash ^= hash >> 29
    hash = hash &* 0xBF58_476D_1CE4_E5B9
    hash ^= hash >> 32
    return (Int(truncatingIfNeeded: hash), high & 0x8080_8080_8080_8080 == 0)
  }
}
