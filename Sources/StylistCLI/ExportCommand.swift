import ArgumentParser
import Stylist

struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Writes the sheets' variables and tokens as DTCG tokens, CSS custom properties or Swift.",
    discussion: """
      With no --theme every axis is at its default, and each theme's output holds
      only what it changes: dtcg writes a folder (-o DIR) with a resolver whose
      modifiers are the axes and a token file per theme; css writes :root and one
      [data-theme~="T"] rule per theme; swift writes one file, `Tokens` and
      `TokenThemes`. With --theme, the variables under those themes alone (dtcg:
      one resolved token file). Without -o the file goes to standard output.
      Nothing is half-written (each file is written beside its place and renamed),
      and -o never deletes or overwrites a file the export did not write.

      Examples:
        $ stylist export -s Fixtures/tokens/app.yaml --format dtcg -o tokens
        $ stylist export -s Fixtures/tokens/app.yaml --format css --theme dark
      """
  )

  @Option(
    name: [.short, .customLong("sheet")],
    help: "A style sheet, '-' for standard input; repeat to layer sheets in order.")
  var sheets: [String] = []

  @OptionGroup var remote: RemoteCommandOptions

  @Option(help: "Output format.")
  var format: ExportFormat

  @Option(
    name: .customLong("theme"),
    help: ArgumentHelp(
      "Export the variables under this theme; repeat it or give a comma list for several axes.",
      valueName: "theme"))
  var themeArguments: [String] = []

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp("The file (or, for dtcg without --theme, the folder) to write.", valueName: "path"))
  var output: String?

  func validate() throws {
    if sheets.isEmpty { throw ValidationError("Missing expected option '-s/--sheet <sheet>'.") }
    try validateStandardInput(sheets)
    try validateThemes(themeArguments)
    if output == nil, format.writesFolder(selectedThemes: splitThemes(themeArguments)) {
      throw ValidationError("--format dtcg without --theme writes a folder: give it with -o DIR.")
    }
  }

  func run() throws {
    let sheet = try loadSheet(sheets, options: remote.loadOptions())
    KeptUntilExit.keep(sheet)
    try exitIfThemesConflict(in: sheet)
    let export: TokenExport
    do {
      export = try TokenExport(sheet: sheet, themes: ThemeOption(themeArguments, named: "--theme"))
      if let output { return try export.write(format, to: output) }
    } catch {
      throw loadFailure(error)
    }
    var buffer = OutputBuffer()
    buffer.write(export.files(format)[0].text)
    buffer.flush()
  }

  /// Two themes of one axis in `--theme` are a usage error (exit 64), as
  /// for every command; a theme no sheet mentions is the export's error.
  private func exitIfThemesConflict(in sheet: StyleSheet) throws {
    let conflicts = StyleEngine(sheets: [sheet]).themeDiagnostics(of: ThemeOption(themeArguments, named: "--theme"))
      .filter { $0.severity == .error }
    guard conflicts.isEmpty else {
      Diagnostics.write(conflicts)
      throw ExitCode(ExitStatus.usage)
    }
  }
}

extension ExportFormat: ExpressibleByArgument {}
