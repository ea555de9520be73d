/// Writes an export as a Tailwind v4 stylesheet (docs/CLI.md: Exporting
/// tokens): `@theme { … }` holds every leaf under no theme (or the
/// selected themes) as a theme variable in Tailwind's namespace for its
/// type, and each theme (and combination of themes) a rule as `css`
/// writes it, `[data-theme~="dark"] { … }`, with what it changes, under
/// the same names.
struct TailwindRenderer {
  let export: TokenExport

  func file() -> ExportedFile {
    let css = CSSRenderer(export: export)
    let rules = css.rules()
    var names = ExportNames<[String]>(suffixed: { "\($0)\\.\($1)" })
    for rule in rules { for (path, value) in rule.leaves { names.add(path, escaped: name(path, value)) } }
    var text = ExportFormat.tailwind.header
    for rule in rules {
      if rule.themes.isEmpty {
        text += "@theme {\n"
      } else {
        guard !rule.leaves.isEmpty else { continue }
        text += "\n" + rule.themes.map { "[data-theme~=\(CSSRenderer.quoted(CSSRenderer.word($0)))]" }.joined() + " {\n"
      }
      for (path, value) in rule.leaves {
        text += css.declaration(names.name(path), path, value, theme: rule.themes.count == 1 ? rule.themes[0] : nil)
      }
      text += "}\n"
    }
    let name = export.selectedThemes.isEmpty ? "theme" : export.selectedThemes.joined(separator: "-")
    return ExportedFile(path: FileNames.safe(name) + ".css", text: text)
  }

  /// The theme variable of the leaf at `path`, by what its value is (under
  /// no theme where it has one there, so every rule agrees): a colour
  /// `--color-*`; a dimension `--spacing-*` in a `space` or `spacing`
  /// group, `--radius-*` where a name of its path is `radius` or `radii`
  /// (that name left out); a font family (a `fontFamily` token)
  /// `--font-*` (leading `font`, `family` or `fontFamily` groups left out); anything
  /// else `--` and its path. Names joined with `-`, escaped as `css` does.
  private func name(_ path: [String], _ value: PropertyValue) -> String {
    func joined(_ namespace: String, _ rest: [String]) -> String {
      "--" + ([namespace] + rest).map(CSSNames.escaped).joined(separator: "-")
    }
    if StyleColor(value) != nil {
      return joined(
        "color",
        path.first.map { ["color", "colors", "colour"].contains($0.lowercased()) } == true
          ? Array(path.dropFirst()) : path)
    }
    if StyleDimension(value) != nil {
      if let group = path.dropLast().firstIndex(where: { ["space", "spacing"].contains($0.lowercased()) }) {
        return joined("spacing", Array(path[..<group] + path[(group + 1)...]))
      }
      if let group = path.firstIndex(where: { ["radius", "radii"].contains($0.lowercased()) }) {
        return joined("radius", Array(path[..<group] + path[(group + 1)...]))
      }
    }
    if export.token(path.joined(separator: "."), theme: nil)?.type == "fontFamily" {
      var rest = path[...]
      let groups: Set<String> = ["font", "fonts", "family", "families", "fontfamily", "font-family"]
      while rest.count > 1, groups.contains(rest.first!.lowercased()) { rest = rest.dropFirst() }
      return joined("font", Array(rest))
    }
    return "--" + path.map(CSSNames.escaped).joined(separator: "-")
  }
}
