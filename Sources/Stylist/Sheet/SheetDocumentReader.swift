/// Reads one file's documents while libyaml parses it: the one path from
/// events to definitions.
///
/// The composer streams each document's root mapping and its `styles`
/// mapping to this reader (`YAMLEntryConsumer`): a top-level entry is read
/// as soon as its value is complete (composed, as it is small), a `styles`
/// entry as soon as its body is (flat bodies, most of them, without nodes),
/// in document order. A root that is not an untagged, unanchored mapping is
/// composed and read by the same `SheetReader` functions when it ends.
///
/// What a file reports waits for the end of the file (`Document.diagnostics`):
/// a syntax error anywhere means nothing else is reported or loaded, and
/// the composer's own findings (duplicate keys) come first.
final class SheetDocumentReader: YAMLEntryConsumer {
  /// What one document read to.
  struct Document {
    var layer = SheetDefinitions()
    /// What comes before the rest, as a composed document reports it: the
    /// root's merge keys, then `imports`.
    var leadingDiagnostics: [SheetDiagnostic] = []
    var diagnostics: [SheetDiagnostic] = []
    var imports: [(path: String, at: SourceLocation)] = []
  }

  private(set) var documents: [Document] = []
  private let reader: SheetReader
  private let sink: DiagnosticSink
  /// Folder relative imports are joined to (empty, or ending in `/`).
  private let importFolder: String

  // The document being read.
  private var current = Document()
  private var rootStreamed = false
  private var importsRead = false
  /// `<<` entries of the root mapping and of the open `styles` mapping,
  /// merged when it ends.
  private var rootMerges: [YAMLNode.Pair] = []
  private var styleMerges: [YAMLNode.Pair] = []
  /// Where the open `styles` mapping's definitions and diagnostics start.
  private var stylesStart = (definitions: 0, diagnostics: 0)

  init(reader: SheetReader, sink: DiagnosticSink, importFolder: String) {
    (self.reader, self.sink, self.importFolder) = (reader, sink, importFolder)
  }

  private static let styles = ["styles"]

  func beginsStream(at path: [String]) -> Bool {
    if path.isEmpty {
      rootStreamed = true
      return true
    }
    guard path == Self.styles else { return false }
    stylesStart = (current.layer.styles.count, current.diagnostics.count)
    styleMerges = []
    return true
  }

  /// The root, then `styles`.
  var deepestStream: Int { 1 }

  func flattensValues(inStreamAt path: [String]) -> Bool { path == Self.styles }

  func consume(key: YAMLEntryKey, value: YAMLEntryValue, inStreamAt path: [String]) {
    if key.isMergeKey {
      let pair = YAMLNode.Pair(key: key.node, value: value.node)
      if path.isEmpty { rootMerges.append(pair) } else { styleMerges.append(pair) }
      return
    }
    if path.isEmpty {
      readTopLevel(YAMLNode.Pair(key: key.node, value: value.node), into: &current)
      return
    }
    let (definition, found) = sink.holdingBack {
      switch value {
      case .flat(let flat): reader.readStyle(key: key, flat: flat)
      case .composed(let node): reader.readStyle(key: key, body: node)
      }
    }
    // Moved, not copied: a copy retained and released the rule of every style.
    if let definition = consume definition { current.layer.styles.append(definition) }
    if !found.isEmpty { current.diagnostics += found }
  }

  func streamEnded(at path: [String], start: YAMLMark, keys: () -> [String]) {
    if path.isEmpty {
      if !rootMerges.isEmpty { mergeTopLevel(at: start, writtenKeys: keys()) }
    } else if !styleMerges.isEmpty {
      mergeStyles(at: start, writtenKeys: keys())
    }
  }

