/// Builds documents of `YAMLNode`s from libyaml's events, without recursion.
///
/// Limits keep hostile input bounded: nesting deeper than `maxDepth` is an
/// error. Duplicate keys in one mapping are reported with both locations, and a
/// core schema tag on a node of another kind (`!!str` on a map) where it stands.
/// With a consumer, the mappings it chooses (a document's root mapping, and
/// mappings inside it) are not composed: their entries go to it one by one,
/// in document order, flat values without nodes where it asks (see
/// `YAMLEntryConsumer`). Everything else is composed.
struct YAMLComposer {
  /// A problem that does not stop composing (a duplicate key, a tag on
  /// the wrong kind of node).
  struct Problem {
    var message: String
    var mark: YAMLMark
    var kind: DiagnosticKind
  }

  private enum Frame {
    case sequence([YAMLNode], tag: String?, anchor: String?, mark: YAMLMark)
    case mapping([YAMLNode.Pair], pendingKey: YAMLNode?, tag: String?, anchor: String?, mark: YAMLMark)
    /// A mapping whose entries go to the consumer (its state is `streams.last`).
    case streamed(mark: YAMLMark)
    /// The value of a streamed entry while it holds only plain scalars (in `flat…`).
    case flat(mark: YAMLMark)
  }

  let maxDepth: Int
  /// Takes the entries of the mappings it chooses; nil composes everything.
  private let consumer: (any YAMLEntryConsumer)?
  private(set) var documents: [YAMLNode?] = []
  /// Problems that do not stop composition (duplicate keys, misplaced tags).
  private(set) var problems: [Problem] = []
  private var stack: [Frame] = []
  private var anchors: [String: YAMLNode] = [:]
  private var root: YAMLNode?
  /// An open streamed mapping.
  private struct Stream {
    /// The keys leading to it from the root mapping.
    var path: [String]
    /// Its keys so far, each checked for a repeat as it comes.
    var keys = KeySet()
    /// The key of the entry being read.
    var pendingKey: YAMLEntryKey?
  }

  // The open streamed mappings and flat value, kept out of their frames so
  // that appending never copies: streamed mappings nest only in streamed
  // ones, and a flat value sits directly in a streamed mapping.
  private var streams: [Stream] = []
  /// The open flat value's entries; empty when none is open (a flat
  /// value's end or `unflatten` empties it).
  private var flatEntries: [YAMLFlatMapping.Entry] = []
  private var flatPendingKey: YAMLScalar?

  init(maxDepth: Int, consumer: (any YAMLEntryConsumer)? = nil) {
    self.maxDepth = maxDepth
    self.consumer = consumer
  }

  /// Composes every document of `bytes`; a syntax error or a broken limit throws.
  /// Inputs of `concurrentAbove` bytes or more are parsed on a second thread (`YAMLParser`).
  static func compose(
    _ bytes: [UInt8], maxDepth: Int, concurrentAbove threshold: Int = .max, consumer: (any YAMLEntryConsumer)? = nil
  ) throws(YAMLError) -> YAMLComposer {
    var composer = YAMLComposer(maxDepth: maxDepth, consumer: consumer)
    try YAMLParser.parse(bytes, concurrentAbove: threshold) { (event, mark) throws(YAMLError) in
      try composer.handle(event, at: mark)
    }
    return composer
  }

  mutating func handle(_ event: YAMLEvent, at mark: YAMLMark) throws(YAMLError) {
    switch stack.last {
    case .flat?:
      if takeFlat(event, at: mark) { return }
      unflatten()
    case .streamed? where streams[streams.count - 1].pendingKey == nil:
      // A plain key of a streamed entry needs no node.
      if case .scalar(let text, let style, nil, nil) = event {
        streams[streams.count - 1].keys.add(text, at: mark)
        streams[streams.count - 1].pendingKey = .scalar(YAMLScalar(text: text, style: style, mark: mark))
        return
      }
    default:
      break
    }
    switch event {
    case .documentStart:
      anchors = [:]
      root = nil
    case .documentEnd:
      documents.append(root)
      consumer?.documentEnded(composedRoot: root)
    case .scalar(let value, let style, let tag, let anchor):
      checkTag(tag, on: .scalar, at: mark)
      add(YAMLNode(.scalar(value, style), tag: tag, mark: mark), anchor: anchor)
    case .alias(let anchor):
      guard let node = anchors[anchor] else {
        throw YAMLError(message: "unknown alias '*\(anchor)'", mark: mark)
      }
      add(node, anchor: nil)
    case .sequenceStart(let tag, let anchor):
      checkTag(tag, on: .list, at: mark)
      try push(.sequence([], tag: tag, anchor: anchor, mark: mark), at: mark)
    case .mappingStart(let tag, let anchor):
      checkTag(tag, on: .map, at: mark)
      try push(mappingFrame(tag: tag, anchor: anchor, at: mark), at: mark)
    case .sequenceEnd:
      guard case .sequence(let items, let tag, let anchor, let start)? = stack.popLast() else { return }
      add(YAMLNode(.sequence(items), tag: tag, mark: start), anchor: anchor)
    case .mappingEnd:
      switch stack.popLast() {
      case .mapping(let pairs, _, let tag, let anchor, let start):
        checkDuplicateKeys(count: pairs.count) { (pairs[$0].key.scalarText, pairs[$0].key.mark) }
        add(YAMLNode(.mapping(pairs), tag: tag, mark: start), anchor: anchor)
      case .streamed(let start):
        let stream = streams.removeLast()
        report(stream.keys.duplicates)
        consumer?.streamEnded(at: stream.path, start: start) { stream.keys.texts }
        // The entry that holds it is complete: the consumer has read it.
        if !streams.isEmpty { streams[streams.count - 1].pendingKey = nil }
      case .sequence, .flat, nil:
        return
      }
    }
  }

