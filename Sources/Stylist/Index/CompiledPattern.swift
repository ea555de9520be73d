/// A selector component as the index stores it: what it needs of a node
/// component's name and variant, in ids, and its weight (README: Precedence).
struct CompiledComponent: Hashable {
  enum NameKind: UInt8 {
    case exact, any, glob
  }

  enum VariantKind: UInt8 {
    /// No variant written: any variant or none.
    case unspecified
    case exact, any, glob
  }

  var nameKind: NameKind
  var variantKind: VariantKind
  var weight: UInt8
  /// The name's id when `nameKind == .exact`, its glob's index when
  /// `.glob`, else `NameID.none`'s: one field for the kind that is there
  /// keeps the record at 12 bytes (the trie holds one per chunk component,
  /// twice while it is built).
  private var nameValue: Int32
  /// The same for the variant.
  private var variantValue: Int32

  /// A component with no name or variant yet (`*`, no variant written).
  init(weight: UInt8) {
    (nameKind, variantKind, self.weight) = (.any, .unspecified, weight)
    (nameValue, variantValue) = (NameID.none.raw, NameID.none.raw)
  }

  /// The name when `nameKind == .exact`, else `.none`.
  var name: NameID {
    get { nameKind == .exact ? NameID(raw: nameValue) : .none }
    set { nameValue = newValue.raw }
  }
  /// The name's glob when `nameKind == .glob`.
  var nameGlob: GlobID {
    get { GlobID(Int(nameValue)) }
    set { nameValue = newValue.raw }
  }
  /// The variant when `variantKind == .exact`, else `.none`.
  var variant: NameID {
    get { variantKind == .exact ? NameID(raw: variantValue) : .none }
    set { variantValue = newValue.raw }
  }
  /// The variant's glob when `variantKind == .glob`.
  var variantGlob: GlobID {
    get { GlobID(Int(variantValue)) }
    set { variantValue = newValue.raw }
  }

  /// Both ids as stored, for hashing.
  var storedIDs: (name: Int32, variant: Int32) { (nameValue, variantValue) }
}

/// A rule's token as the index stores it: the trie's roots are keyed by it.
struct CompiledToken: Hashable {
  var kind: CompiledComponent.NameKind
  /// The token when `kind == .exact`, else `.none`.
  var name: NameID
  /// The token's glob when `kind == .glob`.
  var glob: GlobID
  /// Token weight: exact 3, glob 2, `*` 1.
  var weight: UInt8
}

/// Where a `>` chunk must sit, besides after the chunks inside it.
struct ChunkAnchoring: OptionSet, Hashable {
  var rawValue: UInt8
  /// `>` on the selector's outermost component: the chunk starts at the node's root.
  static let atRoot = ChunkAnchoring(rawValue: 1)
  /// `>` on the token: the chunk ends at the token's parent.
  static let atToken = ChunkAnchoring(rawValue: 2)
}
