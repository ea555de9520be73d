import Foundation
import Testing

@testable import Stylist

@Suite struct AndroidExportTests {
  /// Each resource of the file `path` as `xmllint` reads it (which checks
  /// the file is well-formed XML first): element, name, text, `type` and
  /// `format` attributes.
  private func resources(_ path: String, in folder: String) throws -> [(
    element: String, name: String, text: String, type: String
  )] {
    let checked = try PlatformTools.run("xmllint", ["--noout", path], in: folder, package: "libxml2-utils")
    try #require(checked.status == 0, "xmllint: \(path) is not well-formed:\n\(checked.error.prefix(2_000))")
    let count = try PlatformTools.run(
      "xmllint", ["--xpath", "count(/resources/*)", path], in: folder, package: "libxml2-utils")
    var result: [(element: String, name: String, text: String, type: String)] = []
    for index in 1...(Int(count.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) {
      let element = "/resources/*[\(index)]"
      let read = try PlatformTools.run(
        "xmllint",
        [
          "--xpath", "concat(local-name(\(element)), ' ', \(element)/@name, ' ', \(element)/@format, ' ', \(element))",
          path,
        ],
        in: folder, package: "libxml2-utils")
      // xmllint ends what it prints with a line break of its own.
      let printed = read.output.hasSuffix("\n") ? String(read.output.dropLast()) : read.output
      let parts = printed.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
      try #require(parts.count == 4, "\(path): \(read.output)")
      result.append((parts[0], parts[1], parts[3], parts[2]))
    }
    return result
  }

  /// A string resource's text as Android reads it: quotes kept as written
  /// where in double quotes, backslash escapes decoded.
  static func unescaped(_ text: String) -> String {
    var text = Substring(text)
    if text.count >= 2, text.first == "\"", text.last == "\"" { text = text.dropFirst().dropLast() }
    var result = ""
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\\", let next = scalars.next() else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch next {
      case "n": result += "\n"
      case "t": result += "\t"
      case "u":
        var digits = ""
        for _ in 0..<4 { digits.unicodeScalars.append(scalars.next()!) }
        result.unicodeScalars.append(Unicode.Scalar(UInt32(digits, radix: 16)!)!)
      default: result.unicodeScalars.append(next)
      }
    }
    return result
  }

  /// Whether a resource (its element, `format` and text) reads as `value`.
  private static func reads(
    _ resource: (element: String, name: String, text: String, type: String), as value: PropertyValue
  ) -> Bool {
    if let color = StyleColor(value) {
      let srgb = color.srgb
      let bytes = ([srgb.alpha] + srgb.values).map { Int((StyleColor.unit($0) * 255).rounded()) }
      return resource.element == "color"
        && resource.text == "#" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    }
    if let dimension = StyleDimension(value) {
      return resource.element == "dimen" && resource.text.hasSuffix("dp")
        && Double(resource.text.dropLast(2)) == dimension.points()
    }
    if let duration = StyleDuration(value) {
      return resource.element == "integer" && Double(resource.text) == duration.seconds * 1000
    }
    switch value {
    case .int(let number): return resource.element == "integer" && Int(resource.text) == number
    case .double(let number):
      return resource.element == "item" && resource.type == "float" && Double(resource.text) == number
    case .bool(let flag): return resource.element == "bool" && resource.text == String(flag)
    case .string(let text): return resource.element == "string" && unescaped(resource.text) == text
    default: return false
    }
  }

  /// The Fixtures' token set (its resolver with two modifiers) exports to
  /// a `res` folder whose files `xmllint` reads as well-formed, with every
  /// leaf a resource can hold under no theme in `values/` and each one the
  /// dark theme changes in `values-night/`, each value the sheet's; the
  /// names are distinct, lowercase `[a-z0-9_]`, no leading digit.
  @Test func everyValueOfTheTokenFixturesReadsBackWithTheDarkThemeAsNight() throws {
    let files = try TokenFiles()
    let sheetPath = FixturePaths.path("tokens/app.yaml")
    let export = try TokenExport(sheet: try StyleSheet(contentsOf: sheetPath))
    let written = export.files(.android)
    #expect(written.map(\.path).contains("values/colors.xml"))
    #expect(written.map(\.path).contains("values-night/colors.xml"))
    for file in written { try files.write("res/" + file.path, file.text) }
    let base = try PlatformTools.leaves(export, sheet: sheetPath, themes: [])
    let dark = try PlatformTools.leaves(export, sheet: sheetPath, themes: ["dark"]).filter {
      base[$0.key].map($0.value.isSame) != true
    }
    var names = ExportNames<[String]>(suffixed: { "\($0)__\($1)" })
    for (path, _) in ExportLeaves.flattened(export.base) { names.add(path, escaped: AndroidRenderer.escaped(path)) }
    for (folder, leaves) in [("values", base), ("values-night", dark)] {
      var read: [String: (element: String, name: String, text: String, type: String)] = [:]
      for file in written where file.path.hasPrefix(folder + "/") {
        for resource in try resources(file.path, in: files.folder + "/res") {
          #expect(read[resource.name] == nil, "\(resource.name) twice")
          #expect(resource.name.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
          #expect(!(resource.name.first?.isNumber ?? true))
          read[resource.name] = resource
        }
      }
      let held = leaves.filter { AndroidRenderer.resource($0.value) != nil }
      #expect(read.count == held.count, "\(folder)")
      for (path, value) in held {
        names.add(path, escaped: AndroidRenderer.escaped(path))
        let resource = try #require(read[names.name(path)], "\(folder): \(path) missing")
        #expect(Self.reads(resource, as: value), "\(folder) \(path): \(resource) is not \(value)")
      }
    }
    #expect(dark.count > 0)
  }

  /// Names: lowercase words joined with `_`, `_` before a leading digit;
  /// names equal after that (`c_d`, `c-d`; `Über`, `über`) get `__2`, which
  /// no real name holds; strings are escaped per XML and Android.
  @Test func namesAreResourceNamesAndStringsAreEscaped() throws {
    let sheet = try StyleSheet(contentsOf: FixturePaths.path("export/clashes.yaml"))
    let files = try TokenExport(sheet: sheet).files(.android)
    #expect(files.map(\.path) == ["values/integers.xml", "values-night/integers.xml"])
    #expect(
      files[0].text == ExportFormat.android.header + """
        <resources>
            <integer name="u00fcber">6</integer>
            <integer name="u65e5u672c">7</integer>
            <integer name="a_b">1</integer>
            <integer name="a_b__2">2</integer>
            <integer name="a_b_2">3</integer>
            <integer name="c_d">4</integer>
            <integer name="c_d__2">5</integer>
        </resources>

        """)
    #expect(files[1].text.contains("<integer name=\"a_b__2\">20</integer>"))
    #expect(AndroidRenderer.escaped(["1x", "Body Large"]) == "_1x_body_large")
    let text = "@me & <you> \"quoted\" it's\n\\ \u{1}"
    #expect(AndroidRenderer.string(text) == "\\@me &amp; &lt;you&gt; \\\"quoted\\\" it\\'s\\n\\\\ \\u0001")
    #expect(Self.unescaped("\\@me & <you> \\\"quoted\\\" it\\'s\\n\\\\ \\u0001") == text)
    #expect(AndroidRenderer.string(" padded  ") == "\" padded  \"")
  }
}