  func documentEnded(composedRoot root: YAMLNode?) {
    if let root, !rootStreamed {
      var document = Document()
      document.diagnostics =
        sink.holdingBack {
          reader.read(root, into: &document.layer) { path, node in document.imports.append(importing(path, at: node)) }
        }.1
      documents.append(document)
    } else if rootStreamed {
      documents.append(current)
    }
    current = Document()
    (rootStreamed, importsRead, rootMerges, styleMerges) = (false, false, [], [])
  }

  private func importing(_ path: String, at node: YAMLNode) -> (path: String, at: SourceLocation) {
    (
      path.hasPrefix("/") ? path : importFolder + path,
      SourceLocation(file: reader.file, line: node.mark.line, column: node.mark.column)
    )
  }

  /// One top-level entry into `document`; the first `imports` is read
  /// first whatever its place (`SheetReader.read` reads them so).
  private func readTopLevel(_ pair: YAMLNode.Pair, into document: inout Document) {
    if !importsRead && pair.key.scalarText == "imports" {
      importsRead = true
      document.leadingDiagnostics +=
        sink.holdingBack {
          reader.readImports(pair.value) { path, node in document.imports.append(importing(path, at: node)) }
        }.1
    }
    let found = sink.holdingBack { reader.readTopLevel(pair, into: &document.layer) }.1
    if !found.isEmpty { document.diagnostics += found }
  }

  /// The pairs `merges` (a streamed map's `<<` entries) bring in, as
  /// `ValueEvaluator.mergedPairs` orders them, minus the keys the map writes
  /// itself (`<<` among them, which no merged key can be); nil when a merge
  /// is broken. What merging reports is returned beside them.
  private func mergedPairs(_ merges: [YAMLNode.Pair], at start: YAMLMark, writtenKeys: [String])
    -> (pairs: [YAMLNode.Pair]?, found: [SheetDiagnostic])
  {
    let mapping = YAMLNode(.mapping(merges), tag: nil, mark: start)
    let (pairs, found) = sink.holdingBack { reader.structure.mergedPairs(of: mapping, file: reader.file) }
    let written = Set(writtenKeys)
    return (pairs?.filter { !written.contains($0.key.scalarText ?? "") }, found)
  }

  /// Reads the root's merged entries before the written ones. A broken
  /// merge leaves the document unread, as it does for a composed one.
  private func mergeTopLevel(at start: YAMLMark, writtenKeys: [String]) {
    let (pairs, found) = mergedPairs(rootMerges, at: start, writtenKeys: writtenKeys)
    guard let pairs else {
      current = Document(leadingDiagnostics: found)
      return
    }
    var merged = Document(leadingDiagnostics: found)
    for pair in pairs { readTopLevel(pair, into: &merged) }
    // The merged keys and the written ones differ, so the written layer on
    // top of the merged one is what reading them in that order gives.
    merged.layer.append(current.layer)
    merged.leadingDiagnostics += current.leadingDiagnostics
    merged.diagnostics += current.diagnostics
    merged.imports += current.imports
    current = merged
  }

  /// Reads the `styles` map's merged entries before its written ones; a
  /// broken merge leaves the map unread, as it does for a composed one.
  private func mergeStyles(at start: YAMLMark, writtenKeys: [String]) {
    let (pairs, mergeFound) = mergedPairs(styleMerges, at: start, writtenKeys: writtenKeys)
    var definitions: [StyleDefinition] = []
    let found =
      mergeFound
      + sink.holdingBack {
        for pair in pairs ?? [] {
          if let definition = reader.readStyle(key: .composed(pair.key), body: pair.value) {
            definitions.append(definition)
          }
        }
      }.1
    let (firstStyle, firstDiagnostic) = stylesStart
    if pairs != nil {
      current.layer.styles.insert(contentsOf: definitions, at: firstStyle)
    } else {
      current.layer.styles.removeSubrange(firstStyle...)
      current.diagnostics.removeSubrange(firstDiagnostic...)
    }
    current.diagnostics.insert(contentsOf: found, at: firstDiagnostic)
  }
}
