/// Events as plain values with their texts in one byte buffer: what the
/// parsing thread sends, so that it creates no Swift objects (strings) that
/// the composing thread would then retain and free.
struct YAMLEventBatch: Sendable {
  enum Kind: UInt8, Sendable {
    case documentStart, documentEnd, scalar, sequenceStart, sequenceEnd, mappingStart, mappingEnd, alias
  }

  /// A range of `bytes`; a negative count is an absent text (no tag, say).
  private struct Text {
    var start: Int32
    var count: Int32

    static let absent = Text(start: 0, count: -1)
  }

  private struct Event {
    var kind: Kind
    var style: YAMLScalarStyle
    var mark: SourcePosition
    var value: Text
    var tag: Text
    var anchor: Text
  }

  private var events: [Event] = []
  private var bytes: [UInt8] = []

  init(capacity: Int) {
    events.reserveCapacity(capacity)
    bytes.reserveCapacity(capacity * 16)
  }

  var count: Int { events.count }

  /// Empties the batch, keeping its buffers.
  mutating func removeAll() {
    events.removeAll(keepingCapacity: true)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Adds an event; the texts are copied.
  mutating func append(
    _ kind: Kind, style: YAMLScalarStyle = .plain, mark: SourcePosition, value: UnsafeBufferPointer<UInt8>? = nil,
    tag: UnsafeBufferPointer<UInt8>? = nil, anchor: UnsafeBufferPointer<UInt8>? = nil
  ) {
    events.append(
      Event(kind: kind, style: style, mark: mark, value: copy(value), tag: copy(tag), anchor: copy(anchor)))
  }

  private mutating func copy(_ text: UnsafeBufferPointer<UInt8>?) -> Text {
    guard let text else { return .absent }
    let start = bytes.count
    bytes.append(contentsOf: text)
    return Text(start: Int32(start), count: Int32(text.count))
  }

  /// Takes an event, its mark and a scalar's text (empty for other events;
  /// valid only during the call).
  typealias Handler = (YAMLEvent, SourcePosition, UnsafeBufferPointer<UInt8>) throws(YAMLError) -> Void

  /// Hands every event to `handler`, in order, as `YAMLEvent`s.
  func deliver(to handler: Handler) throws(YAMLError) {
    try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLError) in
      func bytes(_ text: Text) -> UnsafeBufferPointer<UInt8>? {
        guard text.count >= 0 else { return nil }
        return UnsafeBufferPointer(rebasing: buffer[Int(text.start)..<Int(text.start) + Int(text.count)])
      }
      let empty = UnsafeBufferPointer(rebasing: buffer[0..<0])
      func string(_ text: Text) -> String? {
        bytes(text).map { String(decoding: $0, as: UTF8.self) }
      }
      for event in events {
        let translated: YAMLEvent =
          switch event.kind {
          case .documentStart: .documentStart
          case .documentEnd: .documentEnd
          case .scalar:
            .scalar(style: event.style, tag: string(event.tag), anchor: string(event.anchor))
          case .sequenceStart: .sequenceStart(tag: string(event.tag), anchor: string(event.anchor))
          case .sequenceEnd: .sequenceEnd
          case .mappingStart: .mappingStart(tag: string(event.tag), anchor: string(event.anchor))
          case .mappingEnd: .mappingEnd
          case .alias: .alias(anchor: string(event.anchor) ?? "")
          }
        try handler(translated, event.mark, event.kind == .scalar ? bytes(event.value) ?? empty : empty)
      }
    }
  }
}
