import ArgumentParser
import Stylist

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct BatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "batch",
    abstract: "Answers one node per input line with one JSON object per output line, for tools.",
    discussion: """
      Reads node identifiers from standard input and writes, in order,
        {"node":…,"selector":…|null,"source":"file:line:col"|null,"default":bool,"properties":{…}|null}
      A bad line gives {"node":…,"error":"<stdin>:LINE:COL: …"} and the run goes on.
      Streams in constant memory; answers are flushed whenever the input has no more
      lines ready, so a tool can write a line and wait for its answer.
      Exit status: 0 whatever the lines hold; 2 only when a sheet fails to load.

      Example:
        $ printf 'home/title\\nbad/*/node\\n' | stylist batch -s Fixtures/demo/demo.yaml
      """
  )

  @OptionGroup var sheet: SheetOptions

  @Flag(help: "Merge the properties of every applicable selector, weakest first.")
  var cascade = false

  func run() throws {
    let (index, options) = try sheet.load()
    var output = OutputBuffer()
    var lineNumber = 0
    var reader = LineReader(descriptor: STDIN_FILENO)
    var json = ""
    while let line = reader.nextLine(beforeBlocking: { output.flush() }) {
      lineNumber += 1
      json.removeAll(keepingCapacity: true)
      do {
        let node = try NodeIdentifier(parsing: line)
        let answer = cascade ? index.cascade(for: node, options: options) : index.bestMatch(for: node, options: options)
        resolutionValue(answer, node: line).writeJSON(to: &json)
      } catch {
        json += "{\"node\":"
        PropertyValue.writeJSONString(line, to: &json)
        json += ",\"error\":"
        PropertyValue.writeJSONString("<stdin>:\(lineNumber):\(error.column): \(error.message)", to: &json)
        json += "}"
      }
      output.writeLine(json)
    }
    output.flush()
  }
}

/// Reads lines from a file descriptor in large chunks, in constant memory
/// (a line longer than the chunk grows the buffer only as far as it needs).
struct LineReader {
  private let descriptor: Int32
  private var buffer: [UInt8] = []
  private var start = 0
  private var finished = false
  private let chunk = 1 << 16

  init(descriptor: Int32) { self.descriptor = descriptor }

  /// The next line without its `\n` (or `\r\n`); nil at the end of input.
  /// `beforeBlocking` runs when no complete line is buffered, before reading.
  mutating func nextLine(beforeBlocking: () -> Void) -> String? {
    while true {
      if let newline = buffer[start...].firstIndex(of: 0x0A) {
        var end = newline
        if end > start && buffer[end - 1] == 0x0D { end -= 1 }
        let line = String(decoding: buffer[start..<end], as: UTF8.self)
        start = newline + 1
        return line
      }
      if finished {
        guard start < buffer.count else { return nil }
        let line = String(decoding: buffer[start...], as: UTF8.self)
        start = buffer.count
        return line
      }
      beforeBlocking()
      buffer.removeSubrange(0..<start)
      start = 0
      let old = buffer.count
      buffer.reserveCapacity(old + chunk)
      buffer.append(contentsOf: repeatElement(0, count: chunk))
      let count = buffer.withUnsafeMutableBytes { bytes in
        read(descriptor, bytes.baseAddress! + old, chunk)
      }
      if count <= 0 {
        if count < 0 && errno == EINTR {
          buffer.removeLast(chunk)
          continue
        }
        finished = true
        buffer.removeLast(chunk)
      } else {
        buffer.removeLast(chunk - count)
      }
    }
  }
}
