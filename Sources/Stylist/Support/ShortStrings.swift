/// Strings for short byte runs, remembered: a sheet spells the same few
/// property keys, values and component names thousands of times, and
/// building a `String` from bytes (validating, then packing a small string)
/// cost more than finding the one built last time.
///
/// Direct-mapped: a run of up to 16 bytes is two words and a length, hashed
/// to one entry, compared as integers, replaced on a miss. Longer runs are
/// built every time. The result is always what `String(decoding:as:)` gives
/// for the bytes (repairs included): an entry holds exactly that string.
///
/// A class over one allocation, so a reader and the parser it calls can
/// share it without exclusivity checks; one per load, never shared between
/// threads.
final class ShortStrings {
  private struct Entry {
    var low: UInt64
    var high: UInt64
    /// -1 for an empty entry.
    var count: Int
    var string: String
  }

  private static let size = 512
  private let entries: UnsafeMutableBufferPointer<Entry>

  init() {
    entries = .allocate(capacity: Self.size)
    entries.initialize(repeating: Entry(low: 0, high: 0, count: -1, string: ""))
  }

  deinit {
    _ = entries.deinitialize()
    entries.deallocate()
  }

  func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let count = bytes.count
    guard count <= 16, let base = bytes.baseAddress else { return String(decoding: bytes, as: UTF8.self) }
    // The bytes as two little-endian words, by loads that may overlap
    // (the shifts drop the overlap) and never read past the run.
    let raw = UnsafeRawPointer(base)
    var low: UInt64 = 0
    var high: UInt64 = 0
    if count >= 8 {
      low = word(raw, 0, UInt64.self)
      high = word(raw, count - 8, UInt64.self) >> (8 * (16 - count))
    } else if count >= 4 {
      low = word(raw, 0, UInt32.self) | word(raw, count - 4, UInt32.self) << (8 * (count - 4))
    } else if count >= 2 {
      low = word(raw, 0, UInt16.self) | word(raw, count - 2, UInt16.self) << (8 * (count - 2))
    } else if count == 1 {
      low = UInt64(base[0])
    }
    var mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(count)) &* 0xBF58_476D_1CE4_E5B9
    mixed ^= mixed >> 31
    let slot = Int(truncatingIfNeeded: mixed) & (Self.size - 1)
    if entries[slot].count == count, entries[slot].low == low, entries[slot].high == high {
      return entries[slot].string
    }
    let string = String(decoding: bytes, as: UTF8.self)
    entries[slot] = Entry(low: low, high: high, count: count, string: string)
    return string
  }

  @inline(__always)
  private func word<Word: FixedWidthInteger>(_ raw: UnsafeRawPointer, _ offset: Int, _: Word.Type) -> UInt64 {
    UInt64(Word(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Word.self)))
  }
}
