import CYAML

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Carries batches of events from the thread running libyaml to the thread
/// composing them, at most `capacity` batches in flight, so memory stays
/// bounded however large the file.
///
/// A pthread mutex and condition (not `Synchronization.Mutex`), for the
/// reason `Locked` gives: ThreadSanitizer sees pthread ordering.
final class YAMLEventPipe: @unchecked Sendable {
  typealias Batch = YAMLEventBatch

  private let capacity: Int
  private var batches: [Batch] = []
  /// Emptied batches the consumer hands back, so that the same few buffers
  /// go round instead of each batch being allocated on one thread and freed
  /// on the other.
  private var spare: [Batch] = []
  private var finished = false
  private var cancelled = false
  private var failure: YAMLError?
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  init(capacity: Int) {
    self.capacity = capacity
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  private func locked<Result>(_ body: () -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  /// Waits, with the mutex held, until `ready` is true.
  private func wait(until ready: () -> Bool) {
    while !ready() { pthread_cond_wait(condition, mutex) }
  }

  /// Producer: queues `batch`, waiting while the pipe is full; false once
  /// the consumer has cancelled (stop parsing).
  func send(_ batch: Batch) -> Bool {
    locked {
      wait { batches.count < capacity || cancelled }
      guard !cancelled else { return false }
      batches.append(batch)
      pthread_cond_broadcast(condition)
      return true
    }
  }

  /// Producer: an empty batch to fill, reused when the consumer gave one back.
  func emptyBatch(capacity: Int) -> Batch {
    locked { spare.popLast() } ?? Batch(capacity: capacity)
  }

  /// Consumer: `batch` is handled and emptied; the producer may fill it again.
  func giveBack(_ batch: Batch) {
    locked { spare.append(batch) }
  }

  /// Producer: no more batches; `failure` is the syntax error that ended parsing.
  func finish(failure: YAMLError?) {
    locked {
      finished = true
      self.failure = failure
      pthread_cond_broadcast(condition)
    }
  }

  /// Consumer: the next batch; nil at the end, or the producer's error once
  /// every batch before it has been received.
  func receive() throws(YAMLError) -> Batch? {
    let (batch, failure) = locked { () -> (Batch?, YAMLError?) in
      wait { !batches.isEmpty || finished }
      guard batches.isEmpty else {
        pthread_cond_broadcast(condition)
        return (batches.removeFirst(), nil)
      }
      return (nil, self.failure)
    }
    if let failure { throw failure }
    return batch
  }

  /// Consumer: stops the producer and waits until it has finished, so
  /// nothing it uses outlives the call.
  func cancelAndWait() {
    locked {
      cancelled = true
      batches.removeAll()
      pthread_cond_broadcast(condition)
      wait { finished }
    }
  }
}

/// Events as plain values with their texts in one byte buffer: what the
/// parsing thread sends, so that it creates no Swift objects (strings) that
/// the composing thread would then retain and free.
struct YAMLEventBatch: Sendable {
  /// A range of `bytes`; a negative count is an absent text (no tag, say).
  private struct Text {
    var start: Int32
    var count: Int32

    static let absent = Text(start: 0, count: -1)
  }

  private struct Event {
    var type: UInt32
    var style: YAMLScalarStyle
    var mark: YAMLMark
    var value = Text.absent
    var tag = Text.absent
    var anchor = Text.absent
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

  mutating func append(_ event: borrowing yaml_event_t) {
    var packed = Event(
      type: event.type.rawValue, style: .plain,
      mark: YAMLMark(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1))
    switch event.type {
    case YAML_SCALAR_EVENT:
      let scalar = event.data.scalar
      packed.style = YAMLParser.style(scalar.style)
      packed.value = copy(scalar.value, count: scalar.length)
      (packed.tag, packed.anchor) = (copy(scalar.tag), copy(scalar.anchor))
    case YAML_SEQUENCE_START_EVENT:
      (packed.tag, packed.anchor) = (copy(event.data.sequence_start.tag), copy(event.data.sequence_start.anchor))
    case YAML_MAPPING_START_EVENT:
      (packed.tag, packed.anchor) = (copy(event.data.mapping_start.tag), copy(event.data.mapping_start.anchor))
    case YAML_ALIAS_EVENT:
      packed.anchor = copy(event.data.alias.anchor)
    default:
      break
    }
    events.append(packed)
  }

  private mutating func copy(_ text: UnsafeMutablePointer<yaml_char_t>?, count: Int? = nil) -> Text {
    guard let text else { return .absent }
    let length = count ?? strlen(UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self))
    let start = bytes.count
    bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: length))
    return Text(start: Int32(start), count: Int32(length))
  }

  /// Hands every event to `handler`, in order, as `YAMLEvent`s.
  func deliver(to handler: (YAMLEvent, YAMLMark) throws(YAMLError) -> Void) throws(YAMLError) {
    try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLError) in
      func string(_ text: Text) -> String? {
        guard text.count >= 0 else { return nil }
        let range = Int(text.start)..<Int(text.start) + Int(text.count)
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
      }
      for event in events {
        let translated: YAMLEvent
        switch yaml_event_type_t(rawValue: event.type) {
        case YAML_DOCUMENT_START_EVENT: translated = .documentStart
        case YAML_DOCUMENT_END_EVENT: translated = .documentEnd
        case YAML_SCALAR_EVENT:
          translated = .scalar(
            value: string(event.value) ?? "", style: event.style, tag: string(event.tag),
            anchor: string(event.anchor))
        case YAML_SEQUENCE_START_EVENT:
          translated = .sequenceStart(tag: string(event.tag), anchor: string(event.anchor))
        case YAML_SEQUENCE_END_EVENT: translated = .sequenceEnd
        case YAML_MAPPING_START_EVENT: translated = .mappingStart(tag: string(event.tag), anchor: string(event.anchor))
        case YAML_MAPPING_END_EVENT: translated = .mappingEnd
        case YAML_ALIAS_EVENT: translated = .alias(anchor: string(event.anchor) ?? "")
        default: continue
        }
        try handler(translated, event.mark)
      }
    }
  }
}
