import CYAML

/// The only place that touches libyaml: runs its event parser over bytes
/// and hands each event to `handler` as a Swift value with its start mark.
///
/// Every `yaml_event_t` is deleted right after its handler returns, and the
/// parser is deleted on every path, errors included.
enum YAMLParser {
  static func parse(
    _ bytes: [UInt8], handler: (YAMLEvent, YAMLMark) throws(YAMLError) -> Void
  ) throws(YAMLError) {
    var parser = yaml_parser_t()
    guard yaml_parser_initialize(&parser) != 0 else {
      throw YAMLError(message: "cannot initialise the YAML parser", mark: YAMLMark(line: 1, column: 1))
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
          if event.type == YAML_STREAM_END_EVENT { return }
          do throws(YAMLError) { try deliver(event, to: handler) } catch {
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
    var mark = YAMLMark(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
    if parser.error == YAML_READER_ERROR {
      // Reader errors (bad encoding, control characters) carry a byte offset only.
      mark = self.mark(atOffset: min(Int(parser.problem_offset), bytes.count), in: bytes)
    }
    return YAMLError(message: context.map { "\(problem) \($0)" } ?? problem, mark: mark)
  }

  /// Line and column (in characters, counting UTF-8 lead bytes) of a byte offset.
  private static func mark(atOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> YAMLMark {
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
    return YAMLMark(line: line, column: column)
  }

  private static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    pointer.map { String(cString: $0) }
  }

  /// Hands `event` to `handler` as a `YAMLEvent`; the stream's start and end
  /// have none. (Not a function returning an optional event: destroying
  /// that optional went through generic value witnesses, a cost per event.)
  private static func deliver(
    _ event: yaml_event_t, to handler: (YAMLEvent, YAMLMark) throws(YAMLError) -> Void
  ) throws(YAMLError) {
    let mark = YAMLMark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
    switch event.type {
    case YAML_DOCUMENT_START_EVENT: try handler(.documentStart, mark)
    case YAML_DOCUMENT_END_EVENT: try handler(.documentEnd, mark)
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
      let style: YAMLScalarStyle =
        switch scalar.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
      try handler(.scalar(value: value, style: style, tag: text(scalar.tag), anchor: text(scalar.anchor)), mark)
    case YAML_SEQUENCE_START_EVENT:
      let start = event.data.sequence_start
      try handler(.sequenceStart(tag: text(start.tag), anchor: text(start.anchor)), mark)
    case YAML_SEQUENCE_END_EVENT: try handler(.sequenceEnd, mark)
    case YAML_MAPPING_START_EVENT:
      let start = event.data.mapping_start
      try handler(.mappingStart(tag: text(start.tag), anchor: text(start.anchor)), mark)
    case YAML_MAPPING_END_EVENT: try handler(.mappingEnd, mark)
    case YAML_ALIAS_EVENT: try handler(.alias(anchor: text(event.data.alias.anchor) ?? ""), mark)
    default: break
    }
  }
}
