import Dispatch

// The one file that imports libyaml: the system library through `CYAML`, or
// where there is none the copy Yams bundles (`Package.swift` decides which).
// Imported internally: the C module stays out of the library's interface,
// so an app never needs its module map.
#if STYLIST_BUNDLED_LIBYAML
  internal import CYaml
#else
  internal import CYAML
#endif

/// The only place that touches libyaml: runs its event parser over bytes
/// and hands each event to `handler` as a Swift value with its start mark
/// and, for a scalar, its text's bytes.
///
/// Events take one form whichever thread runs libyaml: each `yaml_event_t`
/// is packed into a `YAMLEventBatch` and deleted at once, and full batches
/// are handed over in order. The parser is deleted on every path, errors
/// included.
enum YAMLParser {
  private static let batchSize = 8_192

  /// Parses `bytes`, calling `handler` on the caller's thread for each event
  /// in order; a syntax error throws after the events before it.
  ///
  /// Inputs of `threshold` bytes or more are parsed on another thread
  /// (through Dispatch) while the caller's thread composes the events:
  /// libyaml takes some 40 % of a large sheet's load, all of it off the
  /// loading thread. Smaller ones are not worth the hand-over
  /// (`LoadOptions` sets the size).
  static func parse(
    _ bytes: [UInt8], concurrentAbove threshold: Int = .max,
    handler: YAMLEventBatch.Handler
  ) throws(YAMLError) {
    guard bytes.count >= threshold else {
      try parseHere(bytes, handler: handler)
      return
    }
    let pipe = YAMLEventPipe(capacity: 4)
    startProducer(bytes, into: pipe)
    do throws(YAMLError) {
      while var batch = try pipe.receive() {
        try batch.deliver(to: handler)
        batch.removeAll()
        pipe.giveBack(batch)
      }
    } catch {
      pipe.cancelAndWait()
      throw error
    }
  }

  /// `parse` on this thread: the same packed batches as the second thread
  /// sends, each handed to `handler` when full, so events have one
  /// representation whichever thread runs libyaml.
  private static func parseHere(
    _ bytes: [UInt8], handler: YAMLEventBatch.Handler
  ) throws(YAMLError) {
    var batch = YAMLEventBatch(capacity: batchSize)
    /// An error of the handler's own, which stops parsing.
    var stopped: YAMLError?
    do throws(YAMLError) {
      try run(bytes) { (event) throws(YAMLError) in
        pack(event, into: &batch)
        guard batch.count == batchSize else { return .proceed }
        do throws(YAMLError) { try batch.deliver(to: handler) } catch {
          stopped = error
          return .stop
        }
        batch.removeAll()
        return .proceed
      }
    } catch {
      // A syntax error: the events before it are handled first.
      try batch.deliver(to: handler)
      throw error
    }
    if let stopped { throw stopped }
    try batch.deliver(to: handler)
  }

  /// Starts `produce` on a Dispatch queue of its own. Such a queue is
  /// served even when every shared worker is busy, so a load made from
  /// inside a Dispatch job never waits for a producer that cannot start.
  /// The consumer waits for the pipe's end, so `parse` returns only after
  /// the producer is done with `bytes` and the pipe.
  private static func startProducer(_ bytes: [UInt8], into pipe: YAMLEventPipe) {
    let input = ProducerInput(bytes: bytes, pipe: pipe)
    DispatchQueue(label: "Stylist.YAMLParser", qos: .userInitiated).async {
      produce(input.bytes, into: input.pipe)
    }
  }

