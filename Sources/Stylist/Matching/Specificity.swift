/// The specificity vector of one selector placed on one node (SPEC §4):
/// `[token weight, weight at node position 0, position 1, …]`, where position
/// 0 is the token's parent. Stored sparsely (only placed components), since a
/// node may be 10,000 components deep and most positions hold 0.
public struct Specificity: Hashable, Sendable, Comparable, CustomStringConvertible {
  public let tokenWeight: Int
  /// Placed components as (node position from the innermost, weight), positions ascending.
  let placed: [Entry]
  /// Number of path components of the node, so the full vector can be shown.
  public let depth: Int

  struct Entry: Hashable, Sendable {
    var position: Int
    var weight: Int
  }

  init(tokenWeight: Int, placed: [Entry], depth: Int) {
    self.tokenWeight = tokenWeight
    self.placed = placed
    self.depth = depth
  }

  /// The full vector, `depth + 1` numbers.
  public var vector: [Int] {
    var vector = [Int](repeating: 0, count: depth + 1)
    vector[0] = tokenWeight
    for entry in placed { vector[entry.position + 1] = entry.weight }
    return vector
  }

  /// Lexicographic order; a missing tail counts as zeros. All weights are
  /// positive, so the first position where only one side places a component
  /// decides for that side.
  public static func < (lhs: Specificity, rhs: Specificity) -> Bool {
    if lhs.tokenWeight != rhs.tokenWeight { return lhs.tokenWeight < rhs.tokenWeight }
    var index = 0
    while index < lhs.placed.count && index < rhs.placed.count {
      let left = lhs.placed[index]
      let right = rhs.placed[index]
      if left.position != right.position { return left.position > right.position }
      if left.weight != right.weight { return left.weight < right.weight }
      index += 1
    }
    return lhs.placed.count < rhs.placed.count
  }

  public static func == (lhs: Specificity, rhs: Specificity) -> Bool {
    lhs.tokenWeight == rhs.tokenWeight && lhs.placed == rhs.placed
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(tokenWeight)
    hasher.combine(placed)
  }

  public var description: String { "[" + vector.map(String.init).joined(separator: ", ") + "]" }
}

extension SelectorComponent {
  /// Weight of this component wherever it is placed (SPEC §4 table).
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
