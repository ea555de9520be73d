extension YAMLComposer {
  /// Composes the bytes of `file` for a loader (of sheets or of trees, one
  /// path for both): a syntax error or a broken limit is reported alone,
  /// else every problem that did not stop composing, each located in
  /// `file`. Nil after a syntax error.
  static func compose(
    _ bytes: [UInt8], file: String, options: LoadOptions, consumer: (any YAMLEntryConsumer)? = nil,
    reportingTo sink: DiagnosticSink
  ) -> YAMLComposer? {
    let composer: YAMLComposer
    do {
      composer = try compose(
        bytes, maxDepth: options.maxNestingDepth, concurrentAbove: options.backgroundParsingThreshold,
        consumer: consumer)
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
    return composer
  }
}
