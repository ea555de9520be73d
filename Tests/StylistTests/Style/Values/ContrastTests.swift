import Testing

@testable import Stylist

/// WCAG 2.2 relative luminance and contrast ratio, checked against
/// published examples (the WCAG 2.2 Understanding document for 1.4.3, and
/// the WebAIM contrast checker's readings of the same pairs).
@Suite struct ContrastTests {
  static func color(_ hex: String) -> StyleColor { StyleColor(hex: hex)! }

  static func ratio(_ foreground: String, on background: String) -> Double {
    color(foreground).contrastRatio(with: color(background))
  }

  @Test func luminanceOfTheEnds() {
    #expect(Self.color("#ffffff").relativeLuminance == 1)
    #expect(Self.color("#000000").relativeLuminance == 0)
    // sRGB #777777: 0.1845 (0.4667 linearised by the 0.04045 rule).
    #expect(abs(Self.color("#777777").relativeLuminance - 0.18447) < 0.00001)
  }

  @Test(arguments: [
    ("#000000", "#ffffff", 21.0), ("#777777", "#ffffff", 4.48), ("#767676", "#ffffff", 4.54),
    ("#595959", "#ffffff", 7.0), ("#ff0000", "#ffffff", 4.0), ("#0000ff", "#ffffff", 8.59),
    ("#ffffff", "#ffffff", 1.0),
  ])
  func publishedRatios(foreground: String, background: String, expected: Double) {
    let ratio = Self.ratio(foreground, on: background)
    #expect(abs(ratio - expected) < 0.005, "\(foreground) on \(background): \(ratio)")
    // Opaque colours: the same either way round.
    #expect(abs(ratio - Self.ratio(background, on: foreground)) < 1e-12)
  }

  /// A translucent foreground is composited over the background; a
  /// translucent background over the canvas (white unless given).
  @Test func alphaIsComposited() {
    // Black at alpha 128/255 over white blends to #7f7f7f.
    let half = Self.ratio("#00000080", on: "#ffffff")  // 128/255 black: #7f7f7f
    #expect(abs(half - Self.color("#7f7f7f").contrastRatio(with: Self.color("#ffffff"))) < 0.01)
    #expect(Self.ratio("#00000000", on: "#ffffff") == 1)
    // A clear background shows the canvas.
    let onClear = Self.color("#000000").contrastRatio(with: Self.color("#ffffff00"), canvas: Self.color("#000000"))
    #expect(onClear == 1)
    #expect(Self.ratio("#000000", on: "#ffffff00") == 21)
  }

  /// Other spaces are converted to sRGB first: Display P3 white is sRGB white.
  @Test func otherSpacesAreConverted() {
    let p3White = StyleColor(colorSpace: .displayP3, components: [1, 1, 1])
    #expect(abs(p3White.relativeLuminance - 1) < 1e-9)
    let oklchBlack = StyleColor(colorSpace: .oklch, components: [0, 0, 0])
    #expect(abs(oklchBlack.contrastRatio(with: p3White) - 21) < 1e-6)
  }
}
