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
      goes on; a line over 1 MiB (its line break not counted) is not
      answered but gives {"node":null,"error":…}.
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

  /// Reads a line, writes its answer: in order, one JSON object a line,
  /// the bytes `match --format json` writes for that node (`AnswerWriter`
  /// answers from the line's bytes and renders each distinct answer once). The output is
  /// flushed whenever the input has no complete line ready, so a tool that
  /// writes a line and waits gets its answer.
  func run() throws {
    let engine = try sheet.load()
    let cascade = cascade
    var output = OutputBuffer()
    var reader = LineReader(descriptor: SystemCalls.standardInput)
    var lineThemes = LineThemes(engine: engine, queryThemes: sheet.themes)
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
        do throws(SyntaxError) {
          let themes = try output.writeAnswer(line: line, answeredBy: engine, cascade: cascade, with: &writer)
          lineThemes.check(themes, line: lineNumber)
          output.append(0x0A)
        } catch {
          output.write(#"{"node":"#)
          output.writeJSONString(String(decoding: line, as: UTF8.self))
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
/// mentions. Most lines run under a list of themes seen before, the same
/// array (the engine works out the usual ones once): such a line costs a
/// comparison or two, not a hash per theme.
struct LineThemes {
  let engine: StyleEngine
  private var checked: Set<String>
  /// Lists whose themes are all in `checked`, the latest first; a few.
  private var checkedLists: [[String]] = []

  init(engine: StyleEngine, queryThemes: [String]) {
    self.engine = engine
    checked = Set(queryThemes)
  }

  mutating func check(_ themes: [String], line: Int) {
    if checkedLists.contains(themes) { return }
    for theme in themes where checked.insert(theme).inserted {
      Diagnostics.warnIfUnknown(theme: theme, in: engine, at: "<stdin>:\(line):2")
    }
    if checkedLists.count == 8 { checkedLists.removeLast() }
    checkedLists.insert(themes, at: 0)
  }
}
