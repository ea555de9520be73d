import ArgumentParser
import Stylist

struct CoverageCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "coverage",
    abstract: "Reports which styles an app's nodes use, and which are dead.",
    discussion: """
      Answers every node of a node file (one identifier a line, as batch
      reads them; '-' for standard input) or every atom of a tree file (as
      resolve reads it), and counts for each style, in load order, the
      answers it won and those it applied in. A style that won nothing is
      unused: never-applies (it applied to no node) or always-beaten (it
      applied and always lost; beatenBy is the selector that beat it most
      often, of several as often the one defined first). The nodes no
      selector applied to are listed once each, in input order.
      --each-theme answers every node under each set of current themes a
      query can have (per axis each of its themes, or none when it has no
      default; --theme fixes its axes), and every answer counts.
      Text lists the unused styles by reason, each line starting with its
      file:line:col, then the default-only nodes and a line of totals.
      JSON is one object:
        {"nodes":N,"answers":A,
         "styles":[{"selector","source","wins","applies"}…],
         "unused":[{"selector","source","reason","beatenBy"}…],
         "defaultOnly":[node…]}
      Exit status: 0 when every style won, 1 when some are unused (a CI
      gate), 2 for an invalid sheet or tree, or an invalid node line (each
      reported at its line; nothing is printed on standard output).

      Example:
        $ cd Fixtures
        $ stylist coverage -s coverage/app.yaml --nodes coverage/nodes.txt
        never applies (3):
        coverage/app.yaml:16:3: footer/link
        coverage/app.yaml:19:3: @compact/label
        coverage/app.yaml:24:7: @dark/title
        always beaten (2):
        coverage/app.yaml:12:3: title  beaten by home/card/title
        coverage/app.yaml:14:3: card/title  beaten by home/card/title
        default only (1):
          nothing/here
        9 styles: 4 used, 5 unused; 7 nodes, 7 answers, 1 default only
      """
  )

  @OptionGroup var sheet: SheetOptions

  @Option(help: "A file of node identifiers, one a line ('-' for standard input).")
  var nodes: String?

  @Option(help: "A tree file of groups and atoms (as resolve reads it).")
  var tree: String?

  @Flag(help: "Answer every node under each set of current themes a query can have.")
  var eachTheme = false

  @Option(help: "Output format.")
  var format: TextOrJSON = .text

  func validate() throws {
    if (nodes == nil) == (tree == nil) {
      throw ValidationError("Give the nodes with exactly one of --nodes or --tree.")
    }
    try validateStandardInput(sheet.sheets + [nodes, tree].compactMap { $0 })
  }

  /// Counts every node, then renders the report into a buffer written at
  /// the end: an invalid node line or tree prints errors only.
  func run() throws {
    let counter = try tree.map(countAtoms(of:)) ?? countLines(of: nodes ?? "-")
    let report = counter.report()
    var output = OutputBuffer()
    switch format {
    case .json: output.write { JSONRenderer().writeUsage(report, to: &$0) }
    case .text: output.write(TextRenderer.standardOutput.usage(report))
    }
    output.flush()
    if !report.everyStyleIsUsed { throw ExitCode(ExitStatus.noStyle) }
  }

  private var themes: UsageThemes { eachTheme ? .eachSet : .current }

  /// Counts the atoms of the tree file `path`, under its themes unless
  /// `--theme` gives some; a tree that does not load, or names two themes
  /// of one axis, exits 2.
  private func countAtoms(of path: String) throws -> UsageCounter {
    let styleTree: StyleTree
    do { styleTree = try StyleTree(contentsOf: path) } catch { throw loadFailure(error) }
    let engine = try sheet.load()
    let themeDiagnostics = engine.themeDiagnostics(of: styleTree, file: path)
    Diagnostics.write(themeDiagnostics)
    if themeDiagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(ExitStatus.invalidInput) }
    let themes = themes
    var counter = try Self.counting { () throws(UsageError) in
      try engine.usageCounter(for: styleTree, themes: themes)
    }
    counter.count(styleTree.identifiers)
    return counter
  }

  /// Counts the node file `path` (`-`: standard input).
  private func countLines(of path: String) throws -> UsageCounter {
    let engine = try sheet.load()
    let themes = themes
    var counter = try Self.counting { () throws(UsageError) in try UsageCounter(engine: engine, themes: themes) }
    try Self.countLines(of: path, with: &counter)
    return counter
  }

  /// `make()`'s counter; too many theme sets is an error at the command line (exit 2).
  private static func counting(_ make: () throws(UsageError) -> UsageCounter) throws -> UsageCounter {
    do throws(UsageError) { return try make() } catch {
      Diagnostics.error("--each-theme: \(error)", at: "<command line>")
      throw ExitCode(ExitStatus.invalidInput)
    }
  }

  /// Counts the node file `path` (`-`: standard input) a block of lines at
  /// a time; reports each invalid line at its number and then exits 2.
  private static func countLines(of path: String, with counter: inout UsageCounter) throws {
    try NodeFile.read(path) { counter.count(lines: $0, in: $1) }
  }
}
