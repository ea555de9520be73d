/// The documents of one YAML file, composed into flat arrays: a node is a
/// 20-byte record, scalar texts are ranges of one byte buffer, a
/// collection's children a range of one shared array. An alias is the index
/// of the node its anchor names, so aliases cost nothing until values are
/// built, where an expansion budget stops alias bombs (`ValueEvaluator`).
///
/// A tree is built by `YAMLComposer` and then only read, through `YAMLNode`
/// views; whatever holds a view keeps the tree alive.
final class YAMLTree {
  struct Record {
    var mark: SourcePosition
    /// A scalar's first byte in `bytes`; a collection's first child in `children`.
    var first: Int32
    /// A scalar's bytes; a collection's children (a mapping's alternate
    /// key and value).
    var count: Int32
    var kind: YAMLNode.Kind
    var style: YAMLScalarStyle
    /// A mapping whose keys the composer found all different.
    var keysAreUnique: Bool
    /// Whether `tags` holds the node's tag (few nodes have one).
    var isTagged: Bool
  }

  /// Most nodes, child entries or text bytes a tree holds: positions are
  /// 32-bit, and a file that needs more (far past any file size a sheet
  /// needs) fails at load.
  static let maxCount = Int(Int32.max)

  // Constants, so that reading them needs no exclusivity check.
  let records: [Record]
  let bytes: [UInt8]
  let children: [YAMLNodeID]
  let tags: [YAMLNodeID: String]
  /// The nodes anchors name: an alias shares one of these.
  let anchored: Set<YAMLNodeID>
  /// Each document's root, in order.
  let roots: [YAMLNodeID]

  init(
    records: [Record], bytes: [UInt8], children: [YAMLNodeID], tags: [YAMLNodeID: String],
    anchored: Set<YAMLNodeID>, roots: [YAMLNodeID]
  ) {
    (self.records, self.bytes, self.children, self.tags, self.anchored, self.roots) =
      (records, bytes, children, tags, anchored, roots)
  }

  var documents: [YAMLNode] { roots.map { YAMLNode(tree: self, id: $0) } }

  /// The text of a scalar's record.
  func text(_ record: Record) -> String {
    bytes.withUnsafeBufferPointer {
      String(
        decoding: UnsafeBufferPointer(rebasing: $0[Int(record.first)..<Int(record.first + record.count)]), as: UTF8.self
      )
    }
  }

  /// Whether a scalar's record holds `text`, compared without making a string.
  func record(_ record: Record, holds text: StaticString) -> Bool {
    guard record.kind == .scalar, Int(record.count) == text.utf8CodeUnitCount else { return false }
    return bytes.withUnsafeBufferPointer { all in
      UnsafeBufferPointer(rebasing: all[Int(record.first)..<Int(record.first + record.count)])
        .elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
  }
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
  var mark: SourcePosition { record.mark }
  var tag: String? { record.isTagged ? tree.tags[id] : nil }
  /// Named by an anchor, so aliases may share it.
  var isAnchored: Bool { !tree.anchored.isEmpty && tree.anchored.contains(id) }
  var style: YAMLScalarStyle { record.style }
  /// A mapping written without a repeated key.
  var keysAreUnique: Bool { record.keysAreUnique }

  var content: Content {
    let record = record
    let range = Int(record.first)..<Int(record.first) + Int(record.count)
    switch record.kind {
    case .scalar: return .scalar(tree.text(record), record.style)
    case .list: return .sequence(Items(tree: tree, range: range))
    case .map: return .mapping(Pairs(tree: tree, range: range))
    }
  }

  var scalarText: String? {
    let record = record
    return record.kind == .scalar ? tree.text(record) : nil
  }

  /// Whether the node is a scalar whose text has `byte`.
  func scalarContains(_ byte: UInt8) -> Bool {
    let record = record
    guard record.kind == .scalar else { return false }
    return tree.bytes[Int(record.first)..<Int(record.first + record.count)].contains(byte)
  }

  /// Whether the node is a scalar holding `text`.
  func holds(_ text: StaticString) -> Bool { tree.record(record, holds: text) }

  var isNull: Bool {
    guard case .scalar(let text, let style) = content else { return false }
    if let tag { return tag == YAMLTag.null }
    return style == .plain && CoreSchema.isNull(text)
  }

  /// A plain `<<` key (untagged or `!!merge`): merges maps into its mapping.
  var isMergeKey: Bool {
    guard holds("<<"), record.style == .plain else { return false }
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
