import Foundation
import Testing

@testable import Stylist

/// Every conversion of a number is total (docs/DECISIONS.md: Typed values
/// and numbers): colours with components no colour has convert to finite,
/// in-range sRGB and Display P3, hex and CSS numbers; font weights become
/// integers only inside 1...1000; the preview's lengths are numbers.
@Suite struct NumberConversionTests {
  /// Components at and past every edge a `Double` has.
  static let extremes: [Double] = [
    .nan, .infinity, -.infinity, 1e308, -1e308, .greatestFiniteMagnitude, 9.3e18, 1e19, -1e19, 1e6, 0,
  ]

  /// Each colour space with each extreme in each position (and alpha at
  /// the extremes too): the gamut-mapped results are finite and inside 0...1.
  @Test(arguments: ColorSpace.allCases)
  func conversionsAreTotal(space: ColorSpace) {
    for extreme in Self.extremes {
      for position in 0..<4 {
        var components: [Double?] = [0.5, 0.5, 0.5]
        var alpha = 1.0
        if position < 3 { components[position] = extreme } else { alpha = extreme }
        let color = StyleColor(colorSpace: space, components: components, alpha: alpha)
        for mapped in [color.srgb, color.displayP3] {
          let values = mapped.components.map { $0 ?? -1 }
          #expect(values.allSatisfy { (0...1).contains($0) }, "\(space) \(components) \(alpha): \(values)")
          #expect((0...1).contains(mapped.alpha), "\(space) alpha \(alpha): \(mapped.alpha)")
        }
        let hex = color.hex
        #expect(hex.count == 7 || hex.count == 9, "\(space) \(components): \(hex)")
        #expect(StyleColor(hex: hex) != nil, "\(hex) is no hex colour")
        for other in ColorSpace.allCases where other != space {
          #expect(color.converted(to: other).components.allSatisfy { $0?.isFinite ?? false })
        }
      }
    }
  }

  /// A component past ±``ColorSpace/componentLimit`` converts as that bound.
  @Test func componentsPastTheLimitConvertAsTheLimit() {
    let past = StyleColor(colorSpace: .xyzD65, components: [1e308, -1e308, 1e300])
    let limit = ColorSpace.componentLimit
    let atLimit = StyleColor(colorSpace: .xyzD65, components: [limit, -limit, limit])
    #expect(past.converted(to: .oklab) == atLimit.converted(to: .oklab))
    #expect(past.hex == atLimit.hex)
  }

  /// A colour object with a non-finite component or alpha is no colour;
  /// a finite one out of its range still is (a load warning says so).
  @Test func nonFiniteComponentsAreNoColour() {
    func object(_ components: [PropertyValue], alpha: PropertyValue? = nil) -> PropertyValue {
      var map: Properties = ["colorSpace": "srgb", "components": .list(components)]
      if let alpha { map["alpha"] = alpha }
      return .map(map)
    }
    #expect(object([.double(.nan), 0, 0]).colorValue == nil)
    #expect(object([0, .double(.infinity), 0]).colorValue == nil)
    #expect(object([0, 0, .double(-.infinity)]).colorValue == nil)
    #expect(object([0, 0, 0], alpha: .double(.nan)).colorValue == nil)
    #expect(object([0, 0, 0], alpha: 2).colorValue == nil)
    #expect(object([.double(1e308), 0, 0]).colorValue != nil)
    #expect(object(["none", 0, 0]).colorValue?.hex == "#000000")
  }

  /// The ranges a load checks: DTCG 2025.10's, ±1e6 where it sets no bound.
  @Test func componentRanges() {
    #expect(ColorSpace.srgb.componentRanges == [0...1, 0...1, 0...1])
    #expect(ColorSpace.hsl.componentRanges == [0...360, 0...100, 0...100])
    #expect(ColorSpace.oklch.componentRanges == [0...1, 0...1e6, 0...360])
    #expect(ColorSpace.lab.componentRanges == [0...100, -1e6...1e6, -1e6...1e6])
    #expect(ColorSpace.xyzD50.componentRanges.allSatisfy { $0 == -1e6...1e6 })
  }

  /// A font weight is an integer from 1 to 1000 or none, never a trap.
  @Test(arguments: [1e19, -1e19, 9.3e18, 1e308, -1e308, Double.nan, .infinity, -.infinity, 0, 1000.5])
  func fontWeightsOutsideTheRangeSetNone(weight: Double) {
    let value: PropertyValue = ["fontFamily": "Roboto", "fontWeight": .double(weight)]
    #expect(PropertySample(key: "font", value: value) == .font(FontSample(family: "Roboto", size: nil, weight: nil)))
  }

  @Test func fontWeightsInsideTheRangeAreRounded() {
    let value: PropertyValue = ["fontFamily": "Roboto", "fontWeight": 450.5]
    #expect(PropertySample(key: "font", value: value) == .font(FontSample(family: "Roboto", size: nil, weight: 451)))
  }

  /// A NaN length draws no bar; a font that sets nothing has no sample.
  @Test func nothingToDrawIsNoSample() {
    #expect(PropertySample(key: "width", value: ["value": .double(.nan), "unit": "px"]) == nil)
    #expect(
      PropertySample(key: "width", value: ["value": .double(.infinity), "unit": "rem"])
        == .bar(StyleDimension(value: .infinity, unit: .rem)))
    #expect(PropertySample(key: "font", value: ["fontFamily": "a<b>", "fontWeight": .double(.nan)]) == nil)
    #expect(PropertySample(key: "font", value: ["fontSize": .double(.nan)]) == nil)
  }

  /// CSS export writes every number as CSS reads it: a non-finite one
  /// as CSS Values 4's `calc()` constants, never `nan` or `inf`.
  @Test func cssExportNumbersAreCSS() throws {
    #expect(ExportNumbers.text(.nan) == "calc(NaN)")
    #expect(ExportNumbers.text(.infinity) == "calc(infinity)")
    #expect(ExportNumbers.text(-.infinity) == "calc(-infinity)")
    #expect(ExportNumbers.text(1e19) == "1e+19")
    #expect(ExportNumbers.text(-3) == "-3")
    let sheet = try StyleSheet(
      yaml: "variables:\n  c: { colorSpace: srgb, components: [.nan, 0, .inf] }\n  w: -.inf\n", name: "v.yaml")
    let css = try #require(TokenExport(sheet: sheet).files(.css).first?.text)
    #expect(css.contains("--c-components: calc(NaN), 0, calc(infinity);"))
    #expect(css.contains("--w: calc(-infinity);"))
  }

  /// The preview's CSS numbers are finite whatever they are given.
  @Test func cssNumbersAreTotal() {
    #expect(HTMLText.cssNumber(.nan) == "0")
    #expect(HTMLText.cssNumber(.infinity) == "1.7976931348623157e+308")
    #expect(HTMLText.cssNumber(1e19) == "1e+19")
    #expect(HTMLText.cssNumber(-9.3e18) == "-9.3e+18")
    #expect(HTMLText.cssNumber(12.345) == "12.35")
    #expect(HTMLText.cssNumber(32) == "32")
  }
}
