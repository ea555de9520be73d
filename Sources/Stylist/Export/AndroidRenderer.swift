/// Writes an export as an Android `res` folder (docs/CLI.md: Exporting
/// tokens): `values/colors.xml`, `dimens.xml`, `integers.xml`,
/// `bools.xml` and `strings.xml`, each where there are such leaves, with
/// the values under no theme (or the selected themes), and `values-night/`
/// the same files with what the dark theme changes. A leaf no resource
/// type holds (a list, `null`, an empty map, a number that is not finite)
/// is left out.
struct AndroidRenderer {
  let export: TokenExport
  let appearances: ExportAppearances

  /// The resource files in the order written, and the element each holds.
  private static let kinds: [(file: String, element: String)] = [
    ("colors.xml", "color"), ("dimens.xml", "dimen"), ("integers.xml", "integer"), ("bools.xml", "bool"),
    ("strings.xml", "string"),
  ]

  func files() -> [ExportedFile] {
    let base = ExportLeaves.flattened(export.base)
    let night = nightChanges(base)
    var names = ExportNames<[String]>(suffixed: { "\($0)__\($1)" })
    for (path, _) in base + night { names.add(path, escaped: Self.escaped(path)) }
    var files: [ExportedFile] = []
    for (folder, leaves) in [("values", base), ("values-night", night)] {
      for (file, element) in Self.kinds {
        let lines = leaves.compactMap { path, value in
          Self.resource(value).flatMap { $0.element == element ? $0 : nil }.map { resource in
            "    <\(resource.tag) name=\"\(names.name(path))\"\(resource.attributes)>\(resource.text)</\(resource.tag)>\n"
          }
        }
        guard !lines.isEmpty else { continue }
        files.append(
          ExportedFile(
            path: "\(folder)/\(file)",
            text: ExportFormat.android.header + "<resources>\n" + lines.joined() + "</resources>\n"))
      }
    }
    return files
  }

  /// How many leaves under no theme no resource holds.
  var leftOut: Int { ExportLeaves.flattened(export.base).filter { Self.resource($0.value) == nil }.count }

  /// The leaves whose value under the dark theme (with every other axis at
  /// its default) is not no theme's; none without one, or with selected themes.
  private func nightChanges(_ base: [(path: [String], value: PropertyValue)]) -> [(
    path: [String], value: PropertyValue
  )] {
    guard export.selectedThemes.isEmpty, export.axes.contains(where: { $0.themes.contains(appearances.dark) }),
      let dark = export.variables(under: [appearances.dark])
    else { return [] }
    let baseValues = Dictionary(base.map { ($0.path, $0.value) }, uniquingKeysWith: { _, last in last })
    return ExportLeaves.flattened(dark).filter { baseValues[$0.path].map($0.value.isSame) != true }
  }

  /// Resource names: ``ExportWords`` lowercased, joined with `_`, `_` before
  /// a leading digit, `v` for a name of no letters or digits; a clash's
  /// suffix `__2`, which no real name holds.
  static func escaped(_ path: [String]) -> String {
    let words = ExportWords.joined(path, separator: "_", lowercased: true)
    if words.isEmpty { return "v" }
    return words.first!.isNumber ? "_" + words : words
  }

  struct Resource {
    var element: String
    var tag: String
    var attributes = ""
    var text: String
  }

  /// The resource a value is: a colour `#AARRGGBB` (sRGB, Android's
  /// colours), a dimension in `dp` (1px = 1dp, 1rem = 16dp), a number
  /// that is no integer a `float` dimension item, an integer, a duration
  /// in whole milliseconds an integer, a boolean, a string (escaped per
  /// XML and Android's resource strings); nil for anything else.
  static func resource(_ value: PropertyValue) -> Resource? {
    if let color = StyleColor(value) {
      let srgb = color.srgb
      let hex = srgb.hex.dropFirst()
      let alpha = hex.count == 8 ? String(hex.suffix(2)) : "ff"
      return Resource(element: "color", tag: "color", text: "#" + (alpha + hex.prefix(6)).uppercased())
    }
    if let dimension = StyleDimension(value), case .map(let map) = value, map.count == 2,
      dimension.value.isFinite
    {
      return Resource(element: "dimen", tag: "dimen", text: ExportNumbers.text(dimension.points()) + "dp")
    }
    if let duration = StyleDuration(value), case .map(let map) = value, map.count == 2 {
      let milliseconds = duration.seconds * 1000
      guard milliseconds.isFinite, milliseconds == milliseconds.rounded(), abs(milliseconds) < 2e9 else { return nil }
      return Resource(element: "integer", tag: "integer", text: String(Int(milliseconds)))
    }
    switch value {
    case .int(let number) where abs(number) < 1 << 31:
      return Resource(element: "integer", tag: "integer", text: String(number))
    case .double(let number) where number.isFinite:
      return Resource(
        element: "dimen", tag: "item", attributes: " type=\"dimen\" format=\"float\"", text: ExportNumbers.text(number))
    case .bool(let flag): return Resource(element: "bool", tag: "bool", text: flag ? "true" : "false")
    case .string(let text): return Resource(element: "string", tag: "string", text: string(text))
    default: return nil
    }
  }

  /// A string resource's text: Android's escapes (`\\`, `\'`, `\"`, `\n`,
  /// `\t`, `\@` and `\?` at the start, `\uXXXX` for other control
  /// characters, which XML 1.0 cannot hold), then XML's (`&`, `<`, `>`),
  /// in double quotes where it begins or ends with a space or holds two in
  /// a row, which Android would otherwise drop or join.
  static func string(_ text: String) -> String {
    var result = ""
    for (index, scalar) in text.unicodeScalars.enumerated() {
      switch scalar {
      case "\\": result += "\\\\"
      case "'": result += "\\'"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "@" where index == 0, "?" where index == 0: result += "\\" + String(scalar)
      default:
        if scalar.value < 0x20 || scalar.value == 0x7f || (0xFFFE...0xFFFF).contains(scalar.value) {
          let digits = String(scalar.value, radix: 16)
          result += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    if text.hasPrefix(" ") || text.hasSuffix(" ") || text.contains("  ") { return "\"" + result + "\"" }
    return result
  }
}
