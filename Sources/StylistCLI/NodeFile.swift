import ArgumentParser
import Stylist

/// A file of node identifiers, one a line (`-`: standard input), as
/// `coverage` and `diff` read it: a block of lines at a time, each block
/// handed whole to the library, which answers it on every core.
enum NodeFile {
  /// Reads `path` block by block, hands each block's lines to `handle`
  /// (which returns those that are not node identifiers) and then calls
  /// `afterBlock` with the lines read so far; reports each invalid line,
  /// and each line over the length limit, at its number, and after the
  /// last block exits 2 if there was one.
  static func read(
    _ path: String, afterBlock: (_ linesRead: Int) -> Void = { _ in },
    _ handle: ([NumberedLine], UnsafeBufferPointer<UInt8>) -> [InvalidNodeLine]
  ) throws {
    let name = path == "-" ? "<stdin>" : path
    let descriptor: Int32
    if path == "-" {
      descriptor = SystemCalls.standardInput
    } else {
      switch SystemCalls.openForReading(path) {
      case .success(let opened): descriptor = opened
      case .failure(let failure):
        Diagnostics.error(failure.message, at: "\(path):1:1")
        throw ExitCode(ExitStatus.invalidInput)
      }
    }
    defer { if path != "-" { SystemCalls.close(descriptor) } }
    var reader = LineReader(descriptor: descriptor)
    var block = LineBlock()
    var hasInvalidLine = false
    var linesRead = 0
    func handleBlock() {
      var lines: [NumberedLine] = []
      var invalid: [SheetDiagnostic] = []
      lines.reserveCapacity(block.lines.count)
      for (offset, line) in block.lines.enumerated() {
        let number = block.firstLineNumber + offset
        switch line {
        case .bytes(let range): lines.append(NumberedLine(number: number, bytes: range))
        case .tooLong(let length):
          invalid.append(
            SheetDiagnostic(
              .error, "line is \(length) bytes, longer than the \(LineReader.maxLineLength)-byte limit",
              kind: .invalidNode, at: SourceLocation(file: name, line: number, column: 1)))
        }
      }
      let bad = block.bytes.withUnsafeBufferPointer { handle(lines, $0) }
      invalid += bad.map {
        SyntaxError($0.message, column: $0.column).diagnostic(inNode: $0.node, file: name, line: $0.number)
      }
      Diagnostics.write(invalid.sorted { $0.location.line < $1.location.line })
      hasInvalidLine = hasInvalidLine || !invalid.isEmpty
      linesRead += block.lines.count
      block.removeAll()
      afterBlock(linesRead)
    }
    while let next = reader.nextLine() {
      switch next {
      case .wouldBlock: continue
      case .tooLong(let length): block.appendTooLong(length: length)
      case .bytes(let line): block.append(bytes: line)
      }
      if block.isFull { handleBlock() }
    }
    handleBlock()
    if hasInvalidLine { throw ExitCode(ExitStatus.invalidInput) }
  }
}
