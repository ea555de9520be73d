#if canImport(Glibc)
  import Glibc  // memcmp
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Interned names: every literal name, variant, token and theme the rules
/// use gets a small integer id, so matching compares integers. Its hash
/// also finds repeated keys in big mappings (`KeySet`).
///
/// Open addressing over a hash of the UTF-8 (`hash(bytes:)`), every name's
/// bytes in one arena: a query looks a node's names up from the bytes of
/// the line it read, with no `String` built and no `Hasher` set up, which
/// is most of a query's string work. A slot holds its name's length and
/// `packedWord`: a name of up to 8 bytes (nearly every name) is found by
/// comparing one word, and only longer ones compare their bytes.
struct NameTable: Sendable {
  private struct Slot {
    var word: UInt64
    /// -1 in an empty slot.
    var id: Int32
    var count: Int32
  }

  /// The names as interned, by id.
  private(set) var names: [String] = []
  /// Name `id`'s UTF-8 (NFC) is `bytes[starts[id]..<starts[id + 1]]`.
  private var bytes: [UInt8] = []
  private var starts: [Int] = [0]
  private var slots: [Slot]
  private var mask: Int

  init(capacity: Int = 64) {
    var size = 16
    while size < capacity * 2 { size <<= 1 }
    slots = Array(repeating: Slot(word: 0, id: -1, count: 0), count: size)
    mask = size - 1
  }

  var count: Int { names.count }

  /// The id of `name`, adding it when new.
  mutating func intern(_ name: String) -> NameID {
    var normalized = Self.nfc(name)
    return normalized.withUTF8 { text in
      let hash = Self.hash(bytes: text).hash
      let found = id(utf8: text, hash: hash)
      if found.isInterned { return found }
      let id = NameID(names.count)
      names.append(name)
      bytes.append(contentsOf: text)
      starts.append(bytes.count)
      if names.count * 2 > slots.count {
        slots = Array(repeating: Slot(word: 0, id: -1, count: 0), count: slots.count * 2)
        mask = slots.count - 1
        for old in 0..<names.count {
          bytes.withUnsafeBufferPointer { all in
            let text = UnsafeBufferPointer(rebasing: all[starts[old]..<starts[old + 1]])
            insert(NameID(old), text, hash: Self.hash(bytes: text).hash)
          }
        }
      } else {
        insert(id, text, hash: hash)
      }
      return id
    }
  }

  private mutating func insert(_ id: NameID, _ text: UnsafeBufferPointer<UInt8>, hash: Int) {
    var slot = hash & mask
    while slots[slot].id >= 0 { slot = (slot + 1) & mask }
    slots[slot] = Slot(word: Self.packedWord(text), id: id.raw, count: Int32(text.count))
  }

  /// The id of the name spelled by `text` (ASCII, or already NFC), or `.unknown`.
  @inline(__always)
  func id(utf8 text: UnsafeBufferPointer<UInt8>) -> NameID {
    let hash = text.count <= 8 ? Self.shortHash(Self.packedWord(text), count: text.count) : Self.hash(bytes: text).hash
    return id(utf8: text, hash: hash)
  }

  @inline(__always)
  private func id(utf8 text: UnsafeBufferPointer<UInt8>, hash: Int) -> NameID {
    let word = Self.packedWord(text)
    return slots.withUnsafeBufferPointer { slots in
      var slot = hash & mask
      while true {
        let candidate = slots[slot]
        if candidate.id < 0 { return .unknown }
        if candidate.word == word && Int(candidate.count) == text.count
          && (text.count <= 8 || hasBytes(of: Int(candidate.id), text))
        {
          return NameID(raw: candidate.id)
        }
        slot = (slot + 1) & mask
      }
    }
  }

  private func hasBytes(of id: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
    bytes.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[starts[id]..<starts[id + 1]]) }
      .hasSameBytes(as: text)
  }

  /// `name` as the table keeps it: its NFC form.
  private static func nfc(_ name: String) -> String {
    let isASCII = name.utf8.withContiguousStorageIfAvailable(\.isASCII) ?? name.utf8.allSatisfy { $0 < 0x80 }
    return isASCII ? name : NameRules.nfc(name)
  }

  /// The id of `name` (compared as its NFC form), or `.unknown`.
  func id(_ name: String) -> NameID {
    var normalized = Self.nfc(name)
    return normalized.withUTF8 { id(utf8: $0) }
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
