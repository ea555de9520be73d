import Foundation
import Testing

@testable import Stylist

/// The asset catalog against Apple's Asset Catalog Format Reference
/// (Named Color Type): a colour set's `Contents.json` holds `colors`,
/// each with `idiom`, `color` (`color-space`, `components` red, green,
/// blue, alpha as strings) and optional `appearances` (`luminosity` /
/// `dark`, `contrast` / `high`), and `info` (`author`, `version` 1); a
/// group folder's `properties` `provides-namespace`.
@Suite struct XcassetsExportTests {
  private func json(_ file: ExportedFile?) throws -> [String: Any] {
    let file = try #require(file)
    return try #require(try JSONSerialization.jsonObject(with: Data(file.text.utf8)) as? [String: Any], "\(file.path)")
  }

  private func checkInfo(_ object: [String: Any], _ path: String) {
    let info = object["info"] as? [String: Any]
    #expect(info?["author"] is String, "\(path)")
    #expect((info?["version"] as? NSNumber)?.intValue == 1, "\(path)")
  }

  /// The colour of one entry, checked against the format: its space and
  /// components (each a decimal string from 0 to 1), and its appearances.
  private func entry(_ object: Any, _ path: String) throws -> (appearances: Set<String>, space: String, rgba: [Double])
  {
    let entry = try #require(object as? [String: Any], "\(path)")
    #expect(Set(entry.keys).isSubset(of: ["appearances", "color", "idiom"]), "\(path)")
    #expect(entry["idiom"] as? String == "universal", "\(path)")
    let color = try #require(entry["color"] as? [String: Any], "\(path)")
    #expect(Set(color.keys) == ["color-space", "components"], "\(path)")
    let space = try #require(color["color-space"] as? String, "\(path)")
    #expect(["srgb", "display-p3"].contains(space), "\(path)")
    let components = try #require(color["components"] as? [String: Any], "\(path)")
    #expect(Set(components.keys) == ["red", "green", "blue", "alpha"], "\(path)")
    var rgba: [Double] = []
    for key in ["red", "green", "blue", "alpha"] {
      let text = try #require(components[key] as? String, "\(path): \(key) is no string")
      #expect(text.allSatisfy { $0.isNumber || $0 == "." } && text.contains("."), "\(path): \(key) \(text)")
      let number = try #require(Double(text), "\(path): \(key) \(text)")
      #expect((0...1).contains(number), "\(path): \(key) \(text)")
      rgba.append(number)
    }
    var appearances: Set<String> = []
    for appearance in entry["appearances"] as? [Any] ?? [] {
      let pair = try #require(appearance as? [String: String], "\(path)")
      #expect(Set(pair.keys) == ["appearance", "value"], "\(path)")
      appearances.insert("\(pair["appearance"]!):\(pair["value"]!)")
    }
    #expect(appearances.isSubset(of: ["luminosity:dark", "contrast:high"]), "\(path)")
    return (appearances, space, rgba)
  }

  /// A colour as the catalog should hold it: in Display P3 where it is,
  /// else in sRGB.
  private func expected(_ value: PropertyValue) -> (space: String, rgba: [Double]) {
    let color = StyleColor(value)!
    let mapped = color.colorSpace == .displayP3 ? color.displayP3 : color.srgb
    return (color.colorSpace == .displayP3 ? "display-p3" : "srgb", mapped.values.map(StyleColor.unit) + [mapped.alpha])
  }

  /// The Fixtures' token set (its resolver with two modifiers; `dark` the
  /// dark appearance, `compact` taken as the high-contrast one) exports to
  /// a catalog in Apple's format holding a colour set per colour leaf,
  /// each universal value, and a dark, a high-contrast and a both entry
  /// exactly where a device would otherwise show another colour.
  @Test func everyColourOfTheTokenFixturesIsAColourSetWithItsAppearances() throws {
    let seen = try check("tokens/app.yaml", dark: "dark", highContrast: "compact")
    #expect(seen.contains(["luminosity:dark"]))
  }

  /// A sheet with a dark theme and a `high-contrast` one on two axes (the
  /// appearances' defaults): a colour both change has an entry for each
  /// and one for both, as a device can be both; one only dark changes has
  /// the dark entry alone, which a dark, high-contrast device takes too.
  @Test func aColourBothAppearancesChangeHasAnEntryForBoth() throws {
    let seen = try check("export/appearances.yaml", dark: "dark", highContrast: "high-contrast")
    #expect(seen == [[], ["luminosity:dark"], ["contrast:high"], ["luminosity:dark", "contrast:high"]])
    let export = try TokenExport(sheet: try StyleSheet(contentsOf: FixturePaths.path("export/appearances.yaml")))
    let surface = export.files(.xcassets).first { $0.path == "color/surface.colorset/Contents.json" }
    #expect(surface?.text.components(separatedBy: "\"appearance\"").count == 2)
    let accent = export.files(.xcassets).first { $0.path == "color/accent.colorset/Contents.json" }
    #expect(accent?.text.contains("\"color-space\" : \"display-p3\"") == true)
  }