  /// The producer's work: parse, sending events in packed batches.
  /// It builds no Swift objects, so nothing it allocates is freed by (or
  /// sits in a cache line written by) the other thread: when it made the
  /// events' strings, loads ran half again as long in some processes.
  fileprivate static func produce(_ bytes: [UInt8], into pipe: YAMLEventPipe) {
    var batch = YAMLEventBatch(capacity: batchSize)
    var failure: YAMLError?
    // Unretained (the caller keeps the pipe alive), so parsing does not
    // count references to an object the other thread uses.
    let unretained = Unmanaged.passUnretained(pipe)
    do throws(YAMLError) {
      try run(bytes) { (event) throws(YAMLError) in
        pack(event, into: &batch)
        guard batch.count == batchSize else { return .proceed }
        // The reader stopped (an error of its own): parse no further.
        guard unretained._withUnsafeGuaranteedRef({ $0.send(batch) }) else { return .stop }
        batch = unretained._withUnsafeGuaranteedRef { $0.spare() ?? YAMLEventBatch(capacity: batchSize) }
        return .proceed
      }
    } catch {
      failure = error
    }
    if batch.count > 0 { _ = pipe.send(batch) }
    pipe.finish(failure: failure)
  }

  /// Whether `run` goes on to the next event.
  private enum Step {
    case proceed, stop
  }

