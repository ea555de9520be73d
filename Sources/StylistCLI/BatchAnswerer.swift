import Stylist

/// Answers `batch`'s lines a block at a time on up to `jobs` workers
/// (`Workers`: Dispatch's threads), and writes the answers in input order,
/// byte for byte what one worker writes.
///
/// A block is cut into parts of consecutive lines; a worker answers a part
/// into bytes of its own through its own `AnswerWriter` (each keeps the
/// answers it rendered, on the one snapshot all of them read), and notes the
/// themes the part's lines ran under. Then, on the calling thread, the parts
/// are written in order and their themes checked in line order, so the
/// unknown-theme warnings come once, at the line that first names the
/// theme, whatever worker answered it.
struct BatchAnswerer {
  /// A part's answers, a line each, and the themes where they change.
  private struct AnsweredPart: Sendable {
    var bytes: [UInt8] = []
    /// A line's number and themes, for the part's first answered line and
    /// each later one whose themes differ from the last kept: a line left
    /// out names only themes a line before it named.
    var themes: [(line: Int, themes: [String])] = []
  }

  private let engine: StyleEngine
  private let cascade: Bool
  private var workers: Workers<AnswerWriter>
  private var lineThemes: LineThemes
  /// The bytes a part reserves a line: the last block's mean answer and a
  /// margin, so a part's bytes seldom grow (and copy themselves) on the way.
  private var reservedPerLine = 256

  /// `jobs` workers, or as many as a full block has parts, if fewer.
  init(engine: StyleEngine, cascade: Bool, queryThemes: [String], jobs: Int) {
    self.engine = engine
    self.cascade = cascade
    let usable = LineBlock.maxLines / Workers<AnswerWriter>.minimumPartItems
    workers = Workers(count: min(jobs, usable)) { AnswerWriter() }
    lineThemes = LineThemes(engine: engine, queryThemes: queryThemes)
  }

  /// Answers every line of `block` and appends the answers to `output`.
  mutating func answer(_ block: LineBlock, to output: inout OutputBuffer) {
    let lineCount = block.lines.count
    guard lineCount > 0 else { return }
    // One snapshot for the block: the sheets do not change during a run.
    let snapshot = AnswerWriter.Snapshot(of: engine)
    let (cascade, firstLineNumber) = (cascade, block.firstLineNumber)
    let reservedPerLine = reservedPerLine
    let answered = block.bytes.withUnsafeBufferPointer { bytes in
      block.lines.withUnsafeBufferPointer { lines in
        workers.map(consecutive: lineCount) { writer, range in
          var answered = AnsweredPart()
          answered.bytes.reserveCapacity(range.count * reservedPerLine)
          for index in range {
            Self.answer(
              lines[index], number: firstLineNumber + index, in: bytes, snapshot: snapshot, cascade: cascade,
              writer: &writer, into: &answered)
          }
          return answered
        }
      }
    }
    var written = 0
    for part in answered {
      for (line, themes) in part.themes {
        lineThemes.check(themes, line: line) {
          guard case .bytes(let range) = block.lines[line - firstLineNumber] else { return "" }
          return String(decoding: block.bytes[range], as: UTF8.self)
        }
      }
      output.append(part.bytes)
      written += part.bytes.count
    }
    self.reservedPerLine = written / lineCount + written / lineCount / 4 + 16
  }

  /// Appends the answer to one line, its newline included.
  private static func answer(
    _ line: LineBlock.Line, number: Int, in bytes: UnsafeBufferPointer<UInt8>, snapshot: AnswerWriter.Snapshot,
    cascade: Bool,
    writer: inout AnswerWriter, into answered: inout AnsweredPart
  ) {
    switch line {
    case .tooLong(let length):
      JSONRenderer().writeUnanswered(
        node: nil, at: SourceLocation(file: "<stdin>", line: number, column: 1),
        message: "line is \(length) bytes, longer than the \(LineReader.maxLineLength)-byte limit",
        to: &answered.bytes)
      answered.bytes.append(0x0A)
    case .bytes(let range):
      let text = UnsafeBufferPointer(rebasing: bytes[range])
      do throws(SyntaxError) {
        let themes = try writer.write(utf8: text, on: snapshot, cascade: cascade, to: &answered.bytes)
        answered.bytes.append(0x0A)
        if answered.themes.last?.themes != themes { answered.themes.append((number, themes)) }
      } catch {
        JSONRenderer().writeUnanswered(
          node: String(decoding: text, as: UTF8.self),
          at: SourceLocation(file: "<stdin>", line: number, column: error.column), message: error.message,
          to: &answered.bytes)
        answered.bytes.append(0x0A)
      }
    }
  }
}
