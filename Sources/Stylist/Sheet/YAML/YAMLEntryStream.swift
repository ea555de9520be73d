/// Takes the entries of chosen mappings as they are parsed, so that a sheet
/// is read in one pass over libyaml's events and its largest part (the
/// `styles` entries) never exists as a tree of nodes: each entry is read and
/// dropped before the next is parsed.
///
/// Only untagged, unanchored mappings are streamed, and only inside streamed
/// ones: a document's root mapping, then what the consumer asks for in it.
protocol YAMLEntryConsumer: AnyObject {
  /// Whether the mapping reached by `path` (the keys from the document's
  /// root mapping; `[]` for the root) is streamed; true starts it.
  func beginsStream(at path: [String]) -> Bool
  /// The most keys a path `beginsStream` can accept has: deeper mappings
  /// are not asked about.
  var deepestStream: Int { get }
  /// Whether the values of the streamed mapping at `path` that hold only
  /// plain scalars come flat (`YAMLEntryValue.flat`) instead of composed.
  func flattensValues(inStreamAt path: [String]) -> Bool
  /// One entry of the streamed mapping at `path`, in document order. An
  /// entry whose value is itself streamed is not handed over: its entries are.
  func consume(key: YAMLEntryKey, value: YAMLEntryValue, inStreamAt path: [String])
  /// The streamed mapping at `path`, which started at `start`, ended;
  /// `keys()` gives the texts of its scalar keys (the composer keeps them
  /// for the duplicate check anyway).
  func streamEnded(at path: [String], start: YAMLMark, keys: () -> [String])
  /// A document ended. `composedRoot` is its root when it was composed (a
  /// root that is not an untagged, unanchored mapping); nil when the root
  /// was streamed or the document is empty.
  func documentEnded(composedRoot: YAMLNode?)
}

/// An untagged, unanchored scalar kept as a value, without a node.
struct YAMLScalar {
  // In this order, 32 bytes with padding (the style last).
  var text: String
  var mark: YAMLMark
  var style: YAMLScalarStyle

  init(text: String, style: YAMLScalarStyle, mark: YAMLMark) {
    (self.text, self.style, self.mark) = (text, style, mark)
  }

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
