/// Reads a design-token or resolver file (JSON, which is YAML) into the
/// source model, for `Tokens/` to give it the DTCG meaning: held to JSON
/// first (`JSONSyntax`), then composed by libyaml like a sheet, so every
/// problem has a line and column, with a scalar's `$` kept as text (token
/// files spell aliases `{a.b}`).
enum TokenFileReader {
  /// The file's top-level object, or nil after reporting why there is none.
  static func read(
    _ bytes: consuming [UInt8], file: String, options: LoadOptions, sink: DiagnosticSink, budget: ExpansionBudget
  ) -> SourceMap? {
    var bytes = bytes
    if let violation = JSONSyntax.check(&bytes) {
      sink.error(violation.message, .invalidJSON, at: violation.position.location(in: file))
      return nil
    }
    guard let tree = YAMLComposer.compose(bytes, file: file, options: options, reportingTo: sink) else { return nil }
    // JSON holds one value, so the tree has one document or, for a file of
    // whitespace alone, none.
    guard let root = tree.documents.first else {
      sink.error(
        "a token file must hold a JSON object, and this one is empty", .wrongType,
        at: SourceLocation(file: file, line: 1, column: 1))
      return nil
    }
    let reader = SourceValueReader(file: file, sink: sink, budget: budget, scalarReferences: .literal)
    guard let value = reader.value(root) else { return nil }
    guard case .map(let map) = value else {
      sink.error(
        "a token file must hold a JSON object, not \(root.kindName)", .wrongType,
        at: root.mark.location(in: file))
      return nil
    }
    return map
  }
}
