/// Builds a `YAMLTree` from libyaml's events, without recursion: the one
/// way from bytes to nodes, for sheets and tree files alike.
///
/// Limits keep hostile input bounded: nesting deeper than `maxDepth` is an
/// error, and an alias adds an index, never a copy. Duplicate keys in one
/// mapping are reported with both locations, and a core schema tag on a node
/// of another kind (`!!str` on a map) where it stands.
struct YAMLComposer {
  /// A problem that does not stop composing (a duplicate key, a tag on
  /// the wrong kind of node).
  struct Problem {
    var message: String
    var mark: YAMLMark
    var kind: DiagnosticKind
  }

  /// An open collection: its record, where its children start in
  /// `pending`, and the anchor it takes when complete.
  private struct Open {
    var node: YAMLNodeID
    var firstPending: Int
    var anchor: String?
  }

  let maxDepth: Int
  let tree = YAMLTree()
  /// Problems that do not stop composition (duplicate keys, misplaced tags).
  private(set) var problems: [Problem] = []
  private var open: [Open] = []
  /// The children of the open collections, innermost last: a collection's
  /// move to `tree.children` when it ends, so each one's are contiguous.
  private var pending: [YAMLNodeID] = []
  private var anchors: [String: YAMLNodeID] = [:]
  private var tagIndex: [String: Int32] = [:]

  init(maxDepth: Int) { self.maxDepth = maxDepth }

  /// Composes every document of `bytes`; a syntax error or a broken limit throws.
  /// Inputs of `concurrentAbove` bytes or more are parsed on a second thread (`YAMLParser`).
  static func compose(_ bytes: [UInt8], maxDepth: Int, concurrentAbove threshold: Int = .max) throws(YAMLError)
    -> YAMLComposer
  {
    var composer = YAMLComposer(maxDepth: maxDepth)
    try YAMLParser.parse(bytes, concurrentAbove: threshold) { (event, mark) throws(YAMLError) in
      try composer.handle(event, at: mark)
    }
    return composer
  }

  /// Composes the bytes of `file` for a loader: a syntax error or a broken
  /// limit is reported alone, else every problem that did not stop
  /// composing, each located in `file`. Nil after a syntax error.
  static func compose(_ bytes: [UInt8], file: String, options: LoadOptions, reportingTo sink: DiagnosticSink)
    -> YAMLTree?
  {
    let composer: YAMLComposer
    do {
      composer = try compose(
        bytes, maxDepth: options.maxNestingDepth, concurrentAbove: options.backgroundParsingThreshold)
    } catch {
      sink.error(
        error.message, error.kind, at: SourceLocation(file: file, line: error.mark.line, column: error.mark.column))
      return nil
    }
    for problem in composer.problems {
      sink.error(
        problem.message, problem.kind,
        at: SourceLocation(file: file, line: problem.mark.line, column: problem.mark.column))
    }
    return composer.tree
  }

  mutating func handle(_ event: YAMLEvent, at mark: YAMLMark) throws(YAMLError) {
    switch event {
    case .documentStart:
      anchors = [:]
    case .documentEnd:
      break
    case .scalar(let value, let style, let tag, let anchor):
      checkTag(tag, on: .scalar, at: mark)
      let text = Int32(truncatingIfNeeded: tree.texts.count)
      tree.texts.append(value)
      let node = try record(.scalar, style: style, tag: tag, at: mark, first: text)
      if let anchor { anchors[anchor] = node }
      try add(node, at: mark)
    case .alias(let anchor):
      guard let node = anchors[anchor] else {
        throw YAMLError(message: "unknown alias '*\(anchor)'", mark: mark)
      }
      try add(node, at: mark)
    case .sequenceStart(let tag, let anchor):
      checkTag(tag, on: .list, at: mark)
      try push(.list, tag: tag, anchor: anchor, at: mark)
    case .mappingStart(let tag, let anchor):
      checkTag(tag, on: .map, at: mark)
      try push(.map, tag: tag, anchor: anchor, at: mark)
    case .sequenceEnd, .mappingEnd:
      guard let collection = open.popLast() else { return }
      let index = Int(collection.node.index)
      let first = tree.children.count
      tree.children.append(contentsOf: pending[collection.firstPending...])
      pending.removeSubrange(collection.firstPending...)
      tree.records[index].first = Int32(truncatingIfNeeded: first)
      tree.records[index].count = Int32(truncatingIfNeeded: tree.children.count - first)
      if tree.records[index].kind == .map {
        tree.records[index].keysAreUnique = checkDuplicateKeys(first..<tree.children.count)
      }
      // Anchored once complete: an alias inside its own anchor is unknown,
      // so no node contains itself.
      if let anchor = collection.anchor { anchors[anchor] = collection.node }
      try add(collection.node, at: mark)
    }
  }

