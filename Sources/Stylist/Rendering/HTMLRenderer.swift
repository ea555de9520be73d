/// Writes a ``Preview`` as one self-contained HTML page (`stylist preview`):
/// inline CSS, no script, nothing fetched; a column per theme combination,
/// the tree's groups as nested boxes and each atom as a box with its node,
/// winning selector, `file:line` and properties. Colours are swatches,
/// fonts a text sample, dimensions bars (``PropertySample``); an atom whose
/// answer differs between columns is outlined and says so in words.
///
/// Every text from a sheet or a tree is escaped (`HTMLText`); the CSS in
/// a `style` attribute is made from a sample's parsed numbers and checked
/// names alone.
public struct HTMLRenderer: Sendable {
  /// The widest a dimension's bar is drawn, in CSS pixels (a longer one is cut).
  static let longestBar = 480.0
  /// The font sizes a sample is set in, in CSS pixels.
  static let sampleSizes = 4.0...96.0

  public init() {}

  /// The first lines of every page: what wrote it, so that `preview -o`
  /// replaces only a page of its own.
  public static let pageHeader = "<!DOCTYPE html>\n<!-- Written by `stylist preview`. -->\n"

  /// The page for `preview`, titled `Stylist preview: ` and `name` (the
  /// tree's file name, say).
  public func page(_ preview: Preview, name: String) -> String {
    let title = HTMLText.escaped("Stylist preview: " + name)
    var html =
      Self.pageHeader + """
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
        <title>\(title)</title>
        <style>
        \(Self.styleSheet)
        </style>
        </head>
        <body>
        <h1>\(title)</h1>

        """
    let differing = preview.atoms.filter { $0.agreement == .differs }.count
    html += "<p class=\"summary\">Atoms: \(preview.atoms.count); columns: \(preview.columns.count); "
    html += "answering differently between columns (outlined, marked “differs”): \(differing).</p>\n"
    html += "<main class=\"columns\">\n"
    for (position, column) in preview.columns.enumerated() {
      writeColumn(position, column, of: preview, to: &html)
    }
    html += "</main>\n</body>\n</html>\n"
    return html
  }

  private func writeColumn(_ position: Int, _ column: PreviewColumn, of preview: Preview, to html: inout String) {
    html += "<section class=\"column\">\n<h2>\(HTMLText.escaped(column.title))</h2>\n"
    var openGroups = 0
    var atoms = preview.atoms.makeIterator()
    for item in preview.tree.items {
      while openGroups > item.depth {
        html += "</div>\n"
        openGroups -= 1
      }
      switch item.kind {
      case .group(let component):
        html += "<div class=\"group\"><div class=\"group-name\">\(HTMLText.escaped(component.description))</div>\n"
        openGroups += 1
      case .atom:
        guard let atom = atoms.next() else { continue }
        writeAtom(atom, answer: atom.answers[position], contrast: preview.contrast, to: &html)
      }
    }
    html += String(repeating: "</div>\n", count: openGroups)
    html += "</section>\n"
  }

  /// An atom's answer in one column: its winner and properties, and a
  /// marker for each pair of its colours below the contrast minimum there
  /// (the foreground's row marked too).
  private func writeAtom(
    _ atom: Preview.Atom, answer: Resolution, contrast: ContrastSettings, to html: inout String
  ) {
    let differs = atom.agreement == .differs
    html += differs ? "<div class=\"atom differs\">\n" : "<div class=\"atom\">\n"
    html += "<div class=\"node\">\(HTMLText.escaped(atom.identifier.description))</div>\n"
    if differs { html += "<div class=\"marker\">differs between columns</div>\n" }
    guard let properties = answer.properties else {
      html += "<div class=\"none\">no style</div>\n</div>\n"
      return
    }
    let selector = answer.match?.rule.name ?? "(default)"
    html += "<div class=\"rule\"><span class=\"selector\">\(HTMLText.escaped(selector))</span>"
    if let source = answer.source {
      html += " <span class=\"source\">\(HTMLText.escaped("\(source.file):\(source.line)"))</span>"
    }
    html += "</div>\n"
    let low = contrast.lowPairs(in: properties)
    for pair in low {
      let minimum = ContrastCheck.numberText(contrast.minimum)
      let text =
        "low contrast: \(pair.foreground) on \(pair.background) "
        + "\(ContrastCheck.ratioText(pair.ratio, minimum: contrast.minimum)) (minimum \(minimum):1)"
      html += "<div class=\"marker low-contrast\">\(HTMLText.escaped(text))</div>\n"
    }
    let lowForegrounds = Set(low.map(\.foreground))
    html += "<table class=\"properties\">\n"
    for (key, value) in properties {
      html += lowForegrounds.contains(key) ? "<tr class=\"low-contrast\"><th>" : "<tr><th>"
      html += "\(HTMLText.escaped(key))</th><td>"
      if let sample = PropertySample(key: key, value: value) { writeSample(sample, to: &html) }
      html += "<span class=\"value\">\(HTMLText.escaped(value.text))</span></td></tr>\n"
    }
    html += "</table>\n</div>\n"
  }

