/// What a selector's name (or token) asks of a node's, in ids.
enum CompiledName: Hashable {
  case exact(NameID)
  case any
  case glob(GlobID)

  /// The literal name, nil for `*` or a glob.
  var literal: NameID? {
    if case .exact(let name) = self { return name }
    return nil
  }
}

/// What a selector component's variant asks of a node component's.
enum CompiledVariant: Hashable {
  /// No variant written: any variant or none.
  case unspecified
  case exact(NameID)
  case any
  case glob(GlobID)
}

/// A selector component as the index stores it, with its weight (docs/SHEETS.md: Precedence).
struct CompiledComponent: Hashable {
  var name: CompiledName
  var variant: CompiledVariant
  var weight: UInt8

  /// The literal name, or `.none` for `*` or a glob: the trie groups a
  /// node's children by it.
  var literalName: NameID { name.literal ?? .none }

  /// The exact variant asked for, or `.none`.
  var exactVariant: NameID {
    if case .exact(let variant) = variant { return variant }
    return .none
  }
}

/// A rule's token as the index stores it: the trie's roots are keyed by it.
struct CompiledToken: Hashable {
  var name: CompiledName
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
