/// A composed YAML node with its position. A class, so that an alias is the
/// very node its anchor names: aliases cost nothing until values are built,
/// where an expansion budget stops alias bombs.
final class YAMLNode {
  enum Content {
    case scalar(String, YAMLScalarStyle)
    case sequence([YAMLNode])
    case mapping([Pair])
  }

  struct Pair {
    var key: YAMLNode
    var value: YAMLNode
  }

  var content: Content
  // Compact fields: a sheet's tree has a node per scalar, and at 56 bytes a
  // node takes a 64-byte heap block instead of 80 (tags are rare, files small).
  private let tagBox: Tag?
  private let line: UInt32
  private let column: UInt32

  private final class Tag {
    let text: String
    init(_ text: String) { self.text = text }
  }

  var tag: String? { tagBox?.text }
  var mark: YAMLMark { YAMLMark(line: Int(line), column: Int(column)) }

  init(_ content: Content, tag: String?, mark: YAMLMark) {
    self.content = content
    tagBox = tag.map(Tag.init)
    line = UInt32(clamping: mark.line)
    column = UInt32(clamping: mark.column)
  }

  var scalarText: String? {
    if case .scalar(let text, _) = content { return text }
    return nil
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

  /// The kinds of node, as messages name them.
  enum Kind {
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

  /// What the node is, for "must be a map, not a list" messages.
  var kindName: String {
    switch content {
    case .scalar: isNull ? "null" : Kind.scalar.name
    case .sequence: Kind.list.name
    case .mapping: Kind.map.name
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
