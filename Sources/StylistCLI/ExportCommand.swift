import ArgumentParser
import Stylist

struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract:
      "Writes the sheets' variables and tokens as DTCG tokens, CSS, Swift, an asset catalog, Android resources, SCSS, TypeScript or Tailwind.",
    discussion: """
      With no --theme every axis is at its default, and each theme's output holds
      only what it changes: dtcg writes a folder (-o DIR) with a resolver whose
      modifiers are the axes and a token file per theme; css writes :root and one
      [data-theme~="T"] rule per theme; swift writes one file, `Tokens` and
      `TokenThemes`; xcassets writes an asset catalog (-o NAME.xcassets) whose
      colour sets take the dark and high-contrast themes as appearances (name
      others with --dark-theme and --high-contrast-theme); android writes a res
      folder (-o res) with values-night for the dark theme; scss, ts and
      tailwind write one file each. With --theme, the variables under those
      themes alone (dtcg: one resolved token file). Without -o the file goes
      to standard output.
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
    name: .customLong("dark-theme"),
    help: ArgumentHelp(
      "xcassets, android: the theme of the dark appearance (default: dark).", valueName: "theme"))
  var darkTheme: String?

  @Option(
    name: .customLong("high-contrast-theme"),
    help: ArgumentHelp(
      "xcassets: the theme of the high-contrast appearance (default: high-contrast).", valueName: "theme"))
  var highContrastTheme: String?

  @Option(
    name: [.short, .customLong("output")],
    help: ArgumentHelp(
      "The file (or, for xcassets, android and dtcg without --theme, the folder) to write.", valueName: "path"))
  var output: String?

  func validate() throws {
    if sheets.isEmpty { throw ValidationError("Missing expected option '-s/--sheet <sheet>'.") }
    try validateStandardInput(sheets)
    try validateThemes(themeArguments)
    if output == nil, format.writesFolder(selectedThemes: splitThemes(themeArguments)) {
      let what = format == .dtcg ? "--format dtcg without --theme" : "--format \(format.rawValue)"
      throw ValidationError("\(what) writes a folder: give it with -o DIR.")
    }
    // An appearance option a format has no use for would be ignored without a word.
    for (name, value, formats) in [
      ("--dark-theme", darkTheme, [ExportFormat.xcassets, .android]),
      ("--high-contrast-theme", highContrastTheme, [.xcassets]),
    ] {
      guard let value else { continue }
      if value.trimmingCharacters(in: .whitespaces).isEmpty || value.contains(",") {
        throw ValidationError("\(name) '\(value)' must name one theme.")
      }
      if !formats.contains(format) {
        throw ValidationError(
          "\(name) applies to --format \(formats.map(\.rawValue).joined(separator: " and ")) alone.")
      }
    }
  }

  func run() throws {
    let sheet = try loadSheet(sheets, options: remote.loadOptions())
    KeptUntilExit.keep(sheet)
    try exitIfThemesConflict(in: sheet)
    let export: TokenExport
    let appearances: ExportAppearances
    do {
      export = try TokenExport(sheet: sheet, themes: ThemeOption(themeArguments, named: "--theme"))
      appearances = try ExportAppearances(
        dark: ThemeOption(darkTheme.map { [$0] } ?? [], named: "--dark-theme"),
        highContrast: ThemeOption(highContrastTheme.map { [$0] } ?? [], named: "--high-contrast-theme"),
        of: export)
      if let output { try export.write(format, to: output, appearances: appearances) }
    } catch {
      throw loadFailure(error)
    }
    let leftOut = export.leftOut(format)
    if leftOut > 0 {
      let held = format == .xcassets ? "colours" : "colours, dimensions, numbers, booleans and strings"
      Diagnostics.writeError(
        "stylist: \(leftOut) value\(leftOut == 1 ? "" : "s") left out: --format \(format.rawValue) holds \(held) alone\n"
      )
    }
    guard output == nil else { return }
    var buffer = OutputBuffer()
    buffer.write(export.files(format, appearances: appearances)[0].text)
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
