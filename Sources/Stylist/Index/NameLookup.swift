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
/// trivial value, retains nothing, and compares bytes with `memcmp`-like
/// loops instead of `String`s.
struct NameLookup {
  private let bytes: UnsafeMutableBufferPointer<UInt8>
  /// Name `id` is `bytes[offsets[id]..<offsets[id + 1]]`.
  private let offsets: UnsafeMutableBufferPointer<Int32>
  private let slots: UnsafeMutableBufferPointer<Int32>
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
    slots.initialize(repeating: -1)
    mask = size - 1
    for (id, name) in names.enumerated() {
      var slot = NameTable.hash(name) & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(id)
    }
  }

  func deallocate() {
    bytes.deallocate()
    offsets.deallocate()
    slots.deallocate()
  }

  /// The id of the name spelled by `text` (ASCII, or already NFC).
  @inline(__always)
  func id(utf8 text: UnsafeBufferPointer<UInt8>) -> NameID { probe(text, hash: NameTable.hash(bytes: text).hash) }

  @inline(__always)
  private func probe(_ text: UnsafeBufferPointer<UInt8>, hash: Int) -> NameID {
    var slot = hash & mask
    while true {
      let candidate = Int(slots[slot])
      if candidate < 0 { return .unknown }
      let start = Int(offsets[candidate])
      if Int(offsets[candidate + 1]) - start == text.count
        && (text.isEmpty || memcmp(bytes.baseAddress! + start, text.baseAddress!, text.count) == 0)
      {
        return NameID(raw: Int32(candidate))
      }
      slot = (slot + 1) & mask
    }
  }

  /// The id of `name`: by its bytes when ASCII, else by its NFC form (as
  /// `NameTable` hashes it).
  func id(_ name: String) -> NameID {
    var name = name
    let found: NameID? = name.withUTF8 { bytes in
      let (hash, isASCII) = NameTable.hash(bytes: bytes)
      return isASCII ? probe(bytes, hash: hash) : nil
    }
    if let found { return found }
    var normalized = NameRules.nfc(name)
    return normalized.withUTF8 { id(utf8: $0) }
  }
}
