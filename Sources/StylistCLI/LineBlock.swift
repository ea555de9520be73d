/// The lines `batch` has read and not answered yet, copied into one buffer
/// and numbered: what its workers answer at once. The copy leaves the
/// reader free to refill its buffer, and the workers read lines in place
/// (`bytes`) without retaining anything a line.
struct LineBlock {
  enum Line {
    /// The line's bytes in `bytes`, without its `\n`.
    case bytes(Range<Int>)
    /// A line over `LineReader.maxLineLength`, with its length in bytes.
    case tooLong(Int)
  }

  /// A block answers at the latest when it holds this many lines or bytes,
  /// so what waits for an answer (the block and its answers) stays bounded
  /// however short or long the lines.
  static let maxLines = 4096
  static let maxBytes = 1 << 20

  private(set) var bytes: [UInt8] = []
  private(set) var lines: [Line] = []
  /// The number (from 1) of the block's first line in the input.
  private(set) var firstLineNumber = 1

  var isEmpty: Bool { lines.isEmpty }
  var isFull: Bool { lines.count >= Self.maxLines || bytes.count >= Self.maxBytes }

  mutating func append(bytes line: ArraySlice<UInt8>) {
    let start = bytes.count
    bytes.append(contentsOf: line)
    lines.append(.bytes(start..<bytes.count))
  }

  mutating func appendTooLong(length: Int) {
    lines.append(.tooLong(length))
  }

  /// Empties the block: the next line appended is numbered after its last.
  mutating func removeAll() {
    firstLineNumber += lines.count
    bytes.removeAll(keepingCapacity: true)
    lines.removeAll(keepingCapacity: true)
  }
}
