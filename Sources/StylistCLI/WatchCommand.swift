import ArgumentParser
import Dispatch
import Stylist

struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Prints the answers for nodes, then again whenever a sheet or an import changes.",
    discussion: """
      Prints every node's answer at start; after each save to a loaded file
      (including a save by renaming a temporary file over it, as editors do),
      prints the answers that changed. A save that does not load prints its
      errors on stderr and the last good answers stay. Text output marks each
      reload on stderr; JSON output is one object per line, shaped like a `batch`
      line. Sheets named by URL are polled every --interval seconds (default 60):
      only a changed file reloads, and a failed poll is reported once until its
      error changes. The warnings `lint` gives go to stderr at start, and
      after a reload those that are new (--ignore KIND drops a kind, as for
      lint). Runs until interrupted.
      Exit status: 0 on SIGINT or SIGTERM; 2 when the sheets or a node are
      invalid at start.

      Example:
        $ stylist watch -s Fixtures/demo/demo.yaml --format json \\
            home/title @dark/card/background
        {"node":"home/title","selector":"title",…}
        {"node":"@dark/card/background",…}
      """
  )

  @OptionGroup var sheet: SheetOptions

  @OptionGroup var query: AnswerOptions

  @Option(help: ArgumentHelp("Seconds between polls of sheets named by URL.", valueName: "seconds"))
  var interval: Double = 60

  @Option(help: "Drop warnings of this kind, e.g. low-contrast (repeatable).")
  var ignore: [String] = []

  func validate() throws {
    _ = try DiagnosticKind.ignored(ignore)
    guard interval.isFinite, interval > 0 else {
      throw ValidationError("--interval must be a number of seconds above 0.")
    }
    if sheet.sheets.contains("-") {
      throw ValidationError("watch needs sheet files; standard input ('-') cannot be watched.")
    }
  }

  func run() throws {
    let identifiers = try query.nodes.map(parseNodeArgument)
    let engine = StyleEngine(themes: Set(sheet.themes), mode: sheet.mode)
    let printer = AnswerPrinter(
      engine: engine, nodes: Array(zip(query.nodes, identifiers)), cascade: query.cascade, format: query.format)
    let warnings = WarningPrinter(ignoring: try DiagnosticKind.ignored(ignore))
    let watcher: SheetWatcher
    do {
      watcher = try SheetWatcher(
        engine: engine, paths: sheet.sheets, options: sheet.remote.loadOptions(),
        pollInterval: .milliseconds(Int64((interval * 1000).rounded(.up)))
      ) { event in
        switch event {
        case .reloaded(let sheet):
          warnings.printNew(in: sheet)
          printer.printChanges()
        case .failed(let error): Diagnostics.write(error.errors)
        }
      }
    } catch {
      throw loadFailure(error)
    }
    warnings.printNew(in: watcher.sheet)
    try checkThemeOption(sheet.themeOption, in: engine)
    try Diagnostics.checkNodeThemes(of: query.nodes, in: engine, optionThemes: sheet.themes)
    printer.printChanges()
    ExitOnSignals.install { watcher.stop() }
    ExitOnSignals.waitForever()
  }
}

/// Prints `lint`'s warnings about each load that the load before did not
/// have: an edit shows what it brought, not every warning again. Called at
/// start, then on the watcher's thread.
private final class WarningPrinter: @unchecked Sendable {
  private let ignored: Set<DiagnosticKind>
  private let serial = DispatchQueue(label: "stylist.watch.warnings")
  private var printed: Set<String> = []

  init(ignoring ignored: Set<DiagnosticKind>) { self.ignored = ignored }

  func printNew(in sheet: StyleSheet) {
    let warnings = sheet.lintWarnings(ignoring: ignored).filter { !ignored.contains($0.kind) }
    let lines = warnings.map(\.description)
    let new = serial.sync {
      defer { printed = Set(lines) }
      return zip(warnings, lines).filter { !printed.contains($0.1) }.map(\.0)
    }
    if !new.isEmpty { Diagnostics.write(new) }
  }
}

/// Prints the answers that differ from the ones printed before. Called at
/// start and then by the watcher's thread, one call at a time (the lock
/// covers the start racing a first save).
private final class AnswerPrinter: @unchecked Sendable {
  private let engine: StyleEngine
  private let nodes: [(text: String, identifier: NodeIdentifier)]
  private let cascade: Bool
  private let format: TextOrJSON
  private let serial = DispatchQueue(label: "stylist.watch.printer")
  private var printed: [Resolution?]

  init(engine: StyleEngine, nodes: [(String, NodeIdentifier)], cascade: Bool, format: TextOrJSON) {
    (self.engine, self.nodes, self.cascade, self.format) = (engine, nodes, cascade, format)
    printed = Array(repeating: nil, count: nodes.count)
  }

  func printChanges() {
    serial.sync { printChangesInOrder() }
  }

  private func printChangesInOrder() {
    let isFirst = printed.allSatisfy { $0 == nil }
    var output = OutputBuffer()
    var changed = 0
    for (position, node) in nodes.enumerated() {
      let answer = cascade ? engine.cascade(for: node.identifier) : engine.bestMatch(for: node.identifier)
      guard answer != printed[position] else { continue }
      printed[position] = answer
      changed += 1
      switch format {
      case .json: output.writeLine(JSONRenderer().answer(answer, node: node.text))
      case .text: output.write(TextRenderer.standardOutput.answer(answer, node: node.text))
      }
    }
    output.flush()
    if !isFirst && format != .json {
      Diagnostics.writeError("reloaded: \(changed) of \(nodes.count) answers changed\n")
    }
  }
}
