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

  /// Appends what `render` writes: a library renderer's bytes, with no
  /// `String` built on the way.
  mutating func write(rendering render: (inout [UInt8]) -> Void) {
    render(&bytes)
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

extension TextPalette {
  /// Colour only on a terminal, and never with NO_COLOR set.
  static let standardOutput = TextPalette(usesColour: SystemCalls.standardOutputTakesColour)
}

extension TextRenderer {
  /// Text for standard output, coloured when it takes colour.
  static let standardOutput = TextRenderer(palette: .standardOutput)
}