  private func writeSample(_ sample: PropertySample, to html: inout String) {
    switch sample {
    case .swatch(let color):
      html += "<span class=\"swatch\" style=\"background-color:\(color.hex)\"></span>"
    case .bar(let dimension):
      let length = min(max(dimension.points(), 0), Self.longestBar)
      html += "<span class=\"bar\" style=\"width:\(HTMLText.cssNumber(length))px\"></span>"
    case .font(let font):
      var css: [String] = []
      if let family = font.family { css.append("font-family:\"\(family)\",sans-serif") }
      if let size = font.size {
        let clamped = min(max(size, Self.sampleSizes.lowerBound), Self.sampleSizes.upperBound)
        css.append("font-size:\(HTMLText.cssNumber(clamped))px")
      }
      if let weight = font.weight { css.append("font-weight:\(weight)") }
      html += "<span class=\"font-sample\" style=\"\(HTMLText.escaped(css.joined(separator: ";")))\">Aa Bb 123</span>"
    }
  }

  /// The page's CSS: columns side by side, groups as dashed boxes, atoms
  /// as solid ones, the atoms that differ outlined in orange.
  static let styleSheet = """
    body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #1d1d1f; background: #fafafa; }
    h1 { font-size: 18px; margin: 0 0 4px; }
    .summary { margin: 0 0 12px; color: #555; }
    .columns { display: flex; gap: 12px; align-items: flex-start; overflow-x: auto; }
    .column { flex: 0 0 340px; background: #fff; border: 1px solid #ccc; border-radius: 6px; padding: 8px; }
    .column h2 { font-size: 15px; margin: 0 0 8px; }
    .group { border: 1px dashed #999; border-radius: 4px; padding: 4px 6px; margin: 6px 0; }
    .group-name { font-weight: 600; color: #444; }
    .atom { border: 1px solid #bbb; border-radius: 4px; padding: 4px 6px; margin: 6px 0; background: #fff; }
    .atom.differs { border: 2px solid #e8790c; }
    .marker { color: #b35900; font-size: 12px; font-weight: 600; }
    .marker.low-contrast { color: #b00020; }
    .properties tr.low-contrast th { color: #b00020; font-weight: 600; }
    .node { font-family: ui-monospace, monospace; font-weight: 600; word-break: break-all; }
    .rule { font-size: 12px; color: #555; }
    .selector { font-family: ui-monospace, monospace; color: #176b2c; }
    .none { color: #b00020; }
    .properties { border-collapse: collapse; font-size: 12px; margin-top: 2px; }
    .properties th { text-align: left; font-weight: normal; color: #666; padding: 1px 8px 1px 0; vertical-align: top; }
    .properties td { padding: 1px 0; word-break: break-all; }
    .swatch { display: inline-block; width: 28px; height: 14px; border: 1px solid #888; vertical-align: middle; margin-right: 6px; }
    .bar { display: inline-block; height: 8px; background: #4a6fd8; vertical-align: middle; margin-right: 6px; }
    .font-sample { display: block; }
    .value { font-family: ui-monospace, monospace; }
    """
}
