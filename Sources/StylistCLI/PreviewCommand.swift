import ArgumentParser
import Dispatch
import Stylist

struct PreviewCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "preview",
    abstract: "Writes an HTML page of a UI tree's styles, a column per theme combination.",
    discussion: """
      One self-contained page (inline CSS, no script, nothing fetched): a
      column per theme combination, each atom of the tree as a box with its
      node, winning selector, file:line and properties; colours as swatches,
      fonts as a text sample, dimensions as bars; atoms whose answer differs
      between columns are outlined and marked. The columns are no theme and
      each theme the sheets know, or one per --theme (a comma list is one
      column of several themes). With --watch (and -o), the page is written
      again after each save of a sheet, an import or a token file.
      Exit status: 0; 2 for an invalid sheet or tree, or a page that cannot
      be written (the old file then stays as it was); 64 for two themes of
      one axis in a --theme.

      Example:
        $ stylist preview -s Fixtures/demo/demo.yaml --tree Fixtures/demo/tree.yaml \\
            -o preview.html
      """
  )

  @OptionGroup var sheet: SheetOptions

  @Option(help: "The tree file.")
  var tree: String

  @Option(
    name: [.short, .customLong("output")],
    help: "The page's file (written whole, then renamed into place); default: standard output.")
  var output: String?

  @Flag(help: "Write the page again after each save of a sheet, an import or a token file (needs -o).")
  var watch = false

  func validate() throws {
    if watch && output == nil { throw ValidationError("--watch needs -o FILE: the page is written again there.") }
    if watch && sheet.sheets.contains("-") {
      throw ValidationError("--watch needs sheet files; standard input ('-') cannot be watched.")
    }
  }

  func run() throws {
    let styleTree: StyleTree
    do { styleTree = try StyleTree(contentsOf: tree) } catch {
      throw loadFailure(error)
    }
    let engine = StyleEngine(mode: sheet.mode)
    let page = PageWriter(
      engine: engine, tree: styleTree, name: String(tree.split(separator: "/").last ?? Substring(tree)),
      themeArguments: sheet.themeArguments, output: output)
    var watcher: SheetWatcher?
    if watch {
      do {
        watcher = try SheetWatcher(engine: engine, paths: sheet.sheets, options: sheet.remote.loadOptions()) { event in
          switch event {
          case .reloaded: _ = page.write()
          case .failed(let error): Diagnostics.write(error.errors)
          }
        }
      } catch {
        throw loadFailure(error)
      }
    } else {
      engine.replace(with: [try loadSheet(sheet.sheets, options: sheet.remote.loadOptions())])
    }
    KeptUntilExit.keep(engine)
    let columns = page.columns
    if columns.count > PreviewColumn.limit {
      Diagnostics.error(
        "the page would have \(columns.count) columns, more than \(PreviewColumn.limit): name the themes to show with --theme",
        at: "<command line>")
      throw ExitCode(ExitStatus.invalidInput)
    }
    let option = sheet.themeOption
    for position in option.values.indices { try checkThemeOption(option.value(at: position), in: engine) }
    let treeDiagnostics = engine.themeDiagnostics(of: styleTree, file: tree)
    Diagnostics.write(treeDiagnostics)
    if treeDiagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(ExitStatus.invalidInput) }
    guard page.write() else { throw ExitCode(ExitStatus.invalidInput) }
    guard let watcher else { return }
    ExitOnSignals.install { watcher.stop() }
    ExitOnSignals.waitForever()
  }
}

/// Renders the preview from the engine's current snapshot and writes it:
/// at start, then from the watcher's queue after each reload, one write at
/// a time, so the last page written is of the latest snapshot.
private struct PageWriter: Sendable {
  let engine: StyleEngine
  let tree: StyleTree
  let name: String
  let themeArguments: [String]
  let output: String?
  private let serial = DispatchQueue(label: "stylist.preview.writer")

  init(engine: StyleEngine, tree: StyleTree, name: String, themeArguments: [String], output: String?) {
    (self.engine, self.tree, self.name, self.themeArguments, self.output) = (engine, tree, name, themeArguments, output)
  }

  /// One column per `--theme` (a comma list is one column), else the
  /// engine's: no theme and each theme its sheets know.
  var columns: [PreviewColumn] {
    themeArguments.isEmpty
      ? engine.previewColumns : themeArguments.map { PreviewColumn(themes: splitThemes([$0])) }
  }

  /// Writes the page to `output` (whole, or not at all) or to standard
  /// output; false, with the error on stderr, when the file cannot be written.
  func write() -> Bool {
    serial.sync { writeNow() }
  }

  private func writeNow() -> Bool {
    let html = HTMLRenderer().page(engine.preview(tree, columns: columns), name: name)
    guard let output else {
      var buffer = OutputBuffer()
      buffer.write(html)
      buffer.flush()
      return true
    }
    do throws(OutputFiles.Failure) {
      try OutputFiles.writeFile(html, to: output, header: HTMLRenderer.pageHeader)
      return true
    } catch {
      Diagnostics.error(error.message, at: output)
      return false
    }
  }
}
