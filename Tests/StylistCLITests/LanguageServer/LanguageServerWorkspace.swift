import Foundation

/// A workspace of two sheets and a token file in a folder of its own: `app.yaml` imports
/// `base.yaml` and names `palette.tokens.json`.
struct LanguageServerWorkspace {
  let folder: URL
  var app: URL { folder.appendingPathComponent("app.yaml") }
  var base: URL { folder.appendingPathComponent("base.yaml") }
  var palette: URL { folder.appendingPathComponent("palette.tokens.json") }

  static let baseText = """
    variables:
      brand: "#DB3B3B"
      colors: { text: "#111111" }
    themes:
      dark:
        variables: { colors: { text: "#EEEEEE" } }
    styles:
      title: { color: $colors.text, font: body }

    """

  static let appText = """
    imports: [base.yaml]
    tokens: [palette.tokens.json]
    styles:
      button:
        extends: [title]
        color: $brand
        tint: $color.accent
      "@dark/label": { color: $colors.text }

    """

  static let paletteText = """
    {
      "color": {
        "$type": "color",
        "accent": { "$value": "#3366FF", "$description": "Links and focus" }
      }
    }

    """

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("stylist-lsp-\(getpid())-\(UUID().uuidString)").standardizedFileURL
      .resolvingSymlinksInPath()
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Self.baseText.write(to: base, atomically: true, encoding: .utf8)
    try Self.appText.write(to: app, atomically: true, encoding: .utf8)
    try Self.paletteText.write(to: palette, atomically: true, encoding: .utf8)
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}