  /// Runs libyaml over `bytes` on this thread, handing `body` each event
  /// but the stream's start and end, until the end, a syntax error (thrown),
  /// an error `body` throws, or `body` says stop.
  private static func run(
    _ bytes: [UInt8], _ body: (borrowing yaml_event_t) throws(YAMLError) -> Step
  ) throws(YAMLError) {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) != 0 else {
      throw YAMLError(message: "cannot initialise the YAML parser", mark: SourcePosition(line: 1, column: 1))
    }
    defer { yaml_parser_delete(&parser) }
    var failure: YAMLError?
    bytes.withUnsafeBufferPointer { buffer in
      // An empty buffer may have a nil base address; libyaml needs a pointer.
      let empty: [UInt8] = [0]
      empty.withUnsafeBufferPointer { fallback in
        let start = buffer.baseAddress ?? fallback.baseAddress!
        yaml_parser_set_input_string(&parser, start, buffer.count)
        var event = yaml_event_t()
        while true {
          guard yaml_parser_parse(&parser, &event) != 0 else {
            failure = syntaxError(parser, bytes: buffer)
            return
          }
          defer { yaml_event_delete(&event) }
          switch event.type {
          case YAML_STREAM_END_EVENT: return
          case YAML_STREAM_START_EVENT, YAML_NO_EVENT: continue
          default: break
          }
          do throws(YAMLError) {
            if try body(event) == .stop { return }
          } catch {
            failure = error
            return
          }
        }
      }
    }
    if let failure { throw failure }
  }

  private static func syntaxError(_ parser: yaml_parser_t, bytes: UnsafeBufferPointer<UInt8>) -> YAMLError {
    let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
    let context = parser.context.map { String(cString: $0) }
    var mark = SourcePosition(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
    if parser.error == YAML_READER_ERROR {
      // Reader errors (bad encoding, control characters) carry a byte offset only.
      mark = self.mark(atOffset: min(Int(parser.problem_offset), bytes.count), in: bytes)
    }
    if problem.hasPrefix("Maximum nesting level reached") {
      // The bundled libyaml's own cap (a process-wide setting, 1,000 levels
      // unless an app changes it through Yams); the system libyaml has none
      // and the composer's `LoadOptions.maxNestingDepth` applies. libyaml
      // counts against its look-ahead, so the place is where it stopped.
      return YAMLError(message: "nesting deeper than libyaml allows", mark: mark, kind: .limitExceeded)
    }
    let opened = SourcePosition(line: Int(parser.context_mark.line) + 1, column: Int(parser.context_mark.column) + 1)
    let offset = Int(parser.problem_mark.index)
    let byte = offset < bytes.count ? bytes[offset] : nil
    let message =
      userTerms(problem: problem, context: context, opened: opened, byte: byte)
      ?? context.map { "\(problem) \($0)" } ?? problem
    return YAMLError(message: message, mark: mark)
  }

  /// libyaml's words for the mistakes people make most, in theirs: tabs,
  /// unclosed quotes and brackets (saying where they were opened), a `: `
  /// inside a plain value, a line indented differently. Nil for the rest,
  /// which keep libyaml's message. The location stays libyaml's.
  static func userTerms(problem: String, context: String?, opened: SourcePosition, byte: UInt8?) -> String? {
    let start = "\(opened.line):\(opened.column)"
    switch (problem, context) {
    case ("found character that cannot start any token", _) where byte == UInt8(ascii: "\t"),
      ("found a tab character that violates indentation", _), ("found a tab character that violate indentation", _):
      return "a tab character here: YAML indents with spaces, not tabs"
    case ("found unexpected end of stream", "while scanning a quoted scalar"):
      return "unclosed quote: the string that starts at \(start) has no closing quote"
    case ("did not find expected ',' or ']'", "while parsing a flow sequence"):
      return "unclosed '[': the list that starts at \(start) needs ',' between items and a closing ']'"
    case ("did not find expected ',' or '}'", "while parsing a flow mapping"):
      return "unclosed '{': the map that starts at \(start) needs ',' between entries and a closing '}'"
    case ("mapping values are not allowed in this context", _):
      return "a ': ' inside a value: put the key on a line of its own, or quote the value"
    case ("did not find expected node content", "while parsing a flow node"):
      return "a value is missing here: is a '[' or '{' before it unclosed?"
    case ("did not find expected key", "while parsing a block mapping"):
      return "this line is indented differently from the map it belongs to, which starts at \(start)"
    default:
      return nil
    }
  }

  /// Line and column (in characters, counting UTF-8 lead bytes) of a byte offset.
  private static func mark(atOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SourcePosition {
    var line = 1
    var column = 1
    for byte in bytes[..<offset] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SourcePosition(line: line, column: column)
  }

  /// Copies `event` into `batch`, texts included.
  private static func pack(_ event: borrowing yaml_event_t, into batch: inout YAMLEventBatch) {
    func bytes(_ text: UnsafeMutablePointer<yaml_char_t>?, count: Int? = nil) -> UnsafeBufferPointer<UInt8>? {
      guard let text else { return nil }
      return UnsafeBufferPointer(
        start: text, count: count ?? strlen(UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self)))
    }
    let mark = SourcePosition(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
    switch event.type {
    case YAML_DOCUMENT_START_EVENT: batch.append(.documentStart, mark: mark)
    case YAML_DOCUMENT_END_EVENT: batch.append(.documentEnd, mark: mark)
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      batch.append(
        .scalar, style: style(scalar.style), mark: mark, value: bytes(scalar.value, count: scalar.length),
        tag: bytes(scalar.tag), anchor: bytes(scalar.anchor))
    case YAML_SEQUENCE_START_EVENT:
      let start = event.data.sequence_start
      batch.append(.sequenceStart, mark: mark, tag: bytes(start.tag), anchor: bytes(start.anchor))
    case YAML_SEQUENCE_END_EVENT: batch.append(.sequenceEnd, mark: mark)
    case YAML_MAPPING_START_EVENT:
      let start = event.data.mapping_start
      batch.append(.mappingStart, mark: mark, tag: bytes(start.tag), anchor: bytes(start.anchor))
    case YAML_MAPPING_END_EVENT: batch.append(.mappingEnd, mark: mark)
    case YAML_ALIAS_EVENT: batch.append(.alias, mark: mark, anchor: bytes(event.data.alias.anchor))
    default: break
    }
  }

  private static func style(_ style: yaml_scalar_style_t) -> YAMLScalarStyle {
    switch style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: .literal
    case YAML_FOLDED_SCALAR_STYLE: .folded
    default: .plain
    }
  }
}

/// What the producer needs: the bytes, and the pipe it sends to.
private final class ProducerInput: @unchecked Sendable {
  // Immutable once made; the pipe locks what it shares.
  let bytes: [UInt8]
  let pipe: YAMLEventPipe

  init(bytes: [UInt8], pipe: YAMLEventPipe) {
    self.bytes = bytes
    self.pipe = pipe
  }
}

/// The pipe libyaml's event batches go through, from the producer.
typealias YAMLEventPipe = ThreadPipe<YAMLEventBatch, YAMLError>
