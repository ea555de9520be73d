import Stylist

/// Reads lines from a file descriptor in large chunks, in constant memory:
/// a line longer than `maxLineLength` bytes (its `\n` or `\r\n` not counted) is not
/// answered but skipped to its end and reported as too long, wherever it
/// ends in the buffer.
struct LineReader {
  enum Line {
    /// The line's bytes, without its `\n` (or `\r\n`).
    case bytes(ArraySlice<UInt8>)
    /// A line over the limit, with its length in bytes.
    case tooLong(Int)
    /// No complete line is buffered and no input is ready: the next call
    /// waits for input. The caller's last chance to answer and flush what
    /// a tool may be waiting for.
    case wouldBlock
  }

  static let maxLineLength = 1 << 20
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where the search for the next newline resumes (all before it was searched).
  private var scanned = 0
  /// Bytes of an over-long line dropped so far; nil when not skipping.
  private var skipped: Int?
  /// `.wouldBlock` was returned: the next call reads.
  private var mayRead = false
  /// No line returned yet: the first loses a UTF-8 byte order mark, which
  /// editors on some systems put at the start of a text file.
  private var isFirstLine = true
  private var finished = false
  private let chunk = 1 << 16

  init(descriptor: Int32) { self.descriptor = descriptor }

  /// `line` without a leading byte order mark when it is the first line.
  private mutating func firstLineChecked(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    guard isFirstLine else { return line }
    isFirstLine = false
    return line.starts(with: [0xEF, 0xBB, 0xBF]) ? line.dropFirst(3) : line
  }

  /// The next line without its `\n` (or `\r\n`); nil at the end of input.
  /// When no complete line is buffered, `.wouldBlock` first, then (on the
  /// next call) the line after reading.
  mutating func nextLine() -> Line? {
    while true {
      if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
        defer {
          start = newline + 1
          scanned = start
        }
        if let dropped = skipped {
          skipped = nil
          isFirstLine = false
          return .tooLong(dropped + newline - start)
        }
        var end = newline
        if end > start && buffer[end - 1] == 0x0D { end -= 1 }
        if end - start > Self.maxLineLength {
          isFirstLine = false
          return .tooLong(end - start)
        }
        return .bytes(firstLineChecked(buffer[start..<end]))
      }
      scanned = buffer.count
      if finished {
        guard start < buffer.count || skipped != nil else { return nil }
        defer {
          start = buffer.count
          scanned = start
          skipped = nil
        }
        if let dropped = skipped {
          isFirstLine = false
          return .tooLong(dropped + buffer.count - start)
        }
        if buffer.count - start > Self.maxLineLength {
          isFirstLine = false
          return .tooLong(buffer.count - start)
        }
        return .bytes(firstLineChecked(buffer[start...]))
      }
      if buffer.count - start > Self.maxLineLength {
        skipped = (skipped ?? 0) + buffer.count - start
        start = buffer.count
      }
      // Input already there is read on: a caller answering lines in blocks
      // gets every line that has arrived in one.
      if !mayRead && !SystemCalls.hasInputReady(descriptor) {
        mayRead = true
        return .wouldBlock
      }
      mayRead = false
      buffer.removeSubrange(0..<start)
      start = 0
      scanned = buffer.count
      if SystemCalls.read(descriptor, appendingAtMost: chunk, to: &buffer) <= 0 { finished = true }
    }
  }
}
