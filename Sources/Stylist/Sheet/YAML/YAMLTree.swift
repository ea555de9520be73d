/// The documents of one YAML file, composed into flat arrays: a node is a
/// 24-byte record, a scalar's text one string, a collection's children a
/// range of one shared array. An alias is the index of the node its anchor
/// names, so aliases cost nothing until values are built, where an
/// expansion budget stops alias bombs (`ValueEvaluator`).
///
/// A tree is built once (`YAMLComposer`) and then only read, through
/// `YAMLNode` views; whatever holds a view keeps the tree alive.
final class YAMLTree {
  struct Record {
    var kind: YAMLNode.Kind
    var style: YAMLScalarStyle
    /// A mapping whose keys the composer found all different.
    var keysAreUnique: Bool
    /// Index in `tags`; negative when untagged.
    var tag: Int32
    var mark: YAMLMark
    /// A scalar's index in `texts`; a collection's first child in `children`.
    var first: Int32
    /// A collection's children; a mapping's alternate key and value.
    var count: Int32
  }

  /// Most nodes a tree holds: node ids are 32-bit (a file that reaches it
  /// is far past any file size limit a sheet needs; it fails at load).
  static let maxNodes = Int(Int32.max)

  var records: [Record] = []
  var texts: [String] = []
  var children: [YAMLNodeID] = []
  var tags: [String] = []
  /// Each document's root, in order.
  var roots: [YAMLNodeID] = []

  var documents: [YAMLNode] { roots.map { YAMLNode(tree: self, id: $0) } }
}

/// A node's position in its `YAMLTree`.
struct YAMLNodeID: Hashable {
  var index: Int32
}

/// A view of one node of a `YAMLTree`.
struct YAMLNode {
  let tree: YAMLTree
  let id: YAMLNodeID

  /// The kinds of node, as messages name them.
  enum Kind: UInt8 {
    case scalar, list, map

    /// "a list", as in "must be a map, not a list".
    var name: String {
      switch self {
      case .scalar: "a scalar"
      case .list: "a list"
      case .map: "a map"
      }
    }

    /// "lists", as in "the tag '!!seq' is for lists".
    var plural: String {
      switch self {
      case .scalar: "scalars"
      case .list: "lists"
      case .map: "maps"
      }
    }
  }

  struct Pair {
    var key: YAMLNode
    var value: YAMLNode
  }

  enum Content {
    case scalar(String, YAMLScalarStyle)
    case sequence(Items)
    case mapping(Pairs)
  }

  private var record: YAMLTree.Record { tree.records[Int(id.index)] }

  var kind: Kind { record.kind }
  var mark: YAMLMark { record.mark }
  var tag: String? {
    let tag = record.tag
    return tag < 0 ? nil : tree.tags[Int(tag)]
  }
  /// A mapping written without a repeated key.
  var keysAreUnique: Bool { record.keysAreUnique }

  var content: Content {
    let record = record
    let range = Int(record.first)..<Int(record.first) + Int(record.count)
    switch record.kind {
    case .scalar: return .scalar(tree.texts[Int(record.first)], record.style)
    case .list: return .sequence(Items(tree: tree, range: range))
    case .map: return .mapping(Pairs(tree: tree, range: range))
    }
  }

  var scalarText: String? {
    let record = record
    return record.kind == .scalar ? tree.texts[Int(record.first)] : nil
  }

  var isNull: Bool {
    guard case .scalar(let text, let style) = content else { return false }
    if let tag { return tag == YAMLTag.null }
    return style == .plain && CoreSchema.isNull(text)
  }

  /// A plain `<<` key (untagged or `!!merge`): merges maps into its mapping.
  var isMergeKey: Bool {
    guard case .scalar("<<", .plain) = content else { return false }
    return tag == nil || tag == YAMLTag.merge
  }

  /// What the node is, for "must be a map, not a list" messages.
  var kindName: String { kind == .scalar && isNull ? "null" : kind.name }

  /// A sequence's items.
  struct Items: RandomAccessCollection {
    let tree: YAMLTree
    let range: Range<Int>

    var startIndex: Int { 0 }
    var endIndex: Int { range.count }
    subscript(position: Int) -> YAMLNode { YAMLNode(tree: tree, id: tree.children[range.lowerBound + position]) }
  }

  /// A mapping's entries, as written (merge keys among them).
  struct Pairs: RandomAccessCollection {
    let tree: YAMLTree
    /// Keys and values, alternating.
    let range: Range<Int>

    var startIndex: Int { 0 }
    var endIndex: Int { range.count / 2 }
    subscript(position: Int) -> Pair {
      let key = range.lowerBound + 2 * position
      return Pair(
        key: YAMLNode(tree: tree, id: tree.children[key]), value: YAMLNode(tree: tree, id: tree.children[key + 1]))
    }
  }
}

enum YAMLTag {
  static let str = "tag:yaml.org,2002:str"
  static let int = "tag:yaml.org,2002:int"
  static let float = "tag:yaml.org,2002:float"
  static let bool = "tag:yaml.org,2002:bool"
  static let null = "tag:yaml.org,2002:null"
  static let map = "tag:yaml.org,2002:map"
  static let seq = "tag:yaml.org,2002:seq"
  static let merge = "tag:yaml.org,2002:merge"
  /// What `!!` stands for: every `!!` tag (`!!str`, `!!map`, `!!merge`, …) starts with it.
  static let corePrefix = "tag:yaml.org,2002:"

  /// The kind of node `tag` is for when it is one of the core schema's
  /// (`!!str` … `!!null` scalars, `!!seq` lists, `!!map` maps); nil for any other.
  static func kind(of tag: String) -> YAMLNode.Kind? {
    switch tag {
    case str, int, float, bool, null: .scalar
    case seq: .list
    case map: .map
    default: nil
    }
  }

  /// `tag` as a sheet spells it: `!!str` for the core schema's `tag:yaml.org,2002:str`.
  static func written(_ tag: String) -> String {
    tag.hasPrefix(corePrefix) ? "!!" + tag.dropFirst(corePrefix.count) : tag
  }
}
