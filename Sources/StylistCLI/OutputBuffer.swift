import Stylist

/// Buffered writes to a file descriptor (stdout by default), flushed when
/// large, on request and by the owner at the end.
struct OutputBuffer {
  private var bytes: [UInt8] = []
  private let descriptor: Int32
  private let limit = 1 << 16

  init(descriptor: Int32 = SystemCalls.standardOutput) {
    self.descriptor = descriptor
    bytes.reserveCapacity(limit)
  }

  mutating func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
    if bytes.count >= limit { flush() }
  }

  /// Appends `bytes`; as many as the buffer holds go out at once, after
  /// what is buffered, without being copied.
  mutating func append(_ bytes: [UInt8]) {
    guard bytes.count < limit else {
      flush()
      return SystemCalls.writeAll(bytes, to: descriptor)
    }
    self.bytes.append(contentsOf: bytes)
    if self.bytes.count >= limit { flush() }
  }

  mutating func append(_ byte: UInt8) { bytes.append(byte) }

  /// Appends `value`'s JSON.
  mutating func writeJSON(_ value: PropertyValue) {
    value.writeJSON(to: &bytes)
    if bytes.count >= limit { flush() }
  }

  /// Appends `value`'s JSON and a newline.
  mutating func writeJSONLine(_ value: PropertyValue) {
    writeJSON(value)
    bytes.append(0x0A)
  }

  /// A JSON array with one element a line, each written by `write`.
  mutating func writeJSONArray<Element>(_ elements: [Element], _ write: (inout Self, Element) -> Void) {
    guard !elements.isEmpty else { return self.write("[]\n") }
    self.write("[\n")
    for (index, element) in elements.enumerated() {
      if index > 0 { self.write(",\n") }
      write(&self, element)
    }
    self.write("\n]\n")
  }

  /// A JSON array of values, one a line.
  mutating func writeJSONArray(_ values: [PropertyValue]) {
    writeJSONArray(values) { $0.writeJSON($1) }
  }

  /// Appends the JSON object of the answer to the node identifier `line`
  /// holds, through `writer`, which renders each distinct answer once;
  /// returns the theme the query ran under.
  mutating func writeAnswer(
    line: ArraySlice<UInt8>, answeredBy engine: StyleEngine, cascade: Bool, with writer: inout AnswerWriter
  ) throws(SyntaxError) -> [String] {
    let themes = try writer.write(line: line, answeredBy: engine, cascade: cascade, to: &bytes)
    if bytes.count >= limit { flush() }
    return themes
  }

  /// Appends `answer`'s JSON object (the shape every command writes for tools).
  mutating func writeAnswer(_ answer: Resolution, node: String) {
    answer.writeJSON(node: node, to: &bytes)
    if bytes.count >= limit { flush() }
  }

  /// Appends `text` as a JSON string.
  mutating func writeJSONString(_ text: String) {
    writeJSON(.string(text))
  }

  mutating func writeLine(_ text: String) {
    write(text)
    bytes.append(0x0A)
  }

  mutating func flush() {
    guard !bytes.isEmpty else { return }
    SystemCalls.writeAll(bytes, to: descriptor)
    bytes.removeAll(keepingCapacity: true)
  }
}
