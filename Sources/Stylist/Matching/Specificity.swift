/// The specificity vector of one selector placed on one node (docs/SHEETS.md: Precedence):
/// `[token weight, weight at node position 0, position 1, …]`, where position
/// 0 is the token's parent. Stored sparsely (only placed components), since a
/// node may be 10,000 components deep and most positions hold 0.
public struct Specificity: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The token's weight: 3 for a literal token, 2 for a glob, 1 for `*`.
  public let tokenWeight: Int
  /// Number of path components of the node, so the full vector can be shown.
  public let depth: Int
  /// The placed components, positions ascending.
  private let entries: [Entry]

  /// A placed component: its node position (0 is the token's parent) and weight.
  struct Entry: Hashable, Sendable, Comparable {
    var position: Int
    var weight: Int

    /// The greater entry is the one nearer the token, then the heavier:
    /// where it sits, the vector holds a number where the other's holds 0.
    static func < (lhs: Entry, rhs: Entry) -> Bool {
      lhs.position != rhs.position ? lhs.position > rhs.position : lhs.weight < rhs.weight
    }

    /// Heavier than any component (docs/SHEETS.md, Precedence: the heaviest weighs 14): an
    /// entry no placement at its position can beat.
    static func heaviest(at position: Int) -> Entry { Entry(position: position, weight: 15) }
  }

  init(tokenWeight: Int, placed: [Entry], depth: Int) {
    (self.tokenWeight, entries, self.depth) = (tokenWeight, placed, depth)
  }

  /// The vector whose placed components are `entry(0)..<entry(count)`,
  /// positions ascending.
  init(tokenWeight: Int, depth: Int, count: Int, entry: (Int) -> Entry) {
    self.init(tokenWeight: tokenWeight, placed: (0..<count).map(entry), depth: depth)
  }

  /// Number of placed components.
  var placedCount: Int { entries.count }

  /// The `index`-th placed component.
  func placed(_ index: Int) -> Entry { entries[index] }

  /// How two vectors compare: -1, 0 or 1. The token's weight first, then
  /// the entries in order; a vector that runs out first is smaller (all
  /// weights are positive, so where only one side places a component, that
  /// side is greater).
  static func compare<Left: RandomAccessCollection<Entry>, Right: RandomAccessCollection<Entry>>(
    _ left: Left, tokenWeight leftWeight: Int, _ right: Right, tokenWeight rightWeight: Int
  ) -> Int where Left.Index == Int, Right.Index == Int {
    if leftWeight != rightWeight { return leftWeight < rightWeight ? -1 : 1 }
    var (index, other) = (left.startIndex, right.startIndex)
    while index < left.endIndex && other < right.endIndex {
      if left[index] != right[other] { return left[index] < right[other] ? -1 : 1 }
      index += 1
      other += 1
    }
    let (leftLeft, rightLeft) = (index < left.endIndex, other < right.endIndex)
    return leftLeft == rightLeft ? 0 : leftLeft ? 1 : -1
  }

  /// Whether `vector` is greater than every vector that starts with
  /// `prefix`, whatever entries follow: entries only ever follow further
  /// out, so when the prefix is already smaller on its own entries,
  /// nothing added can make up for it. Token weights compare first.
  static func beatsEveryExtension<Vector: RandomAccessCollection<Entry>>(
    _ vector: Vector, tokenWeight: Int, prefix: UnsafeBufferPointer<Entry>, prefixTokenWeight: Int
  ) -> Bool where Vector.Index == Int {
    if tokenWeight != prefixTokenWeight { return tokenWeight > prefixTokenWeight }
    var index = vector.startIndex
    for entry in prefix {
      guard index < vector.endIndex else { return false }
      if vector[index] != entry { return vector[index] > entry }
      index += 1
    }
    return false
  }

  /// The full vector, `depth + 1` numbers.
  public var vector: [Int] {
    var vector = [Int](repeating: 0, count: depth + 1)
    vector[0] = tokenWeight
    for entry in entries { vector[entry.position + 1] = entry.weight }
    return vector
  }

  /// Lexicographic order; a missing tail counts as zeros.
  public static func < (lhs: Specificity, rhs: Specificity) -> Bool {
    compare(lhs.entries, tokenWeight: lhs.tokenWeight, rhs.entries, tokenWeight: rhs.tokenWeight) < 0
  }

  /// Equal vectors (the node's depth aside).
  public static func == (lhs: Specificity, rhs: Specificity) -> Bool {
    lhs.tokenWeight == rhs.tokenWeight && lhs.entries == rhs.entries
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(tokenWeight)
    hasher.combine(entries)
  }

  /// The vector, as `[3, 0, 1]`.
  public var description: String { "[" + vector.map(String.init).joined(separator: ", ") + "]" }
}

extension SelectorComponent {
  /// Weight of this component wherever it is placed (the precedence table in docs/SHEETS.md).
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
