/// The keys of a big mapping, each checked against the ones before it as it
/// is added: the duplicate check of every map with more than a few keys.
///
/// The set keeps the bytes of ASCII keys in one buffer rather than a string
/// per key: a sheet's `styles` map has one key per style, and 100,000 strings
/// cost an allocation and a release each. Keys compare as strings do, by
/// canonical equivalence: a key with non-ASCII bytes is kept as a string, and
/// hashed by its NFC form (`NameTable.hash`).
struct KeySet {
  /// A key with a text: its bytes in `bytes` (ASCII), or its string in
  /// `strings` (`start` is then `-1 - index`).
  private struct Entry {
    var start: Int32
    var count: Int32
    var hash: Int
    var mark: YAMLMark
    /// Met before: not in `slots`.
    var isRepeat = false
  }

  /// A key met again: its text, where, and where it was first.
  struct Duplicate {
    var text: String
    var mark: YAMLMark
    var first: YAMLMark
  }

  private var bytes: [UInt8] = []
  private var strings: [String] = []
  private var entries: [Entry] = []
  /// Open addressing over `entries` by hash (-1: empty); only first
  /// sightings are entered, so a duplicate finds its first.
  private var slots = [Int32](repeating: -1, count: 16)
  private var distinct = 0
  /// In the order they were added.
  private(set) var duplicates: [Duplicate] = []

  /// Adds a key (a merge key `<<` is kept for `texts` but never a duplicate).
  mutating func add(_ text: String, at mark: YAMLMark) {
    var text = text
    let entry = text.withUTF8 { utf8 in
      let (hash, isASCII) = NameTable.hash(bytes: utf8)
      guard isASCII else { return nil as Entry? }
      let start = bytes.count
      bytes.append(contentsOf: utf8)
      return Entry(start: Int32(start), count: Int32(utf8.count), hash: hash, mark: mark)
    }
    if let entry {
      add(entry)
    } else {
      strings.append(text)
      add(Entry(start: -Int32(strings.count), count: 0, hash: NameTable.hash(text), mark: mark))
    }
  }

  private mutating func add(_ entry: Entry) {
    entries.append(entry)
    let index = entries.count - 1
    guard !isMergeKey(entry) else { return }
    var slot = entry.hash & (slots.count - 1)
    while slots[slot] >= 0 {
      let earlier = entries[Int(slots[slot])]
      if earlier.hash == entry.hash && sameText(earlier, entry) {
        entries[index].isRepeat = true
        duplicates.append(Duplicate(text: text(of: entry), mark: entry.mark, first: earlier.mark))
        return
      }
      slot = (slot + 1) & (slots.count - 1)
    }
    slots[slot] = Int32(index)
    distinct += 1
    if distinct * 2 > slots.count { grow() }
  }

  /// Every key's text, in order.
  var texts: [String] { entries.map(text(of:)) }

  private func text(of entry: Entry) -> String {
    if entry.start < 0 { return strings[Int(-entry.start) - 1] }
    return bytes.withUnsafeBufferPointer {
      String(
        decoding: UnsafeBufferPointer(rebasing: $0[Int(entry.start)..<Int(entry.start + entry.count)]), as: UTF8.self)
    }
  }

  private func isMergeKey(_ entry: Entry) -> Bool {
    entry.start >= 0 && entry.count == 2 && bytes[Int(entry.start)] == 0x3C && bytes[Int(entry.start) + 1] == 0x3C
  }

  /// Whether two keys are the same text: bytes for two ASCII keys, else
  /// string equality (canonical equivalence).
  private func sameText(_ one: Entry, _ other: Entry) -> Bool {
    guard one.start >= 0 && other.start >= 0 else { return text(of: one) == text(of: other) }
    guard one.count == other.count else { return false }
    return bytes.withUnsafeBufferPointer { all in
      UnsafeBufferPointer(rebasing: all[Int(one.start)..<Int(one.start + one.count)])
        .hasSameBytes(as: UnsafeBufferPointer(rebasing: all[Int(other.start)..<Int(other.start + other.count)]))
    }
  }

  private mutating func grow() {
    slots = [Int32](repeating: -1, count: slots.count * 2)
    let mask = slots.count - 1
    for (index, entry) in entries.enumerated() where !isMergeKey(entry) && !entry.isRepeat {
      var slot = entry.hash & mask
      while slots[slot] >= 0 { slot = (slot + 1) & mask }
      slots[slot] = Int32(index)
    }
  }
}
