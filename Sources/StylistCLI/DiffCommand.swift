import ArgumentParser
import Stylist

struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Shows what a change to the sheets changes: for an app's nodes, or in the styles.",
    discussion: """
      Loads the old sheets and the new ones (each list as -s loads it).
      With --nodes (a node file, one identifier a line as batch reads them;
      '-' for standard input) or --tree (a tree file, as resolve reads it):
      every node whose answer changes - its winning selector, whether the
      default style answered, or any resolved property - before and after,
      nodes that change alike grouped. Sources are shown, not compared: a
      style that only moved changes nothing.
      Without them: the styles and variables added and removed, and per set
      of themes (no theme, then each theme the sheets know; or the --theme
      given) the styles whose resolved properties change there and the
      variables (tokens included) whose resolved values do.
      Text marks before with '-' and after with '+' (coloured on a
      terminal); Markdown (for a pull-request comment) is a summary line
      and a table per set of themes, a row per node (or style, or
      variable) with each changed property as 'name: before → after',
      200 rows at most and a line saying how many more; JSON is one
      object, for nodes
        {"nodes":N,"changedNodes":C,"changes":[{"nodes":[…],
         "before":{"selector","source","default","properties"},
         "after":{…}}…]}
      and for sheets
        {"themeSets":[…],"added":[…],"removed":[…],
         "addedVariables":[{"path","source","value"}…],"removedVariables":[…],
         "changed":[{"themes":[…],"styles":[{"selector",
         "before":{"source","properties"},"after":{…}}…],
         "variables":[{"path","before":{"source","value"},"after":{…}}…]}…]}
      On a terminal, a progress line on standard error once a node file
      takes over a second.
      Exit status: 0 when nothing changes, 1 when something does, 2 when a
      sheet, tree or node line is invalid (each reported where it is;
      nothing is printed on standard output).

      Example:
        $ cd Fixtures/diff
        $ stylist diff --old old/app.yaml --new new/app.yaml --nodes nodes.txt
      """
  )

  @Option(parsing: .upToNextOption, help: "The sheets before the change, in load order.")
  var old: [String] = []

  @Option(parsing: .upToNextOption, help: "The sheets after the change, in load order.")
  var new: [String] = []

  @OptionGroup var remote: RemoteCommandOptions

  @Option(help: "A file of node identifiers, one a line ('-' for standard input).")
  var nodes: String?

  @Option(help: "A tree file of groups and atoms (as resolve reads it).")
  var tree: String?

  @Option(
    name: .customLong("theme"),
    help: ArgumentHelp(
      "A current theme on both sides; repeat it or give a comma list for several axes.", valueName: "theme"))
  var themeArguments: [String] = []

  @Option(help: "Output format.")
  var format: DiffFormat = .text

  func validate() throws {
    if old.isEmpty { throw ValidationError("Give the sheets before the change with --old.") }
    if new.isEmpty { throw ValidationError("Give the sheets after the change with --new.") }
    if nodes != nil && tree != nil { throw ValidationError("Give the nodes with at most one of --nodes or --tree.") }
    try validateStandardInput(old + new + [nodes, tree].compactMap { $0 })
    try validateThemes(themeArguments)
  }

  /// Loads both sides (every error of both reported before exit 2),
  /// compares, then renders into a buffer written at the end: an invalid
  /// node line or tree prints errors only.
  func run() throws {
    let themes = splitThemes(themeArguments)
    let (before, after) = try loadBothSides(themes: themes)
    var output = OutputBuffer()
    let changes: Bool
    if tree == nil && nodes == nil {
      let diff = SheetDiff(old: before, new: after)
      switch format {
      case .json: output.write { JSONRenderer().writeSheetDiff(diff, to: &$0) }
      case .text: output.write(TextRenderer.standardOutput.sheetDiff(diff))
      case .markdown: output.write(MarkdownRenderer().sheetDiff(diff))
      }
      changes = diff.hasChanges
    } else {
      let diff =
        if let tree { try diffAtoms(of: tree, before, after) } else { try diffLines(of: nodes ?? "-", before, after) }
      switch format {
      case .json: output.write { JSONRenderer().writeNodeDiff(diff, to: &$0) }
      case .text: output.write(TextRenderer.standardOutput.nodeDiff(diff))
      case .markdown: output.write(MarkdownRenderer().nodeDiff(diff))
      }
      changes = diff.hasChanges
    }
    output.flush()
    if changes { throw ExitCode(ExitStatus.changed) }
  }

  /// Both engines; a side that fails to load is reported after the other
  /// is tried, so one run shows every error. A `--theme` no side mentions
  /// is warned about once; two of one axis on either side are a usage error.
  private func loadBothSides(themes: [String]) throws -> (StyleEngine, StyleEngine) {
    var failure: Error?
    var engines: [StyleEngine] = []
    for sheets in [old, new] {
      do {
        engines.append(try loadEngine(sheets, themes: themes, mode: nil, options: remote.loadOptions()))
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    let option = ThemeOption(themeArguments, named: "--theme")
    var diagnostics: [SheetDiagnostic] = []
    for engine in engines {
      for diagnostic in engine.themeDiagnostics(of: option)
      where diagnostic.severity == .error && !diagnostics.contains(diagnostic) {
        diagnostics.append(diagnostic)
      }
    }
    for given in option.given where engines[0].unknownThemeWarning(given.name, at: given.location) != nil {
      if let warning = engines[1].unknownThemeWarning(given.name, at: given.location) { diagnostics.append(warning) }
    }
    Diagnostics.write(diagnostics)
    if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(ExitStatus.usage) }
    return (engines[0], engines[1])
  }

  /// Compares the node file `path` (`-`: standard input) a block of lines
  /// at a time, with a progress line on a terminal.
  private func diffLines(of path: String, _ before: StyleEngine, _ after: StyleEngine) throws -> NodeDiff {
    var differ = NodeDiffer(old: before, new: after)
    var progress = ProgressLine()
    defer { progress.clear() }
    try NodeFile.read(path, afterBlock: { progress.show("diff: \($0) lines compared") }) {
      differ.compare(lines: $0, in: $1)
    }
    return differ.diff()
  }

  /// Compares the atoms of the tree file `path`, under its themes unless
  /// `--theme` gives some; a tree that does not load, or names two themes
  /// of one axis on either side, exits 2.
  private func diffAtoms(of path: String, _ before: StyleEngine, _ after: StyleEngine) throws -> NodeDiff {
    let styleTree: StyleTree
    do { styleTree = try StyleTree(contentsOf: path) } catch { throw loadFailure(error) }
    var diagnostics = after.themeDiagnostics(of: styleTree, file: path)
    diagnostics += before.themeDiagnostics(of: styleTree, file: path).filter {
      $0.severity == .error && !diagnostics.contains($0)
    }
    Diagnostics.write(diagnostics)
    if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(ExitStatus.invalidInput) }
    var differ = NodeDiffer(old: before, new: after, tree: styleTree)
    differ.compare(styleTree.identifiers)
    return differ.diff()
  }
}

/// A line on standard error that says how far a long run is, rewritten in
/// place: only on a terminal, and only once the run has taken a second.
struct ProgressLine {
  private let isShown = SystemCalls.standardErrorIsTerminal
  private let start = ContinuousClock.now
  private var isWritten = false

  /// Shows `text` in place of the line before, if it is time to.
  mutating func show(_ text: @autoclosure () -> String) {
    guard isShown, ContinuousClock.now - start > .seconds(1) else { return }
    Diagnostics.writeError("\r\u{1B}[K" + text())
    isWritten = true
  }

  /// Clears the line, if one was written.
  mutating func clear() {
    if isWritten { Diagnostics.writeError("\r\u{1B}[K") }
  }
}
