/// The specificity vector of one selector placed on one node (README: Precedence):
/// `[token weight, weight at node position 0, position 1, …]`, where position
/// 0 is the token's parent. Stored sparsely (only placed components), since a
/// node may be 10,000 components deep and most positions hold 0.
public struct Specificity: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The token's weight: 3 for a literal token, 2 for a glob, 1 for `*`.
  public let tokenWeight: Int
  /// Number of path components of the node, so the full vector can be shown.
  public let depth: Int
  /// Placed components as (node position from the innermost, weight),
  /// positions ascending: up to eight packed in two words, 16 bits each,
  /// the first entry in the high bits of `packed.0` (position below 4096,
  /// weight below 16), so an answer allocates nothing; more, or deeper, in
  /// `spilled`. Each entry is packed as `(4095 - position) << 4 | weight`,
  /// never 0 (weights are at least 4), and missing entries are 0, so two
  /// packed vectors compare as 128-bit numbers: nearer the token, then
  /// heavier, then longer is greater, as the README's precedence order says.
  private let packed: (UInt64, UInt64)
  /// Entries in `packed`, or -1 when they are in `spilled`.
  private let packedCount: Int
  private let spilled: [Entry]

  struct Entry: Hashable, Sendable {
    var position: Int
    var weight: Int
  }

  /// The vector whose placed components are `entry(0)..<entry(count)`,
  /// positions ascending.
  init(tokenWeight: Int, depth: Int, count: Int, entry: (Int) -> Entry) {
    self.tokenWeight = tokenWeight
    self.depth = depth
    var words: (UInt64, UInt64) = (0, 0)
    var fits = count <= 8
    for index in 0..<count where fits {
      guard let packed = Self.packedBits(entry(index), at: index) else {
        fits = false
        break
      }
      if packed.word == 0 { words.0 |= packed.bits } else { words.1 |= packed.bits }
    }
    packed = fits ? words : (0, 0)
    packedCount = fits ? count : -1
    spilled = fits ? [] : (0..<count).map(entry)
  }

  /// The vector of `count` entries already packed (see `packed`).
  init(tokenWeight: Int, depth: Int, packed: (UInt64, UInt64), count: Int) {
    self.tokenWeight = tokenWeight
    self.depth = depth
    self.packed = packed
    packedCount = count
    spilled = []
  }

  /// A weight no component reaches and the packed form still holds: a
  /// bound above every entry that could be placed at a position.
  static let heaviestPackedWeight = 15

  /// `entry` packed as entry `index` of the words (see `packed`); nil when
  /// it does not fit the packed form.
  static func packedBits(_ entry: Entry, at index: Int) -> (word: Int, bits: UInt64)? {
    guard index < 8, entry.position >= 0, entry.position < 4096, entry.weight > 0, entry.weight < 16 else {
      return nil
    }
    return (index / 4, UInt64((4095 - entry.position) << 4 | entry.weight) << (48 - 16 * UInt64(index % 4)))
  }

  /// Whether the packed vector `packed` (behind `tokenWeight`) is greater
  /// than every vector that starts with the `count` packed entries of
  /// `prefix` (behind `prefixTokenWeight`), whatever entries follow:
  /// entries only ever follow at positions further out, so when the prefix
  /// is already smaller on its own entries, nothing added can make up for it.
  static func packedBeatsEveryExtension(
    _ packed: (UInt64, UInt64), tokenWeight: Int, prefix: (UInt64, UInt64), prefixTokenWeight: Int, count: Int
  ) -> Bool {
    if tokenWeight != prefixTokenWeight { return tokenWeight > prefixTokenWeight }
    // This vector's first `count` entries, as the prefix holds them.
    let bits = 16 * count
    let mask0: UInt64 = bits >= 64 ? .max : bits == 0 ? 0 : ~(UInt64.max >> UInt64(bits))
    let mask1: UInt64 = bits <= 64 ? 0 : bits >= 128 ? .max : ~(UInt64.max >> UInt64(bits - 64))
    let mine = (packed.0 & mask0, packed.1 & mask1)
    return mine.0 != prefix.0 ? mine.0 > prefix.0 : mine.1 > prefix.1
  }

  /// How two vectors in the packed form compare (`<` and `==` for them):
  /// -1, 0 or 1. The token's weight first, then the entries as 128-bit
  /// numbers (see `packed`).
  static func comparePacked(
    _ left: (UInt64, UInt64), tokenWeight leftWeight: Int, _ right: (UInt64, UInt64), tokenWeight rightWeight: Int
  ) -> Int {
    if leftWeight != rightWeight { return leftWeight < rightWeight ? -1 : 1 }
    if left.0 != right.0 { return left.0 < right.0 ? -1 : 1 }
    if left.1 != right.1 { return left.1 < right.1 ? -1 : 1 }
    return 0
  }

  init(tokenWeight: Int, placed: [Entry], depth: Int) {
    self.init(tokenWeight: tokenWeight, depth: depth, count: placed.count) { placed[$0] }
  }

  /// Number of placed components.
  var placedCount: Int { packedCount >= 0 ? packedCount : spilled.count }

  /// The `index`-th placed component.
  func placed(_ index: Int) -> Entry {
    guard packedCount >= 0 else { return spilled[index] }
    let bits = (index < 4 ? packed.0 : packed.1) >> (48 - 16 * UInt64(index % 4)) & 0xFFFF
    return Entry(position: 4095 - Int(bits >> 4), weight: Int(bits & 0xF))
  }

  /// The full vector, `depth + 1` numbers.
  public var vector: [Int] {
    var vector = [Int](repeating: 0, count: depth + 1)
    vector[0] = tokenWeight
    for index in 0..<placedCount {
      let entry = placed(index)
      vector[entry.position + 1] = entry.weight
    }
    return vector
  }

  /// Lexicographic order; a missing tail counts as zeros. All weights are
  /// positive, so the first position where only one side places a component
  /// decides for that side.
  public static func < (lhs: Specificity, rhs: Specificity) -> Bool {
    if lhs.packedCount >= 0 && rhs.packedCount >= 0 {
      return comparePacked(lhs.packed, tokenWeight: lhs.tokenWeight, rhs.packed, tokenWeight: rhs.tokenWeight) < 0
    }
    if lhs.tokenWeight != rhs.tokenWeight { return lhs.tokenWeight < rhs.tokenWeight }
    let (leftCount, rightCount) = (lhs.placedCount, rhs.placedCount)
    var index = 0
    while index < leftCount && index < rightCount {
      let left = lhs.placed(index)
      let right = rhs.placed(index)
      if left.position != right.position { return left.position > right.position }
      if left.weight != right.weight { return left.weight < right.weight }
      index += 1
    }
    return leftCount < rightCount
  }

  /// Equal vectors (the node's depth aside), however they are stored.
  public static func == (lhs: Specificity, rhs: Specificity) -> Bool {
    guard lhs.tokenWeight == rhs.tokenWeight, lhs.placedCount == rhs.placedCount else { return false }
    if lhs.packedCount >= 0 && rhs.packedCount >= 0 { return lhs.packed == rhs.packed }
    return (0..<lhs.placedCount).allSatisfy { lhs.placed($0) == rhs.placed($0) }
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(tokenWeight)
    hasher.combine(placedCount)
    for index in 0..<placedCount { hasher.combine(placed(index)) }
  }

  /// The vector, as `[3, 0, 1]`.
  public var description: String { "[" + vector.map(String.init).joined(separator: ", ") + "]" }
}

extension SelectorComponent {
  /// Weight of this component wherever it is placed (the README's precedence table).
  public var weight: Int {
    let base: Int
    switch name {
    case .exact: base = 12
    case .glob: base = 8
    case .any: base = 4
    }
    switch variant {
    case .unspecified: return base
    case .glob, .any: return base + 1
    case .exact: return base + 2
    }
  }
}

extension TokenPattern {
  /// Token weight: exact 3, glob 2, `*` 1.
  public var weight: Int {
    switch name {
    case .exact: 3
    case .glob: 2
    case .any: 1
    }
  }
}
