#if canImport(Glibc)
  import Glibc  // memcmp
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The index's interned names as a query looks them up: every name's UTF-8
/// in one arena, open addressing over `NameTable`'s ids and hashes.
///
/// Flat buffers the trie owns and frees (`deallocate`), so a query copies a
/// trivial value and retains nothing. A slot holds its name's length and
/// `NameTable.packedWord`: a name of up to 8 bytes (nearly every name a
/// query looks up) is found by comparing one word, and only longer ones
/// compare their bytes in the arena.
struct NameLookup {
  struct Slot {
    var word: UInt64
    /// -1 in an empty slot.
    var id: Int32
    var count: Int32
  }

  private let bytes: UnsafeMutableBufferPointer<UInt8>
  /// Name `id` is `bytes[offsets[id]..<offsets[id + 1]]`.
  private let offsets: UnsafeMutableBufferPointer<Int32>
  private let slots: UnsafeMutableBufferPointer<Slot>
  private let mask: Int

  init(_ table: NameTable) {
    let names = table.names
    var arena: [UInt8] = []
    var starts: [Int32] = [0]
    for name in names {
      arena.append(contentsOf: name.utf8)
      starts.append(Int32(arena.count))
    }
    bytes = .allocate(capacity: max(arena.count, 1))
    _ = bytes.initialize(from: arena)
    offsets = .allocate(capacity: starts.count)
    _ = offsets.initialize(from: starts)
    var size = 16
    while size < names.count * 2 { size <<= 1 }
    slots = .allocate(capacity: size)
    slots.initialize(repeating: Slot(word: 0, id: -1, count: 0))
    mask = size - 1
    for (id, name) in names.enumerated() {
      var slot = NameTable.hash(name) & mask
      while slots[slot].id >= 0 { slot = (slot + 1) & mask }
      let (start, end) = (Int(starts[id]), Int(starts[id + 1]))
      let word = NameTable.packedWord(UnsafeBufferPointer(rebasing: bytes[start..<end]))
      slots[slot] = Slot(word: word, id: Int32(id), count: Int32(end - start))
    }
  }

  func deallocate() {
    bytes.deallocate()
    offsets.deallocate()
    slots.deallocate()
  }

  /// The id of the name spelled by `text` (ASCII, or already NFC).
  @inline(__always)
  func id(utf8 text: UnsafeBufferPointer<UInt8>) -> NameID {
    guard text.count <= 8 else { return probe(text, hash: NameTable.hash(bytes: text).hash) }
    let word = NameTable.packedWord(text)
    var slot = NameTable.shortHash(word, count: text.count) & mask
    while true {
      let candidate = slots[slot]
      if candidate.word == word && Int(candidate.count) == text.count { return NameID(raw: candidate.id) }
      if candidate.id < 0 { return .unknown }
      slot = (slot + 1) & mask
    }
  }

  /// A name of more than 8 bytes: its first 8 compared in the slot, the rest in the arena.
  private func probe(_ text: UnsafeBufferPointer<UInt8>, hash: Int) -> NameID {
    let word = NameTable.packedWord(text)
    var slot = hash & mask
    while true {
      let candidate = slots[slot]
      if candidate.id < 0 { return .unknown }
      if candidate.word == word && Int(candidate.count) == text.count
        && memcmp(bytes.baseAddress! + Int(offsets[Int(candidate.id)]), text.baseAddress!, text.count) == 0
      {
        return NameID(raw: candidate.id)
      }
      slot = (slot + 1) & mask
    }
  }

  /// The id of `name`: by its bytes when ASCII, else by its NFC form (as
  /// `NameTable` hashes it).
  func id(_ name: String) -> NameID {
    var name = name
    let found: NameID? = name.withUTF8 { bytes in
      NameTable.hash(bytes: bytes).isASCII ? id(utf8: bytes) : nil
    }
    if let found { return found }
    var normalized = NameRules.nfc(name)
    return normalized.withUTF8 { id(utf8: $0) }
  }
}
