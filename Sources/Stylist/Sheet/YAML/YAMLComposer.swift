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
    var mark: SourcePosition
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
  // What the tree is made of, filled as events come.
  private var records: [YAMLTree.Record] = []
  private var bytes: [UInt8] = []
  private var children: [YAMLNodeID] = []
  private var tags: [YAMLNodeID: String] = [:]
  private var roots: [YAMLNodeID] = []
  /// Problems that do not stop composition (duplicate keys, misplaced tags).
  private var problems: [Problem] = []
  private var open: [Open] = []
  /// The children of the open collections, innermost last: a collection's
  /// move to `children` when it ends, so each one's are contiguous.
  private var pending: [YAMLNodeID] = []
  private var anchors: [String: YAMLNodeID] = [:]
  /// Every node an anchor names: the only ones an alias can share.
  private(set) var anchored: Set<YAMLNodeID> = []

  private init(maxDepth: Int) { self.maxDepth = maxDepth }

  /// Composes every document of the bytes of `file` for a loader (libyaml
  /// on a second thread for inputs of `LoadOptions.backgroundParsingThreshold`
  /// bytes or more, see `YAMLParser`): a syntax error or a broken limit is
  /// reported alone, else every problem that did not stop composing, each
  /// located in `file`. Nil after a syntax error.
  static func compose(_ bytes: [UInt8], file: String, options: LoadOptions, reportingTo sink: DiagnosticSink)
    -> YAMLTree?
  {
    var composer = YAMLComposer(maxDepth: options.maxNestingDepth)
    do {
      try YAMLParser.parse(bytes, concurrentAbove: options.backgroundParsingThreshold) {
        (event, mark, text) throws(YAMLError) in try composer.handle(event, at: mark, text: text)
      }
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
    return YAMLTree(
      records: composer.records, bytes: composer.bytes, children: composer.children, tags: composer.tags,
      anchored: composer.anchored, roots: composer.roots)
  }

  /// Adds `event`; `text` is a scalar's.
  private mutating func handle(_ event: YAMLEvent, at mark: SourcePosition, text: UnsafeBufferPointer<UInt8>)
    throws(YAMLError)
  {
    switch event {
    case .documentStart:
      anchors = [:]
    case .documentEnd:
      break
    case .scalar(let style, let tag, let anchor):
      checkTag(tag, on: .scalar, at: mark)
      let first = bytes.count
      bytes.append(contentsOf: text)
      try checkSize(bytes.count, at: mark)
      let node = try record(
        .scalar, style: style, tag: tag, at: mark, first: Int32(first), count: Int32(bytes.count - first))
      if let anchor {
        anchors[anchor] = node
        anchored.insert(node)
      }
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
      let first = children.count
      children.append(contentsOf: pending[collection.firstPending...])
      pending.removeSubrange(collection.firstPending...)
      records[index].first = Int32(first)
      records[index].count = Int32(children.count - first)
      if records[index].kind == .map {
        records[index].keysAreUnique = checkDuplicateKeys(first..<children.count)
      }
      // Anchored once complete: an alias inside its own anchor is unknown,
      // so no node contains itself.
      if let anchor = collection.anchor {
        anchors[anchor] = collection.node
        anchored.insert(collection.node)
      }
      try add(collection.node, at: mark)
    }
  }

  private mutating func record(
    _ kind: YAMLNode.Kind, style: YAMLScalarStyle = .plain, tag: String?, at mark: SourcePosition, first: Int32 = 0,
    count: Int32 = 0
  ) throws(YAMLError) -> YAMLNodeID {
    try checkSize(records.count, at: mark)
    let node = YAMLNodeID(index: Int32(records.count))
    records.append(
      YAMLTree.Record(
        mark: mark, first: first, count: count, kind: kind, style: style, keysAreUnique: false, isTagged: tag != nil))
    if let tag { tags[node] = tag }
    return node
  }

  private mutating func push(_ kind: YAMLNode.Kind, tag: String?, anchor: String?, at mark: SourcePosition)
    throws(YAMLError)
  {
    if open.count >= maxDepth {
      throw YAMLError(message: "nesting deeper than \(maxDepth) levels", mark: mark, kind: .limitExceeded)
    }
    let node = try record(kind, tag: tag, at: mark)
    open.append(Open(node: node, firstPending: pending.count, anchor: anchor))
  }

  /// Node ids and positions are 32-bit: a file that needs more fails.
  private func checkSize(_ count: Int, at mark: SourcePosition) throws(YAMLError) {
    guard count < YAMLTree.maxCount else {
      throw YAMLError(
        message: "YAML too large: more than \(YAMLTree.maxCount) nodes or bytes", mark: mark, kind: .limitExceeded)
    }
  }

  private mutating func add(_ node: YAMLNodeID, at mark: SourcePosition) throws(YAMLError) {
    try checkSize(children.count + pending.count, at: mark)
    if open.isEmpty {
      roots.append(node)
    } else {
      pending.append(node)
    }
  }

  /// The text of the scalar `node`; nil for a collection.
  private func scalarText(_ node: YAMLNodeID) -> String? {
    let record = records[Int(node.index)]
    guard record.kind == .scalar else { return nil }
    return bytes.withUnsafeBufferPointer {
      String(
        decoding: UnsafeBufferPointer(rebasing: $0[Int(record.first)..<Int(record.first + record.count)]), as: UTF8.self
      )
    }
  }

  /// Whether `node` is a scalar `<<`, which merges and is never a repeated key.
  private func isMergeKeyText(_ node: YAMLNodeID) -> Bool {
    let record = records[Int(node.index)]
    let first = Int(record.first)
    return record.kind == .scalar && record.count == 2 && bytes[first] == 0x3C && bytes[first + 1] == 0x3C
  }

  /// Whether two nodes are scalars of one text: the same bytes, or for
  /// non-ASCII texts canonically equivalent strings (as `String` compares them).
  private func sameText(_ one: YAMLNodeID, _ other: YAMLNodeID) -> Bool {
    let (a, b) = (records[Int(one.index)], records[Int(other.index)])
    guard a.kind == .scalar, b.kind == .scalar else { return false }
    return bytes.withUnsafeBufferPointer { all in
      let first = UnsafeBufferPointer(rebasing: all[Int(a.first)..<Int(a.first + a.count)])
      let second = UnsafeBufferPointer(rebasing: all[Int(b.first)..<Int(b.first + b.count)])
      if first.elementsEqual(second) { return true }
      guard first.contains(where: { $0 >= 0x80 }) || second.contains(where: { $0 >= 0x80 }) else { return false }
      return String(decoding: first, as: UTF8.self) == String(decoding: second, as: UTF8.self)
    }
  }

  /// Reports keys written twice in the mapping whose keys and values are
  /// `range` of `children`. True when there were none.
  private mutating func checkDuplicateKeys(_ range: Range<Int>) -> Bool {
    let count = range.count / 2
    guard count > 1 else { return true }
    func key(_ index: Int) -> YAMLNodeID { children[range.lowerBound + 2 * index] }
    let reported = problems.count
    func mark(_ key: YAMLNodeID) -> SourcePosition { records[Int(key.index)].mark }
    // Most maps (a style's properties) are small: comparing every pair costs
    // less than hashing every key.
    if count <= 12 {
      for index in 1..<count where !isMergeKeyText(key(index)) {
        if let earlier = (0..<index).first(where: { sameText(key($0), key(index)) }) {
          reportDuplicate(scalarText(key(index))!, at: mark(key(index)), first: mark(key(earlier)))
        }
      }
      return problems.count == reported
    }
    // Keys compare as strings do, by canonical equivalence.
    var seen: [String: SourcePosition] = [:]
    seen.reserveCapacity(count)
    for index in 0..<count {
      guard let text = scalarText(key(index)), text != "<<" else { continue }
      if let first = seen[text] {
        reportDuplicate(text, at: mark(key(index)), first: first)
      } else {
        seen[text] = mark(key(index))
      }
    }
    return problems.count == reported
  }

  /// Reports a core schema tag on a node of another kind (`!!str` on a
  /// map, `!!map` on a scalar): the tag cannot be honoured, and ignoring
  /// it would load something other than what the sheet says. Other tags
  /// are not checked here (see `CoreSchema.taggedValue`).
  private mutating func checkTag(_ tag: String?, on kind: YAMLNode.Kind, at mark: SourcePosition) {
    guard let tag, let tagged = YAMLTag.kind(of: tag), tagged != kind else { return }
    problems.append(
      Problem(
        message: "the tag '\(YAMLTag.written(tag))' is for \(tagged.plural), not \(kind.name)", mark: mark,
        kind: .invalidValue))
  }

  private mutating func reportDuplicate(_ key: String, at mark: SourcePosition, first: SourcePosition) {
    problems.append(
      Problem(
        message: "duplicate key '\(key)' (first defined at \(first.line):\(first.column))", mark: mark,
        kind: .duplicateKey))
  }
}
