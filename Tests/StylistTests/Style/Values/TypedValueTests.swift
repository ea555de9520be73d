import Foundation
import Testing

@testable import Stylist

/// Colours, dimensions and durations read from values, and the colour
/// conversions checked against values computed outside this code: the
/// worked examples of CSS Color 4 and of the OKLab paper, and values that
/// follow from the spaces' definitions by hand (noted at each).
@Suite struct TypedValueTests {
  static let red = StyleColor(colorSpace: .srgb, components: [1, 0, 0])

  /// Hues (HSL's and HWB's first component, LCH's and OKLCH's last) compare round the circle.
  func expectClose(_ color: StyleColor, _ expected: [Double], tolerance: Double, _ note: String = "") {
    let values = color.components.map { $0 ?? 0 }
    let hue: Int? =
      switch color.colorSpace {
      case .hsl, .hwb: 0
      case .lch, .oklch: 2
      default: nil
      }
    let close = zip(values, expected).enumerated().allSatisfy { index, pair in
      let difference = abs(pair.0 - pair.1)
      return (index == hue ? min(difference, 360 - difference) : difference) <= tolerance
    }
    #expect(close, "\(color.colorSpace.rawValue) \(values) ≉ \(expected) \(note)")
  }

  /// sRGB red in every space.
  @Test func srgbRedInEverySpace() {
    // XYZ of sRGB's red primary: the first column of its matrix (IEC 61966-2-1).
    expectClose(Self.red.converted(to: .xyzD65), [0.41239, 0.21264, 0.01933], tolerance: 1e-4)
    expectClose(Self.red.converted(to: .srgbLinear), [1, 0, 0], tolerance: 1e-12)
    // Bradford-adapted to D50 (CSS Color 4's XYZ-D50 of red).
    expectClose(Self.red.converted(to: .xyzD50), [0.43607, 0.22249, 0.01392], tolerance: 2e-4)
    // CSS Color 4 §9.3: red is lab(54.29 80.8 69.9), lch(54.29 106.8 40.9).
    expectClose(Self.red.converted(to: .lab), [54.29, 80.80, 69.89], tolerance: 0.05)
    expectClose(Self.red.converted(to: .lch), [54.29, 106.84, 40.85], tolerance: 0.05)
    // Ottosson's OKLab post: sRGB red is (0.627955, 0.224863, 0.125846).
    expectClose(Self.red.converted(to: .oklab), [0.62796, 0.22486, 0.12585], tolerance: 2e-4)
    expectClose(Self.red.converted(to: .oklch), [0.62796, 0.25768, 29.23], tolerance: 0.01)
    // Display P3 red as browsers give it: color(display-p3 0.9175 0.2003 0.1386).
    expectClose(Self.red.converted(to: .displayP3), [0.9175, 0.2003, 0.1386], tolerance: 2e-4)
    // A98 shares sRGB's red and blue primaries: red is (k, 0, 0) with
    // k = (0.2126 / 0.2974)^(256/563) = 0.8586 from the primaries' luminances.
    expectClose(Self.red.converted(to: .a98RGB), [0.8586, 0, 0], tolerance: 5e-4)
    // color(rec2020 0.792 0.231 0.0738) (CSS Color 4 examples).
    expectClose(Self.red.converted(to: .rec2020), [0.7920, 0.2310, 0.0738], tolerance: 5e-4)
    // color(prophoto-rgb 0.7023 0.2757 0.1036).
    expectClose(Self.red.converted(to: .prophotoRGB), [0.7023, 0.2757, 0.1036], tolerance: 5e-4)
    // By definition: red's hue is 0, saturation 100 %, lightness 50 %; no white, no black.
    expectClose(Self.red.converted(to: .hsl), [0, 100, 50], tolerance: 1e-9)
    expectClose(Self.red.converted(to: .hwb), [0, 0, 0], tolerance: 1e-9)
  }

  /// Every space back to sRGB gives what it came from.
  @Test func everySpaceRoundTrips() {
    let colour = StyleColor(colorSpace: .srgb, components: [0.2, 0.6, 0.4])
    for space in ColorSpace.allCases {
      expectClose(colour.converted(to: space).converted(to: .srgb), [0.2, 0.6, 0.4], tolerance: 1e-6, space.rawValue)
    }
  }

  @Test func cylindricalSpacesByTheirDefinitions() {
    // CSS Color 4 §7: hsl(120deg 100% 25%) is #008000 (green).
    #expect(StyleColor(colorSpace: .hsl, components: [120, 100, 25]).hex == "#008000")
    // hwb(60 0% 25%): yellow times 0.75, #bfbf00.
    #expect(StyleColor(colorSpace: .hwb, components: [60, 0, 25]).hex == "#bfbf00")
    // hwb with whiteness and blackness over 100 %: a grey of w / (w + b).
    expectClose(StyleColor(colorSpace: .hwb, components: [0, 60, 60]).srgb, [0.5, 0.5, 0.5], tolerance: 1e-9)
    // Linear 0.5 is sRGB 0.735357 (the transfer function).
    expectClose(
      StyleColor(colorSpace: .srgbLinear, components: [0.5, 0.5, 0.5]).srgb, [0.735357, 0.735357, 0.735357],
      tolerance: 1e-6)
    // `none` reads as 0.
    #expect(StyleColor(colorSpace: .hsl, components: [nil, 0, 100]).hex == "#ffffff")
  }

