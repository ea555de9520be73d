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
      Lines are answered in blocks on every core (--jobs N sets how many
      threads); the output is byte for byte the same for any number.
      Exit status: 0 whatever the lines hold; 2 only when a sheet fails to load.

      Example:
        $ printf 'home/title\\nbad/*/node\\n' | stylist batch -s Fixtures/demo/demo.yaml
      """
  )

  @OptionGroup var sheet: SheetOptions

  @Flag(help: "Merge the properties of every applicable selector, weakest first.")
  var cascade = false

  @Option(help: "Threads answering lines at once (default: the cores); the output is the same for any number.")
  var jobs: Int?

  func validate() throws {
    if sheet.sheets.contains("-") {
      throw ValidationError("batch reads nodes from standard input; give the sheet as a file, not '-'.")
    }
    if let jobs, jobs < 1 {
      throw ValidationError("--jobs takes a number of threads, 1 or more; got \(jobs).")
    }
  }

  /// Reads lines into a block, answers the block on up to `jobs` workers
  /// (`BatchAnswerer`) and writes the answers in order, one JSON object a
  /// line, the bytes `match --format json` writes for each node. The block
  /// holds the lines that have arrived, `LineBlock.maxLines` at most: it is
  /// answered and the output flushed whenever no more input is ready, so a
  /// tool that writes a line and waits gets its answer.
  func run() throws {
    let engine = try sheet.load()
    var output = OutputBuffer()
    var reader = LineReader(descriptor: SystemCalls.standardInput)
    var block = LineBlock()
    var answerer = BatchAnswerer(
      engine: engine, cascade: cascade, queryThemes: sheet.themes, jobs: jobs ?? Workers<AnswerWriter>.cores)
    func answerBlock() {
      answerer.answer(block, to: &output)
      block.removeAll()
    }
    while let next = reader.nextLine() {
      switch next {
      case .wouldBlock:
        answerBlock()
        output.flush()
      case .tooLong(let length):
        block.appendTooLong(length: length)
      case .bytes(let line):
        block.append(bytes: line)
      }
      if block.isFull { answerBlock() }
    }
    answerBlock()
    output.flush()
  }
}

/// Warns once per theme that lines name with `@theme` and no loaded sheet
/// mentions, at its `@` in the first line naming it (`--theme`'s themes
/// are warned about where they were given). Most lines run under a list of
/// themes seen before, the same array (the engine works out the usual ones
/// once): such a line costs a comparison or two, not a hash per theme.
struct LineThemes {
  let engine: StyleEngine
  private var checked: Set<String>
  /// Lists whose themes are all in `checked`, the latest first; a few.
  private var checkedLists: [[String]] = []

  init(engine: StyleEngine, queryThemes: [String]) {
    self.engine = engine
    checked = Set(queryThemes)
  }

  /// Checks the themes a line ran under; `text` gives the line, read only
  /// when one of them is new.
  mutating func check(_ themes: [String], line: Int, text: () -> String) {
    if checkedLists.contains(themes) { return }
    if !themes.allSatisfy(checked.contains) {
      Diagnostics.write(engine.unknownThemeWarnings(inNode: text(), file: "<stdin>", line: line, skipping: &checked))
      checked.formUnion(themes)
    }
    if checkedLists.count == 8 { checkedLists.removeLast() }
    checkedLists.insert(themes, at: 0)
  }
}