  private mutating func record(
    _ kind: YAMLNode.Kind, style: YAMLScalarStyle = .plain, tag: String?, at mark: YAMLMark, first: Int32 = 0
  ) throws(YAMLError) -> YAMLNodeID {
    try checkSize(tree.records.count, at: mark)
    var tagIndex: Int32 = -1
    if let tag { tagIndex = index(ofTag: tag) }
    tree.records.append(
      YAMLTree.Record(
        kind: kind, style: style, keysAreUnique: false, tag: tagIndex, mark: mark, first: first, count: 0))
    return YAMLNodeID(index: Int32(tree.records.count - 1))
  }

  private mutating func index(ofTag tag: String) -> Int32 {
    if let known = tagIndex[tag] { return known }
    tree.tags.append(tag)
    tagIndex[tag] = Int32(tree.tags.count - 1)
    return Int32(tree.tags.count - 1)
  }

  private mutating func push(_ kind: YAMLNode.Kind, tag: String?, anchor: String?, at mark: YAMLMark)
    throws(YAMLError)
  {
    if open.count >= maxDepth {
      throw YAMLError(message: "nesting deeper than \(maxDepth) levels", mark: mark, kind: .limitExceeded)
    }
    let node = try record(kind, tag: tag, at: mark)
    open.append(Open(node: node, firstPending: pending.count, anchor: anchor))
  }

  /// Node ids and child positions are 32-bit: a file that needs more fails.
  private func checkSize(_ count: Int, at mark: YAMLMark) throws(YAMLError) {
    guard count < YAMLTree.maxNodes else {
      throw YAMLError(message: "more than \(YAMLTree.maxNodes) YAML nodes", mark: mark, kind: .limitExceeded)
    }
  }

  private mutating func add(_ node: YAMLNodeID, at mark: YAMLMark) throws(YAMLError) {
    try checkSize(tree.children.count + pending.count, at: mark)
    if open.isEmpty {
      tree.roots.append(node)
    } else {
      pending.append(node)
    }
  }

  /// Reports keys written twice in the mapping whose keys and values are
  /// `range` of `tree.children`. True when there were none.
  private mutating func checkDuplicateKeys(_ range: Range<Int>) -> Bool {
    let pairs = YAMLNode.Pairs(tree: tree, range: range)
    guard pairs.count > 1 else { return true }
    let reported = problems.count
    // Most maps (a style's properties) are small: comparing every pair costs
    // less than hashing every key.
    if pairs.count <= 12 {
      for index in 1..<pairs.count {
        let key = pairs[index].key
        guard let text = key.scalarText, text != "<<" else { continue }
        if let earlier = (0..<index).first(where: { pairs[$0].key.scalarText == text }) {
          reportDuplicate(text, at: key.mark, first: pairs[earlier].key.mark)
        }
      }
      return problems.count == reported
    }
    var seen = KeySet()
    for pair in pairs {
      if let text = pair.key.scalarText { seen.add(text, at: pair.key.mark) }
    }
    for duplicate in seen.duplicates { reportDuplicate(duplicate.text, at: duplicate.mark, first: duplicate.first) }
    return problems.count == reported
  }

  /// Reports a core schema tag on a node of another kind (`!!str` on a
  /// map, `!!map` on a scalar): the tag cannot be honoured, and ignoring
  /// it would load something other than what the sheet says. Other tags
  /// are not checked here (see `CoreSchema.taggedValue`).
  private mutating func checkTag(_ tag: String?, on kind: YAMLNode.Kind, at mark: YAMLMark) {
    guard let tag, let tagged = YAMLTag.kind(of: tag), tagged != kind else { return }
    problems.append(
      Problem(
        message: "the tag '\(YAMLTag.written(tag))' is for \(tagged.plural), not \(kind.name)", mark: mark,
        kind: .invalidValue))
  }

  private mutating func reportDuplicate(_ key: String, at mark: YAMLMark, first: YAMLMark) {
    problems.append(
      Problem(
        message: "duplicate key '\(key)' (first defined at \(first.line):\(first.column))", mark: mark,
        kind: .duplicateKey))
  }
}
