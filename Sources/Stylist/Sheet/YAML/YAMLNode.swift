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
  let tag: String?
  let mark: YAMLMark

  init(_ content: Content, tag: String?, mark: YAMLMark) {
    self.content = content
    self.tag = tag
    self.mark = mark
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

  /// What the node is, for "must be a map, not a list" messages.
  var kindName: String {
    switch content {
    case .scalar: isNull ? "null" : "a scalar"
    case .sequence: "a list"
    case .mapping: "a map"
    }
  }
}

enum YAMLTag {
  static let str = "tag:yaml.org,2002:str"
  static let int = "tag:yaml.org,2002:int"
  static let float = "tag:yaml.org,2002:float"
  static let bool = "tag:yaml.org,2002:bool"
  static let null = "tag:yaml.org,2002:null"
}
