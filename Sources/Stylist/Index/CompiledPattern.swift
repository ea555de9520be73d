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
  /// The name when `nameKind == .exact`, else `.none`.
  var name: NameID
  /// The name's glob when `nameKind == .glob`.
  var nameGlob: GlobID
  /// The variant when `variantKind == .exact`, else `.none`.
  var variant: NameID
  /// The variant's glob when `variantKind == .glob`.
  var variantGlob: GlobID
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
