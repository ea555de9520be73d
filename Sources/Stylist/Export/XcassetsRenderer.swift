/// Writes an export as an Xcode asset catalog (docs/CLI.md: Exporting
/// tokens): `Contents.json` at the top, a folder per group that provides
/// a namespace (`Color("color/text/primary")`), and a colour set per
/// colour leaf whose `Contents.json` holds its value under no theme (or
/// the selected themes) as the universal colour, then, each only where it
/// changes what a device would show, its value under the dark theme
/// (`luminosity: dark`), the high-contrast theme (`contrast: high`) and
/// both. Other values are left out: an asset catalog holds no such type.
struct XcassetsRenderer {
  let export: TokenExport
  let appearances: ExportAppearances

  static let info = "  \"info\" : {\n    \"author\" : \"stylist\",\n    \"version\" : 1\n  }"

  func files() -> [ExportedFile] {
    let colors = ExportLeaves.flattened(export.base).compactMap { leaf in
      StyleColor(leaf.value).map { (path: leaf.path, color: $0) }
    }
    let dark = values(under: [appearances.dark])
    let contrast = values(under: [appearances.highContrast])
    let both = dark.isEmpty || contrast.isEmpty ? [:] : values(under: [appearances.dark, appearances.highContrast])
    var groups = ExportNames<[String]>(key: { $0.lowercased() }, suffixed: { "\($0)%-\($1)" })
    var sets = ExportNames<[String]>(key: { $0.lowercased() }, suffixed: { "\($0)%-\($1)" })
    var files = [ExportedFile(path: "Contents.json", text: "{\n" + Self.info + "\n}\n")]
    var written: Set<[String]> = []
    for (path, color) in colors {
      var folder = ""
      for end in path.indices.dropLast() {
        let group = Array(path[...end])
        folder = groups.add(group, escaped: (folder.isEmpty ? "" : folder + "/") + Self.escaped(path[end]))
        if written.insert(group).inserted {
          files.append(
            ExportedFile(
              path: folder + "/Contents.json",
              text: "{\n" + Self.info + ",\n  \"properties\" : {\n    \"provides-namespace\" : true\n  }\n}\n"))
        }
      }
      let name = sets.add(path, escaped: (folder.isEmpty ? "" : folder + "/") + Self.escaped(path.last!))
      var entries = [Self.entry(color, appearances: [])]
      let darkColor = dark[path].flatMap { $0.isSame(as: color) ? nil : $0 }
      let contrastColor = contrast[path].flatMap { $0.isSame(as: color) ? nil : $0 }
      if let darkColor { entries.append(Self.entry(darkColor, appearances: [Self.dark])) }
      if let contrastColor { entries.append(Self.entry(contrastColor, appearances: [Self.highContrast])) }
      // A device both dark and high-contrast takes the entry for both,
      // else the one single entry that matches (none: the universal); two
      // single entries leave it no choice, so both is written then.
      if let bothColor = both[path] {
        let fallback: StyleColor? =
          switch (darkColor, contrastColor) {
          case (nil, nil): color
          case (let single?, nil), (nil, let single?): single
          case (_?, _?): nil
          }
        if fallback.map({ !$0.isSame(as: bothColor) }) ?? true {
          entries.append(Self.entry(bothColor, appearances: [Self.dark, Self.highContrast]))
        }
      }
      files.append(
        ExportedFile(
          path: name + ".colorset/Contents.json",
          text: "{\n  \"colors\" : [\n" + entries.joined(separator: ",\n") + "\n  ],\n" + Self.info + "\n}\n"))
    }
    return files
  }

  /// How many leaves under no theme are no colour.
  var leftOut: Int { ExportLeaves.flattened(export.base).filter { StyleColor($0.value) == nil }.count }

  /// The colour leaves under `themes`, with every other axis at its
  /// default; none with selected themes, where a theme is no sheet's, or
  /// where two are of one axis.
  private func values(under themes: [String]) -> [[String]: StyleColor] {
    let known = Set(export.axes.flatMap(\.themes))
    guard export.selectedThemes.isEmpty, themes.allSatisfy(known.contains),
      let variables = export.variables(under: themes)
    else { return [:] }
    var result: [[String]: StyleColor] = [:]
    for leaf in ExportLeaves.flattened(variables) { result[leaf.path] = StyleColor(leaf.value) }
    return result
  }

  static let dark = "{\n          \"appearance\" : \"luminosity\",\n          \"value\" : \"dark\"\n        }"
  static let highContrast = "{\n          \"appearance\" : \"contrast\",\n          \"value\" : \"high\"\n        }"

  /// One entry of a colour set: the colour in its own space where the
  /// catalog has it (`srgb`, `display-p3`), else in sRGB (gamut-mapped),
  /// components as decimal strings, under `appearances`.
  static func entry(_ color: StyleColor, appearances: [String]) -> String {
    let mapped = color.colorSpace == .displayP3 ? color.displayP3 : color.srgb
    let space = color.colorSpace == .displayP3 ? "display-p3" : "srgb"
    let channels = mapped.values.map { StyleColor.unit($0) }
    var text = "    {\n"
    if !appearances.isEmpty {
      text += "      \"appearances\" : [\n        " + appearances.joined(separator: ",\n        ") + "\n      ],\n"
    }
    text += "      \"color\" : {\n        \"color-space\" : \"\(space)\",\n        \"components\" : {\n"
    text += "          \"alpha\" : \"\(decimal(mapped.alpha))\",\n"
    text += "          \"blue\" : \"\(decimal(channels[2]))\",\n"
    text += "          \"green\" : \"\(decimal(channels[1]))\",\n"
    text += "          \"red\" : \"\(decimal(channels[0]))\"\n"
    text += "        }\n      },\n      \"idiom\" : \"universal\"\n    }"
    return text
  }

  /// A number from 0 to 1 in decimal, never in exponent form: the
  /// shortest digits that read back as the same number (`1.000` for 1,
  /// as Xcode writes a whole one).
  static func decimal(_ value: Double) -> String {
    if value == 1 { return "1.000" }
    if value == 0 { return "0.000" }
    let text = String(value)
    guard let exponent = text.firstIndex(of: "e") else { return text }
    // `d.ddde-N`: N - 1 zeros after the point, then the digits.
    let mantissa = text[..<exponent].filter { $0 != "." }
    let power = Int(text[text.index(after: exponent)...])!
    return "0." + String(repeating: "0", count: -power - 1) + mantissa
  }

  /// A group's or colour set's folder name: `%`, `/`, `:`, `.` and control
  /// characters percent-encoded (no name is a path or a folder Xcode reads
  /// by its extension), an empty name `%00`. A clash (names equal but
  /// for case, as a Mac's file system compares them) gets `%-2`, which no
  /// encoded name holds.
  static func escaped(_ name: String) -> String {
    guard !name.isEmpty else { return "%00" }
    var result = ""
    for scalar in name.unicodeScalars {
      if "%/:.".unicodeScalars.contains(scalar) || scalar.value < 0x20 || scalar.value == 0x7f {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        result += "%" + (digits.count < 2 ? "0" : "") + digits
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension StyleColor {
  /// Whether this is `other`, component for component (NaN none: colours have none).
  fileprivate func isSame(as other: StyleColor) -> Bool { self == other }
}
