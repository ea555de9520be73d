import ArgumentParser
import Stylist

struct DumpCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dump",
    abstract: "Prints the fully resolved sheet: imports merged, variables substituted, extends flattened.",
    discussion: """
      Groups and themes are expanded into registered selectors; unthemed styles
      show their values under --theme, themed ones under their own theme. The
      YAML is itself a sheet: loaded back, it gives the same answers under that
      theme (a `$` in a value is written `$$`, so it stays text). The JSON, for
      tools, also names the theme.

      Example:
        $ stylist dump -s Fixtures/seed/spec-example.yaml --theme dark --format yaml
      """
  )

  @Option(
    name: [.short, .customLong("sheet")],
    help: "A style sheet, '-' for standard input; repeat to layer sheets in order.")
  var sheets: [String]

  @Option(
    name: .customLong("theme"),
    help: ArgumentHelp(
      "A theme to resolve variables under; repeat it or give a comma list for several axes.", valueName: "theme"))
  var themeArguments: [String] = []

  @OptionGroup var remote: RemoteCommandOptions

  @Option(help: "Output format.")
  var format: SheetFormat = .json

  func validate() throws {
    if sheets.isEmpty { throw ValidationError("Missing expected option '-s/--sheet <sheet>'.") }
    try validateStandardInput(sheets)
    try validateThemes(themeArguments)
  }

  func run() throws {
    let sheet = try loadSheet(sheets, options: remote.loadOptions())
    KeptUntilExit.keep(sheet)
    let option = ThemeOption(themeArguments, named: "--theme")
    let themes = option.themes
    try checkThemeOption(option, in: StyleEngine(sheets: [sheet]))
    var output = OutputBuffer()
    switch format {
    case .json: output.writeJSONLine(sheet.resolvedDump(themes: themes))
    case .yaml: output.write(YAMLRenderer().resolvedSheet(sheet, themes: themes))
    }
    output.flush()
  }
}
