/// Reads a sheet's top-level `styles:` entries while the file is parsed, so
/// that the largest part of a sheet never exists as a tree of nodes.
///
/// Each entry is read as soon as it is complete; flat bodies (the common
/// case) arrive without nodes at all. What the reader reports is held back
/// with the entry's definition and replayed when `SheetReader` reaches the
/// `styles` key, so definitions and diagnostics keep their document order.
final class StyleStream: YAMLEntryConsumer {
  /// What one streamed `styles` mapping read to.
  struct Batch {
    var definitions: [StyleDefinition] = []
    var diagnostics: [SheetDiagnostic] = []
  }

  private let reader: SheetReader
  private let sink: DiagnosticSink
  private var current = Batch()
  /// `<<` entries of the current mapping, merged when it ends.
  private var merges: [YAMLNode.Pair] = []
  private var finished: [ObjectIdentifier: Batch] = [:]

  init(reader: SheetReader, sink: DiagnosticSink) {
    self.reader = reader
    self.sink = sink
  }

  func streams(mappingAt path: [String]) -> Bool {
    path.count == 1 && path[0] == "styles"
  }

  func consume(key: YAMLEntryKey, value: YAMLEntryValue) {
    if key.isMergeKey {
      merges.append(YAMLNode.Pair(key: key.node, value: value.node))
      return
    }
    let (definition, found) = sink.holdingBack {
      switch value {
      case .flat(let flat): reader.readStyle(key: key, flat: flat)
      case .composed(let node): reader.readStyle(key: key, body: node)
      }
    }
    // Moved, not copied: a copy retained and released the rule of every style.
    if let definition = consume definition { current.definitions.append(definition) }
    if !found.isEmpty { current.diagnostics += found }
  }

  func streamEnded(placeholder: YAMLNode, keys: () -> [String]) {
    if !merges.isEmpty { mergeEntries(at: placeholder, writtenKeys: keys()) }
    finished[ObjectIdentifier(placeholder)] = current
    current = Batch()
    merges = []
  }

  /// The batch a placeholder stands for, handed over once.
  func take(_ placeholder: YAMLNode) -> Batch? {
    finished.removeValue(forKey: ObjectIdentifier(placeholder))
  }

  /// Reads merged entries as `ValueEvaluator.mergedPairs` orders them:
  /// before the written ones, minus the keys written (`<<` among them,
  /// which no merged key can be); a broken merge leaves the mapping unread,
  /// as it does for a composed one.
  private func mergeEntries(at placeholder: YAMLNode, writtenKeys: [String]) {
    var merged: [StyleDefinition] = []
    let (complete, found) = sink.holdingBack { () -> Bool in
      let mapping = YAMLNode(.mapping(merges), tag: nil, mark: placeholder.mark)
      guard let pairs = reader.structure.mergedPairs(of: mapping, file: reader.file) else { return false }
      let written = Set(writtenKeys)
      for pair in pairs where !written.contains(pair.key.scalarText ?? "") {
        if let definition = reader.readStyle(key: .composed(pair.key), body: pair.value) {
          merged.append(definition)
        }
      }
      return true
    }
    current =
      complete
      ? Batch(definitions: merged + current.definitions, diagnostics: found + current.diagnostics)
      : Batch(definitions: [], diagnostics: found)
  }
}
