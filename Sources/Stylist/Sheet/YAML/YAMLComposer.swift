/// Builds documents of `YAMLNode`s from libyaml's events, without recursion.
///
/// Limits keep hostile input bounded: nesting deeper than `maxDepth` is an
/// error. Duplicate keys in one mapping are reported with both locations.
struct YAMLComposer {
  struct Problem {
    var message: String
    var mark: YAMLMark
  }

  private enum Frame {
    case sequence([YAMLNode], tag: String?, anchor: String?, mark: YAMLMark)
    case mapping([YAMLNode.Pair], pendingKey: YAMLNode?, tag: String?, anchor: String?, mark: YAMLMark)
  }

  let maxDepth: Int
  private(set) var documents: [YAMLNode?] = []
  /// Problems that do not stop composition (duplicate keys).
  private(set) var problems: [Problem] = []
  private var stack: [Frame] = []
  private var anchors: [String: YAMLNode] = [:]
  private var root: YAMLNode?

  init(maxDepth: Int) { self.maxDepth = maxDepth }

  /// Composes every document of `bytes`; a syntax error or a broken limit throws.
  static func compose(_ bytes: [UInt8], maxDepth: Int) throws(YAMLError) -> YAMLComposer {
    var composer = YAMLComposer(maxDepth: maxDepth)
    try YAMLParser.parse(bytes) { (event, mark) throws(YAMLError) in try composer.handle(event, at: mark) }
    return composer
  }

  mutating func handle(_ event: YAMLEvent, at mark: YAMLMark) throws(YAMLError) {
    switch event {
    case .documentStart:
      anchors = [:]
      root = nil
    case .documentEnd:
      documents.append(root)
    case .scalar(let value, let style, let tag, let anchor):
      add(YAMLNode(.scalar(value, style), tag: tag, mark: mark), anchor: anchor)
    case .alias(let anchor):
      guard let node = anchors[anchor] else {
        throw YAMLError(message: "unknown alias '*\(anchor)'", mark: mark)
      }
      add(node, anchor: nil)
    case .sequenceStart(let tag, let anchor):
      try push(.sequence([], tag: tag, anchor: anchor, mark: mark), at: mark)
    case .mappingStart(let tag, let anchor):
      try push(.mapping([], pendingKey: nil, tag: tag, anchor: anchor, mark: mark), at: mark)
    case .sequenceEnd:
      guard case .sequence(let items, let tag, let anchor, let start)? = stack.popLast() else { return }
      add(YAMLNode(.sequence(items), tag: tag, mark: start), anchor: anchor)
    case .mappingEnd:
      guard case .mapping(let pairs, _, let tag, let anchor, let start)? = stack.popLast() else { return }
      checkDuplicateKeys(pairs)
      add(YAMLNode(.mapping(pairs), tag: tag, mark: start), anchor: anchor)
    }
  }

  private mutating func push(_ frame: Frame, at mark: YAMLMark) throws(YAMLError) {
    if stack.count >= maxDepth {
      throw YAMLError(message: "nesting deeper than \(maxDepth) levels", mark: mark)
    }
    stack.append(frame)
  }

  private mutating func add(_ node: YAMLNode, anchor: String?) {
    if let anchor { anchors[anchor] = node }
    switch stack.popLast() {
    case nil:
      root = node
    case .sequence(var items, let tag, let anchor, let mark):
      items.append(node)
      stack.append(.sequence(items, tag: tag, anchor: anchor, mark: mark))
    case .mapping(var pairs, let pendingKey, let tag, let anchor, let mark):
      if let key = pendingKey {
        pairs.append(YAMLNode.Pair(key: key, value: node))
        stack.append(.mapping(pairs, pendingKey: nil, tag: tag, anchor: anchor, mark: mark))
      } else {
        stack.append(.mapping(pairs, pendingKey: node, tag: tag, anchor: anchor, mark: mark))
      }
    }
  }

  private mutating func checkDuplicateKeys(_ pairs: [YAMLNode.Pair]) {
    guard pairs.count > 1 else { return }
    // Most maps (a style's properties) are small: comparing every pair costs
    // less than hashing every key.
    if pairs.count <= 12 {
      for index in 1..<pairs.count {
        guard let key = pairs[index].key.scalarText, key != "<<" else { continue }
        if let earlier = pairs[..<index].first(where: { $0.key.scalarText == key }) {
          reportDuplicate(key, at: pairs[index].key.mark, first: earlier.key.mark)
        }
      }
      return
    }
    var first: [String: YAMLMark] = [:]
    for pair in pairs {
      guard let key = pair.key.scalarText, key != "<<" else { continue }
      if let earlier = first[key] {
        reportDuplicate(key, at: pair.key.mark, first: earlier)
      } else {
        first[key] = pair.key.mark
      }
    }
  }

  private mutating func reportDuplicate(_ key: String, at mark: YAMLMark, first: YAMLMark) {
    problems.append(
      Problem(message: "duplicate key '\(key)' (first defined at \(first.line):\(first.column))", mark: mark))
  }
}