  /// Checks the catalog of the sheet at `fixture` with the appearances
  /// `dark` and `highContrast` against the format and the sheet's values;
  /// the sets of appearances its entries have.
  private func check(_ fixture: String, dark darkTheme: String, highContrast: String) throws -> Set<Set<String>> {
    let sheetPath = FixturePaths.path(fixture)
    let export = try TokenExport(sheet: try StyleSheet(contentsOf: sheetPath))
    let files = export.files(.xcassets, appearances: ExportAppearances(dark: darkTheme, highContrast: highContrast))
    let byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(byPath.count == files.count)
    let top = try json(byPath["Contents.json"])
    checkInfo(top, "Contents.json")
    let base = try PlatformTools.leaves(export, sheet: sheetPath, themes: []).filter { StyleColor($0.value) != nil }
    let dark = try PlatformTools.leaves(export, sheet: sheetPath, themes: [darkTheme])
    let contrast = try PlatformTools.leaves(export, sheet: sheetPath, themes: [highContrast])
    let both = try PlatformTools.leaves(export, sheet: sheetPath, themes: [darkTheme, highContrast])
    #expect(files.filter { $0.path.hasSuffix(".colorset/Contents.json") }.count == base.count)
    var appearancesSeen: Set<Set<String>> = []
    for (path, value) in base {
      let folder = path.dropLast().map(XcassetsRenderer.escaped).joined(separator: "/")
      for end in path.indices.dropLast() {
        let group = path[...end].map(XcassetsRenderer.escaped).joined(separator: "/") + "/Contents.json"
        let properties = try json(byPath[group])["properties"] as? [String: Any]
        #expect(properties?["provides-namespace"] as? Bool == true, "\(group)")
      }
      let setPath =
        (folder.isEmpty ? "" : folder + "/") + XcassetsRenderer.escaped(path.last!) + ".colorset/Contents.json"
      let object = try json(byPath[setPath])
      #expect(Set(object.keys) == ["colors", "info"], "\(setPath)")
      checkInfo(object, setPath)
      var entries: [Set<String>: (space: String, rgba: [Double])] = [:]
      for item in object["colors"] as? [Any] ?? [] {
        let read = try entry(item, setPath)
        #expect(entries[read.appearances] == nil, "\(setPath): two entries for \(read.appearances)")
        entries[read.appearances] = (read.space, read.rgba)
      }
      appearancesSeen.formUnion(entries.keys)
      func same(_ a: PropertyValue?, _ b: PropertyValue?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return StyleColor(a) == StyleColor(b)
      }
      let universal = expected(value)
      #expect(entries[[]]?.space == universal.space && entries[[]]?.rgba == universal.rgba, "\(setPath)")
      let darkValue = same(dark[path], value) ? nil : dark[path]
      let contrastValue = same(contrast[path], value) ? nil : contrast[path]
      let singles: [(key: Set<String>, value: PropertyValue?)] = [
        (["luminosity:dark"], darkValue), (["contrast:high"], contrastValue),
      ]
      for (key, themed) in singles {
        if let themed {
          #expect(entries[key]?.rgba == expected(themed).rgba, "\(setPath) \(key)")
        } else {
          #expect(entries[key] == nil, "\(setPath) \(key)")
        }
      }
      // What a dark, high-contrast device would show without the entry for both.
      let fallback: PropertyValue? =
        darkValue != nil && contrastValue != nil ? nil : darkValue ?? contrastValue ?? value
      let bothKey: Set<String> = ["luminosity:dark", "contrast:high"]
      if let bothValue = both[path], fallback.map({ !same($0, bothValue) }) ?? true {
        #expect(entries[bothKey]?.rgba == expected(bothValue).rgba, "\(setPath) both")
      } else {
        #expect(entries[bothKey] == nil, "\(setPath) both")
      }
    }
    #expect(export.leftOut(.xcassets) > 0)
    return appearancesSeen
  }

  /// Folder names hold no path or extension (`/`, `.`, `:`, `%`
  /// percent-encoded); names equal but for case (one name on a Mac's file
  /// system) get `%-2`, which no encoded name holds; components are
  /// decimals, never in exponent form.
  @Test func namesAreFolderNamesAndComponentsDecimals() throws {
    let files = try TokenFiles()
    let tokens = try files.write(
      "t.tokens.json",
      """
      { "a/b": { "$type": "color", "x:y": { "$value": "#0000ff" }, "50%": { "$value": "#000000" } } }
      """)
    let sheet = try StyleSheet(
      contentsOf: try files.write(
        "s.yaml", "tokens: [\(tokens)]\nvariables:\n  Brand: \"#ff0000\"\n  brand: \"#00ff00\"\n"))
    let paths = try TokenExport(sheet: sheet).files(.xcassets).map(\.path)
    #expect(
      paths == [
        "Contents.json", "a%2Fb/Contents.json", "a%2Fb/x%3Ay.colorset/Contents.json",
        "a%2Fb/50%25.colorset/Contents.json", "Brand.colorset/Contents.json", "brand%-2.colorset/Contents.json",
      ])
    #expect(XcassetsRenderer.decimal(0.5) == "0.5")
    #expect(XcassetsRenderer.decimal(1) == "1.000")
    #expect(XcassetsRenderer.decimal(1.5e-7) == "0.00000015")
    #expect(XcassetsRenderer.decimal(2e-5) == "0.00002")
  }
}