  @Test func gamutMappingKeepsLightnessAndHue() {
    let p3Red = StyleColor(colorSpace: .displayP3, components: [1, 0, 0])
    let mapped = p3Red.srgb
    #expect(mapped.colorSpace == .srgb)
    #expect(mapped.values.allSatisfy { (0...1).contains($0) })
    let before = p3Red.converted(to: .oklch).values
    let after = mapped.converted(to: .oklch).values
    #expect(abs(before[0] - after[0]) < 0.03)
    #expect(abs(before[2] - after[2]) < 3)
    // In gamut: unchanged.
    expectClose(Self.red.displayP3, [0.9175, 0.2003, 0.1386], tolerance: 2e-4)
    // Beyond white and black.
    #expect(StyleColor(colorSpace: .oklch, components: [1.2, 0.1, 40]).hex == "#ffffff")
    #expect(StyleColor(colorSpace: .lab, components: [-5, 0, 0]).hex == "#000000")
    let vivid = StyleColor(colorSpace: .oklch, components: [0.7, 0.4, 150]).displayP3
    #expect(vivid.values.allSatisfy { (0...1).contains($0) })
  }

  @Test func hexStringsAndObjects() throws {
    let brand = try #require(StyleColor(hex: "#0066cc"))
    expectClose(brand, [0, 0.4, 0.8], tolerance: 1e-9)
    #expect(brand.hex == "#0066cc")
    #expect(StyleColor(hex: "#fff")?.hex == "#ffffff")
    #expect(StyleColor(hex: "#f008")?.alpha == 136.0 / 255)
    #expect(StyleColor(hex: "#ff000080")?.hex == "#ff000080")
    #expect(StyleColor(hex: "#ff00f") == nil && StyleColor(hex: "0066cc") == nil && StyleColor(hex: "#gg0000") == nil)
    #expect(StyleColor(hex: "#ABCDEF")?.hex == "#abcdef")
    // Only ASCII digits: fullwidth ones (which `Character.isHexDigit`
    // accepts), combining marks and other scripts are no colour.
    #expect(StyleColor(hex: "#\u{FF26}\u{FF26}\u{FF26}") == nil)
    #expect(StyleColor(hex: "#fff\u{301}") == nil && StyleColor(hex: "#é00") == nil && StyleColor(hex: "#") == nil)
    let object: PropertyValue = ["colorSpace": "oklch", "components": [0.62796, 0.25768, 29.2339], "alpha": 0.5]
    let color = try #require(object.colorValue)
    #expect(color.colorSpace == .oklch && color.alpha == 0.5)
    #expect(color.hex == "#ff000080")
    #expect(
      (["colorSpace": "hsl", "components": ["none", 0, 50]] as PropertyValue).colorValue?.components.first == .some(nil)
    )
    #expect((["colorSpace": "cmyk", "components": [0, 0, 0]] as PropertyValue).colorValue == nil)
  }

  @Test func dimensionsAndDurations() {
    let rem: PropertyValue = ["value": 1.5, "unit": "rem"]
    #expect(rem.dimensionValue == StyleDimension(value: 1.5, unit: .rem))
    #expect(rem.dimensionValue?.points() == 24)
    #expect(rem.dimensionValue?.points(remBase: 10) == 15)
    #expect((["value": 4, "unit": "px"] as PropertyValue).dimensionValue?.points(remBase: 10) == 4)
    #expect((["value": 4, "unit": "em"] as PropertyValue).dimensionValue == nil)
    #expect((["value": 150, "unit": "ms"] as PropertyValue).durationValue?.seconds == 0.15)
    #expect((["value": 2, "unit": "s"] as PropertyValue).durationValue?.seconds == 2)
    #expect((["value": 2, "unit": "min"] as PropertyValue).durationValue == nil)
  }

  struct Button: Decodable {
    var color: StyleColor
    var background: StyleColor
    var padding: StyleDimension
    var fade: StyleDuration
  }

  @Test func decodingReadsTokenValuesAsFields() throws {
    let files = try TokenFiles()
    try files.write(
      "a.tokens.json",
      """
      { "c": { "$type": "color", "$value": { "colorSpace": "srgb", "components": [0, 0.4, 0.8], "hex": "#0066cc" } },
        "d": { "$type": "dimension", "$value": { "value": 1, "unit": "rem" } },
        "t": { "$type": "duration", "$value": { "value": 200, "unit": "ms" } } }
      """)
    try files.write(
      "sheet.yaml",
      "tokens: [a.tokens.json]\nstyles:\n  button: { color: $c, background: \"#ffffff\", padding: $d, fade: $t }\n")
    let engine = StyleEngine(sheets: [try StyleSheet(contentsOf: files.folder + "/sheet.yaml")])
    let button = try engine.bestMatch(for: NodeIdentifier(parsing: "button")).decode(Button.self)
    #expect(button.color.hex == "#0066cc")
    #expect(button.background.hex == "#ffffff")
    #expect(button.padding.points() == 16)
    #expect(button.fade.seconds == 0.2)
    try files.write("bad.yaml", "styles:\n  button: { color: 12, background: \"#fff\", padding: 1, fade: 1 }\n")
    let bad = StyleEngine(sheets: [try StyleSheet(contentsOf: files.folder + "/bad.yaml")])
    #expect(throws: StyleDecodingError.self) {
      try bad.bestMatch(for: NodeIdentifier(parsing: "button")).decode(Button.self)
    }
  }
}