  /// A new mapping's frame: streamed where the consumer asks, flat for the
  /// value of a streamed entry where it asks, else composed.
  private mutating func mappingFrame(tag: String?, anchor: String?, at mark: YAMLMark) -> Frame {
    if let consumer, tag == nil, anchor == nil, isOnStreamedKeyPath {
      // A path is built only where the consumer may stream: a style body's
      // would be an array per style.
      if streams.count <= consumer.deepestStream {
        let path = streamedKeyPath
        if consumer.beginsStream(at: path) {
          streams.append(Stream(path: path))
          return .streamed(mark: mark)
        }
      }
      if let stream = streams.last, consumer.flattensValues(inStreamAt: stream.path) {
        flatPendingKey = nil
        return .flat(mark: mark)
      }
    }
    return .mapping([], pendingKey: nil, tag: tag, anchor: anchor, mark: mark)
  }

  /// Whether a mapping starting now is reached from the root mapping
  /// through streamed mappings only, each by a scalar key.
  private var isOnStreamedKeyPath: Bool {
    stack.count == streams.count && streams.allSatisfy { $0.pendingKey?.text != nil }
  }

  /// The keys leading from the root mapping to a mapping starting now
  /// (`[]` for a document's root); only when `isOnStreamedKeyPath`.
  private var streamedKeyPath: [String] { streams.map { $0.pendingKey!.text! } }

  /// Adds a plain scalar to the flat value being read, or hands the value to
  /// the consumer when it ends; false for any other event, which needs nodes.
  private mutating func takeFlat(_ event: YAMLEvent, at mark: YAMLMark) -> Bool {
    switch event {
    case .scalar(let text, let style, nil, nil):
      let scalar = YAMLScalar(text: text, style: style, mark: mark)
      if let key = flatPendingKey {
        flatEntries.append(YAMLFlatMapping.Entry(key: key, value: scalar))
        flatPendingKey = nil
      } else {
        flatPendingKey = scalar
      }
      return true
    case .mappingEnd:
      guard case .flat(let start)? = stack.popLast() else { return false }
      // An array of its own, as long as the body: `flatEntries` keeps its
      // buffer for the next body (handing the buffer on made the next
      // `removeAll(keepingCapacity:)` allocate one as large as the largest
      // body so far, for every body, and template bodies keep theirs). It
      // is emptied here, at once: emptied when the next body started, it
      // allocated a new buffer for every flat body.
      let entries = flatEntries.withUnsafeBufferPointer { Array($0) }
      flatEntries.removeAll(keepingCapacity: true)
      let unique = checkDuplicateKeys(count: entries.count) { (entries[$0].key.text, entries[$0].key.mark) }
      let stream = streams.count - 1
      let key = streams[stream].pendingKey
      streams[stream].pendingKey = nil
      if let consumer, let key {
        consumer.consume(
          key: key, value: .flat(YAMLFlatMapping(entries: entries, mark: start, keysAreUnique: unique)),
          inStreamAt: streams[stream].path)
      }
      return true
    default:
      return false
    }
  }

  /// Turns the flat value being read into an ordinary mapping frame.
  private mutating func unflatten() {
    guard case .flat(let mark)? = stack.popLast() else { return }
    let pairs = YAMLFlatMapping(entries: flatEntries, mark: mark).pairs
    stack.append(.mapping(pairs, pendingKey: flatPendingKey?.node, tag: nil, anchor: nil, mark: mark))
    flatEntries = []
    flatPendingKey = nil
  }

  private mutating func push(_ frame: Frame, at mark: YAMLMark) throws(YAMLError) {
    if stack.count >= maxDepth {
      throw YAMLError(message: "nesting deeper than \(maxDepth) levels", mark: mark, kind: .limitExceeded)
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
    case .streamed(let mark):
      stack.append(.streamed(mark: mark))
      let stream = streams.count - 1
      if let key = streams[stream].pendingKey {
        streams[stream].pendingKey = nil
        consumer?.consume(key: key, value: .composed(node), inStreamAt: streams[stream].path)
      } else {
        if let text = node.scalarText { streams[stream].keys.add(text, at: node.mark) }
        streams[stream].pendingKey = .composed(node)
      }
    case .flat(let mark):
      stack.append(.flat(mark: mark))
      unflatten()
      add(node, anchor: nil)
    }
  }

  /// Reports keys written twice in one mapping; `key(i)` is the i-th key's
  /// text and mark. True when there were none.
  @discardableResult
  private mutating func checkDuplicateKeys(count: Int, key: (Int) -> (text: String?, mark: YAMLMark)) -> Bool {
    guard count > 1 else { return true }
    let reported = problems.count
    // Most maps (a style's properties) are small: comparing every pair costs
    // less than hashing every key.
    if count <= 12 {
      for index in 1..<count {
        let (text, mark) = key(index)
        guard let text, text != "<<" else { continue }
        if let earlier = (0..<index).first(where: { key($0).text == text }) {
          reportDuplicate(text, at: mark, first: key(earlier).mark)
        }
      }
      return problems.count == reported
    }
    var seen = KeySet()
    for index in 0..<count {
      let (text, mark) = key(index)
      if let text { seen.add(text, at: mark) }
    }
    report(seen.duplicates)
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

  private mutating func report(_ duplicates: [KeySet.Duplicate]) {
    for duplicate in duplicates { reportDuplicate(duplicate.text, at: duplicate.mark, first: duplicate.first) }
  }

  private mutating func reportDuplicate(_ key: String, at mark: YAMLMark, first: YAMLMark) {
    problems.append(
      Problem(
        message: "duplicate key '\(key)' (first defined at \(first.line):\(first.column))", mark: mark,
        kind: .duplicateKey))
  }
}
