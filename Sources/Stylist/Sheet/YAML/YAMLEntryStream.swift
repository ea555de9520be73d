/// Takes the entries of chosen mappings as they are parsed, so that a large
/// mapping (a sheet's `styles`) never exists as a tree of nodes: each entry
/// is read and dropped before the next is parsed.
protocol YAMLEntryConsumer: AnyObject {
  /// Whether the untagged, unanchored mapping reached by `path` (the keys
  /// from the document's root mapping) is streamed.
  func streams(mappingAt path: [String]) -> Bool
  /// One entry of a streamed mapping, in document order.
  func consume(key: YAMLEntryKey, value: YAMLEntryValue)
  /// The streamed mapping ended; `placeholder`, an empty mapping, stands
  /// for it in the composed tree. `keys()` gives the texts of its scalar
  /// keys (the composer keeps them for the duplicate check anyway).
  func streamEnded(placeholder: YAMLNode, keys: () -> [String])
}

/// An untagged, unanchored scalar kept as a value, without a node.
struct YAMLScalar {
  var text: String
  var style: YAMLScalarStyle
  var mark: YAMLMark

  var node: YAMLNode { YAMLNode(.scalar(text, style), tag: nil, mark: mark) }
}

/// The key of a streamed entry.
enum YAMLEntryKey {
  case scalar(YAMLScalar)
  /// A tagged or anchored scalar, an alias or a collection.
  case composed(YAMLNode)

  var node: YAMLNode {
    switch self {
    case .scalar(let scalar): scalar.node
    case .composed(let node): node
    }
  }

  var text: String? {
    switch self {
    case .scalar(let scalar): scalar.text
    case .composed(let node): node.scalarText
    }
  }

  /// A `<<` key, as `YAMLNode.isMergeKey` has it.
  var isMergeKey: Bool {
    switch self {
    case .scalar(let scalar): scalar.text == "<<" && scalar.style == .plain
    case .composed(let node): node.isMergeKey
    }
  }
}

/// The value of a streamed entry.
enum YAMLEntryValue {
  /// A mapping of untagged, unanchored scalar pairs, kept without nodes.
  case flat(YAMLFlatMapping)
  /// Anything else, composed as usual.
  case composed(YAMLNode)

  /// The value as a node, built if it came flat.
  var node: YAMLNode {
    switch self {
    case .flat(let flat): flat.node
    case .composed(let node): node
    }
  }
}

/// A mapping whose keys and values are all untagged, unanchored scalars:
/// the common shape of a style's properties, held as plain values.
struct YAMLFlatMapping {
  struct Entry {
    var key: YAMLScalar
    var value: YAMLScalar
  }

  var entries: [Entry]
  var mark: YAMLMark
  /// No key is written twice (the composer has compared them).
  var keysAreUnique = false

  /// The pairs as nodes, for readers that need the general form.
  var pairs: [YAMLNode.Pair] { entries.map { YAMLNode.Pair(key: $0.key.node, value: $0.value.node) } }

  var node: YAMLNode { YAMLNode(.mapping(pairs), tag: nil, mark: mark) }
}
