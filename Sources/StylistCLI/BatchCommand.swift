import ArgumentParser
import Stylist

struct BatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch",
    abstract: "Answers one node per input line with one JSON object per output line, for tools.",
    discussion: """
      Reads node identifiers from standard input and writes, in order,
        {"node":…,"selector":…|null,"source":"file:line:col"|null,
         "default":bool,"properties":{…}|null}
      A bad line gives {"node":…,"error":"<stdin>:LINE:COL: …"} and the run
      goes on; a line over 1 MiB is skipped unread and answered
      {"node":null,"error":…}.
      Streams in constant memory; answers are flushed whenever the input has no
      more lines ready, so a tool can write a line and wait for its answer.
      Exit status: 0 whatever the lines hold; 2 only when a sheet fails to load.

      Example:
        $ printf 'home/title\\nbad/*/node\\n' | stylist batch -s Fixtures/demo/demo.yaml
      """
  )

  @OptionGroup var sheet: SheetOptions

  @Flag(help: "Merge the properties of every applicable selector, weakest first.")
  var cascade = false

  func validate() throws {
    if sheet.sheets.contains("-") {
      throw ValidationError("batch reads nodes from standard input; give the sheet as a file, not '-'.")
    }
  }

  /// Reads a line, asks the engine, writes the answer: in order, one JSON
  /// object a line, the bytes `match --format json` writes for that node
  /// (`AnswerWriter` renders each distinct answer once). The output is
  /// flushed whenever the input has no complete line ready, so a tool that
  /// writes a line and waits gets its answer.
  func run() throws {
    let engine = try sheet.load()
    let cascade = cascade
    var output = OutputBuffer()
    var reader = LineReader(descriptor: SystemCalls.standardInput)
    var lineThemes = LineThemes(engine: engine, queryTheme: sheet.theme)
    var writer = AnswerWriter()
    var lineNumber = 0
    while let next = reader.nextLine() {
      switch next {
      case .wouldBlock:
        output.flush()
      case .tooLong(let length):
        lineNumber += 1
        output.write(#"{"node":null,"error":"#)
        output.writeJSONString(
          "<stdin>:\(lineNumber):1: line is \(length) bytes, longer than the \(LineReader.maxLineLength)-byte limit")
        output.writeLine("}")
      case .bytes(let line):
        lineNumber += 1
        let node = String(decoding: line, as: UTF8.self)
        do throws(SyntaxError) {
          let answer = try cascade ? engine.cascade(parsing: node) : engine.bestMatch(parsing: node)
          lineThemes.check(answer.theme, line: lineNumber)
          output.writeAnswer(answer, node: node, with: &writer)
          output.append(0x0A)
        } catch {
          output.write(#"{"node":"#)
          output.writeJSONString(node)
          output.write(#","error":"#)
          output.writeJSONString("<stdin>:\(lineNumber):\(error.column): \(error.message)")
          output.writeLine("}")
        }
      }
    }
    output.flush()
  }
}

/// Warns once per theme that lines name with `@theme` and no loaded sheet
/// mentions. Lines without their own theme cost one comparison.
struct LineThemes {
  let engine: StyleEngine
  let queryTheme: String?
  private var checked: Set<String> = []

  init(engine: StyleEngine, queryTheme: String?) { (self.engine, self.queryTheme) = (engine, queryTheme) }

  mutating func check(_ theme: String?, line: Int) {
    guard let theme, theme != queryTheme, checked.insert(theme).inserted else { return }
    Diagnostics.warnIfUnknown(theme: theme, in: engine, at: "<stdin>:\(line):2")
  }
}

/// Reads lines from a file descriptor in large chunks, in constant memory:
/// a line longer than `maxLineLength` is not kept but skipped to its end and
/// reported as too long.
struct LineReader {
  enum Line {
    /// The line's bytes, without its `\n` (or `\r\n`).
    case bytes(ArraySlice<UInt8>)
    /// A line over the limit, with its length in bytes.
    case tooLong(Int)
    /// No complete line is buffered: the next call waits for input. The
    /// caller's last chance to flush what a tool may be waiting for.
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
        return .bytes(firstLineChecked(buffer[start...]))
      }
      if buffer.count - start > Self.maxLineLength {
        skipped = (skipped ?? 0) + buffer.count - start
        start = buffer.count
      }
      if !mayRead {
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
