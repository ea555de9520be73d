/// How a scalar was written; only plain scalars are typed by the core schema.
enum YAMLScalarStyle: Hashable, Sendable {
  case plain, singleQuoted, doubleQuoted, literal, folded
}

/// One event of libyaml's stream, as Swift values (a scalar's text comes
/// beside it, as bytes: `YAMLEventBatch.Handler`).
enum YAMLEvent: Equatable, Sendable {
  case documentStart
  case documentEnd
  case scalar(style: YAMLScalarStyle, tag: String?, anchor: String?)
  case sequenceStart(tag: String?, anchor: String?)
  case sequenceEnd
  case mappingStart(tag: String?, anchor: String?)
  case mappingEnd
  case alias(anchor: String)
}
