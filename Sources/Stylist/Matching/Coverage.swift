/// Coverage between selectors: when one selector applies wherever another
/// does and always ranks at least as high, the other can never win. `lint`
/// uses this to warn about shadowed selectors.
///
/// The test is sound, not complete: a reported selector really can never
/// win, but some unwinnable selectors are not found. It pairs components by
/// index, so `S` covers `R` when they have the same theme and as many
/// components, and position by position `S`'s pattern matches every name
/// `R`'s matches, weighs at least as much, and needs `>` only where `R` does.
/// Then every placement of `R` on a node is a placement of `S` with weights
/// at least as high, so `S`'s vector (the greatest over its placements) is
/// at least `R`'s.
public enum Outranking: Sendable, Equatable {
  /// Some weight is strictly higher: `S` beats `R` on every node.
  case always
  /// Equal weights: `S` ties with `R` at best, and wins the tie when defined later.
  case whenDefinedLater
}

extension StyleSelector {
  /// Whether this selector applies wherever `other` does and ranks at least
  /// as high there; nil when that is not certain.
  public func outranks(_ other: StyleSelector) -> Outranking? {
    guard themes == other.themes, components.count == other.components.count else { return nil }
    guard token.name.covers(other.token.name), token.weight >= other.token.weight,
      !token.isDirectChild || other.token.isDirectChild
    else { return nil }
    var strictlyHigher = token.weight > other.token.weight
    for index in components.indices {
      guard components[index].covers(other.components[index]) else { return nil }
      if components[index].weight > other.components[index].weight { strictlyHigher = true }
    }
    return strictlyHigher ? .always : .whenDefinedLater
  }
}

extension StyleSelector {
  /// Whether this selector applies wherever `other` does, their themes
  /// aside: its token covers the other's, and its components can be placed,
  /// in order, on components of the other's (a subsequence, as a node's
  /// path is matched), each matching every node component the one it sits
  /// on matches (weights not compared). A `>` component must sit on a `>`
  /// component right after the one its predecessor sits on (on the first
  /// when it is the outermost: both anchored at the root), and a `>` token
  /// needs a `>` token and its last component on the other's last. Then
  /// every node the other applies to places this one too. Sound, not
  /// complete (`lint`'s `themed-drops-properties`). `budget` is charged one
  /// a pair of components tried.
  func appliesWherever(_ other: StyleSelector, budget: inout Int) -> Bool {
    guard token.name.covers(other.token.name), !token.isDirectChild || other.token.isDirectChild else {
      return false
    }
    let (mine, theirs) = (components, other.components)
    guard mine.count <= theirs.count else { return false }
    if mine.isEmpty { return !token.isDirectChild || theirs.isEmpty }
    guard mine.contains(where: \.isDirectChild) || token.isDirectChild else {
      // No `>`: placing each component on the first part that fits, in
      // order, places them all whenever any placement does.
      budget -= theirs.count
      var next = theirs.startIndex
      for component in mine {
        guard let place = theirs[next...].firstIndex(where: { component.matchesEveryNode(of: $0) }) else {
          return false
        }
        next = place + 1
      }
      return true
    }
    budget -= mine.count * theirs.count
    guard budget >= 0 else { return false }
    // `placed[j]`: the components so far can be placed with the last on `theirs[j]`.
    var placed = [Bool](repeating: false, count: theirs.count)
    for (index, component) in mine.enumerated() {
      var next = [Bool](repeating: false, count: theirs.count)
      var anyEarlier = index == 0
      for j in theirs.indices {
        let fits: Bool
        if component.isDirectChild {
          fits = theirs[j].isDirectChild && (index == 0 ? j == 0 : j > 0 && placed[j - 1])
        } else {
          fits = anyEarlier
        }
        if fits, component.matchesEveryNode(of: theirs[j]) { next[j] = true }
        if index > 0, placed[j] { anyEarlier = true }
      }
      placed = next
      guard placed.contains(true) else { return false }
    }
    return token.isDirectChild ? placed[theirs.count - 1] : true
  }
}

extension SelectorComponent {
  /// Matches every node component `other` matches, with at least its weight,
  /// and no `>` that `other` lacks.
  func covers(_ other: SelectorComponent) -> Bool {
    matchesEveryNode(of: other) && weight >= other.weight
  }

  /// Matches every node component `other` matches, and no `>` that `other` lacks.
  func matchesEveryNode(of other: SelectorComponent) -> Bool {
    name.covers(other.name) && variant.covers(other.variant) && (!isDirectChild || other.isDirectChild)
  }
}

extension NamePattern {
  /// Whether every name `other` matches, this matches too.
  func covers(_ other: NamePattern) -> Bool {
    switch (self, other) {
    case (.any, _): true
    case (.exact(let mine), .exact(let theirs)): mine == theirs
    case (.exact, _): false
    case (.glob(let mine), .exact(let theirs)): mine.matches(theirs)
    case (.glob(let mine), .glob(let theirs)): Glob.pattern(mine.pattern, covers: theirs.pattern)
    case (.glob(let mine), .any): Glob.pattern(mine.pattern, covers: "*")
    }
  }
}

extension VariantPattern {
  /// Whether every variant (or absence of one) `other` accepts, this accepts
  /// too: an unspecified variant accepts all, and written ones compare as
  /// the name patterns they are spelled as.
  func covers(_ other: VariantPattern) -> Bool {
    guard let mine = written else { return true }
    guard let theirs = other.written else { return false }
    return mine.covers(theirs)
  }
}

extension Glob {
  /// Whether glob `pattern` matches every text glob `other` matches.
  ///
  /// Treats `other` as text in which each `*` is a symbol only a `*` of
  /// `pattern` can absorb. If `pattern` matches that text, it matches every
  /// expansion of `other` (its `*` runs just take in the expansions), so a
  /// true answer is always right. The usual star-backtracking match, in
  /// O(|pattern| × |other|) at worst.
  static func pattern(_ pattern: String, covers other: String) -> Bool {
    var (pattern, other) = (pattern, other)
    return pattern.withUTF8 { mine in other.withUTF8 { theirs in covers(mine, theirs) } }
  }

  /// Bytes suffice: UTF-8 is self-synchronising, so a literal character can
  /// only match whole characters.
  private static func covers(_ mine: UnsafeBufferPointer<UInt8>, _ theirs: UnsafeBufferPointer<UInt8>) -> Bool {
    let star = UInt8(ascii: "*")
    var (i, j) = (0, 0)
    var lastStar: Int?
    var resumeAt = 0
    while j < theirs.count {
      if i < mine.count, mine[i] == star {
        lastStar = i
        resumeAt = j
        i += 1
      } else if i < mine.count, mine[i] == theirs[j], theirs[j] != star {
        i += 1
        j += 1
      } else if let lastStar {
        i = lastStar + 1
        resumeAt += 1
        j = resumeAt
      } else {
        return false
      }
    }
    while i < mine.count, mine[i] == star { i += 1 }
    return i == mine.count
  }
}
