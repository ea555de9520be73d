/// Ids the compiled index uses in place of strings and array positions.
/// Each is its own type, so an id of one kind can never be read as another,
/// and each special value belongs to one type only. 32 bits each: the trie
/// checks its counts when it is built (`RuleTrie.maxCount`).

/// An interned literal name: a component name, variant, token or theme that
/// some rule spells out (`NameTable` gives the ids).
struct NameID: Hashable {
  var raw: Int32

  init(raw: Int32) { self.raw = raw }
  init(_ index: Int) { raw = Int32(index) }

  /// A node's name that no rule spells out: only a `*` or a glob can match it,
  /// against its text.
  static let unknown = NameID(raw: -1)
  /// A node component without a variant, or a rule without a theme.
  static let none = NameID(raw: -2)

  var isInterned: Bool { raw >= 0 }
  var index: Int { Int(raw) }
}

/// A rule's load position across all sheets: later wins ties.
struct RuleID: Hashable, Comparable {
  var raw: Int32
  init(_ index: Int) { raw = Int32(index) }
  var index: Int { Int(raw) }
  static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.raw < rhs.raw }
}

/// A node of the rule trie (`RuleTrie`).
struct TrieNodeID: Hashable {
  var raw: Int32
  init(_ index: Int) { raw = Int32(index) }
  var index: Int { Int(raw) }
}

/// A set of themes some rule names (`RuleTrie.themeSets`); `.none` is the
/// empty set, a rule without a theme.
struct ThemeSetID: Hashable {
  var raw: Int32
  init(_ index: Int) { raw = Int32(index) }
  var index: Int { Int(raw) }
  static let none = ThemeSetID(0)
}

/// A compiled glob of the index (`RuleTrie.globs`).
struct GlobID: Hashable {
  var raw: Int32
  init(_ index: Int) { raw = Int32(index) }
  var index: Int { Int(raw) }
}

/// A theme an index knows (`ThemeTable`): one some axis lists, a sheet
/// declares or a selector names.
struct ThemeID: Hashable {
  var raw: Int32
  init(_ index: Int) { raw = Int32(index) }
  /// A theme the index does not know: it names no rule, axis or values.
  static let unknown = ThemeID(-1)
  /// No theme (an axis slot without a current theme).
  static let none = ThemeID(-2)
  var isKnown: Bool { raw >= 0 }
  var index: Int { Int(raw) }
}
