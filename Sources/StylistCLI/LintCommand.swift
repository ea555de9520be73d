import ArgumentParser
import Stylist

struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Checks style sheets: every load error, plus warnings.",
    discussion: """
      Each FILE is checked on its own (with its imports). Sheets given with -s
      are checked together, loaded in order exactly as `match -s … -s …` loads
      them, so an overlay that extends or uses its base's styles and variables
      can be checked.
      Warnings end with their kind: duplicate-selector, never-wins,
      unused-variable, empty-component, similar-theme, themed-drops-properties,
      low-contrast (a style's foreground and background colours below the
      sheet's contrast minimum, 4.5 unless `contrast: { minimum: N }`, under
      some set of themes); --ignore KIND drops them
      (repeatable). JSON gives each diagnostic's "kind", and "suggestion" when a
      close name exists.
      Exit status: 0 when there is no error (warnings allowed), 1 when there are
      errors (a missing or unreadable file included); --strict counts warnings
      as errors.

      Example:
        $ stylist lint Fixtures/seed/readme-table.yaml
        Fixtures/seed/readme-table.yaml: ok
        $ stylist lint --strict --ignore unused-variable -s base.yaml -s brand.yaml
      """
  )

  @Option(
    name: [.customShort("s"), .customLong("sheet")],
    help: "A sheet checked together with the other -s sheets, in order (an overlay after its base).")
  var layered: [String] = []

  @Flag(help: "Treat warnings as errors.")
  var strict = false

  @Option(help: "Drop warnings of this kind, e.g. unused-variable (repeatable).")
  var ignore: [String] = []

  @OptionGroup var remote: RemoteCommandOptions

  @Option(help: "Output format.")
  var format: TextOrJSON = .text

  @Argument(help: "Sheets to check, each on its own.")
  var sheets: [String] = []

  func validate() throws {
    if sheets.isEmpty && layered.isEmpty { throw ValidationError("Give at least one sheet.") }
    try validateStandardInput(sheets + layered)
    _ = try DiagnosticKind.ignored(ignore)
  }

  func run() throws {
    let ignored = try DiagnosticKind.ignored(ignore)
    let shown = { (path: String) in path == "-" ? "<stdin>" : path }
    var groups: [(name: String, paths: [String])] = sheets.map { (shown($0), [$0]) }
    if !layered.isEmpty { groups.append((layered.map(shown).joined(separator: " + "), layered)) }
    var failed = false
    var shownDiagnostics: [SheetDiagnostic] = []
    var output = OutputBuffer()
    for (position, group) in groups.enumerated() {
      let checked = StyleSheet.diagnosedSheet(
        group.paths, dashIsStandardInput: true, options: remote.loadOptions(), ignoring: ignored)
      if position == groups.count - 1, let sheet = checked.sheet { KeptUntilExit.keep(sheet) }
      let diagnostics = checked.diagnostics.filter { $0.severity == .error || !ignored.contains($0.kind) }
      if diagnostics.contains(where: { $0.severity == .error || strict }) { failed = true }
      switch format {
      case .json: shownDiagnostics += diagnostics
      case .text: output.write(TextRenderer().diagnostics(diagnostics, of: group.name))
      }
    }
    if format == .json { output.write { JSONRenderer().writeDiagnostics(shownDiagnostics, to: &$0) } }
    output.flush()
    if failed { throw ExitCode(1) }
  }
}

extension DiagnosticKind {
  /// The kinds `--ignore` names; an unknown one is a usage error naming the
  /// closest kind.
  static func ignored(_ names: [String]) throws -> Set<DiagnosticKind> {
    let known = all.map(\.rawValue)
    for name in names where !known.contains(name) {
      let hint = Suggestion.hint(for: name, among: known).text
      throw ValidationError("unknown diagnostic kind '\(name)'\(hint) (see `stylist help lint`)")
    }
    return Set(names.map(DiagnosticKind.init(rawValue:)))
  }
}
