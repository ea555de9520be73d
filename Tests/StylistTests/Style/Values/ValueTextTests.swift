import Foundation
import Testing

@testable import Stylist

/// The text form of values (`PropertyValue.text`): each typed value as CSS
/// writes it, composites as their shorthands, the rest field by field; the
/// golden `values/expected/match-text.txt` shows every type through `match`.
@Suite struct ValueTextTests {
  @Test func measuresAreNumberAndUnit() {
    #expect(PropertyValue.map(["value": 12, "unit": "px"]).text == "12px")
    #expect(PropertyValue.map(["value": 2.0, "unit": "rem"]).text == "2rem")
    #expect(PropertyValue.map(["value": 250, "unit": "ms"]).text == "250ms")
    #expect(PropertyValue.map(["value": 0.25, "unit": "s"]).text == "0.25s")
  }

  /// A non-finite length is CSS's `calc()` of it; a huge one keeps its exponent.
  @Test func nonFiniteAndHugeNumbersHaveOneText() {
    #expect(PropertyValue.map(["value": .double(.infinity), "unit": "px"]).text == "calc(infinity * 1px)")
    #expect(PropertyValue.map(["value": .double(-.infinity), "unit": "rem"]).text == "calc(-infinity * 1rem)")
    #expect(PropertyValue.map(["value": .double(.nan), "unit": "ms"]).text == "calc(NaN * 1ms)")
    #expect(PropertyValue.map(["value": 1e300, "unit": "px"]).text == "1e+300px")
    #expect(PropertyValue.double(.nan).text == ".nan")
    #expect(PropertyValue.double(-.infinity).text == "-.inf")
    let huge: PropertyValue = ["colorSpace": "xyz-d65", "components": [1e300, 0, 0]]
    #expect(huge.text == "color(xyz-d65 1e+300 0 0)")
    let notAColor: PropertyValue = ["colorSpace": "srgb", "components": [.double(.nan), 0, 0]]
    #expect(notAColor.text == "{colorSpace: srgb, components: [.nan, 0, 0]}")
  }

  /// A unit that is not a word is no measure: the map is written as it is.
  @Test func oddUnitIsNoMeasure() {
    #expect(PropertyValue.map(["value": 1, "unit": "px;}"]).text == #"{value: 1, unit: "px;}"}"#)
  }

  @Test func colorsInTheirOwnSpace() {
    let p3: PropertyValue = ["colorSpace": "display-p3", "components": [0.1, 0.6, 0.3]]
    #expect(p3.text == "color(display-p3 0.1 0.6 0.3)")
    let srgb: PropertyValue = ["colorSpace": "srgb", "components": [1, 0, 0], "alpha": 0.5]
    #expect(srgb.text == "#ff000080")
    let oklch: PropertyValue = ["colorSpace": "oklch", "components": [0.7, 0.1, 150], "alpha": 0.8]
    #expect(oklch.text == "oklch(0.7 0.1 150 / 0.8)")
    let missing: PropertyValue = ["colorSpace": "lab", "components": [50, "none", -20]]
    #expect(missing.text == "lab(50 none -20)")
    #expect(PropertyValue.string("#DB3B3B").text == "#DB3B3B")
  }

  @Test func compositesAsShorthands() {
    let px: (Int) -> PropertyValue = { ["value": .int($0), "unit": "px"] }
    let typography: PropertyValue = [
      "fontFamily": ["Helvetica Neue", "sans-serif"], "fontSize": px(16), "fontWeight": 700, "lineHeight": 1.5,
    ]
    #expect(typography.text == #"700 16px/1.5 "Helvetica Neue", sans-serif"#)
    let shadow: PropertyValue = [
      "color": "#00000033", "offsetX": px(0), "offsetY": px(2), "blur": px(4), "spread": px(0), "inset": false,
    ]
    #expect(shadow.text == "0px 2px 4px 0px #00000033")
    let border: PropertyValue = ["color": "#cccccc", "width": px(1), "style": "solid"]
    #expect(border.text == "1px solid #cccccc")
    let transition: PropertyValue = [
      "duration": ["value": 200, "unit": "ms"], "delay": ["value": 0, "unit": "ms"],
      "timingFunction": [0.5, 0, 1, 1],
    ]
    #expect(transition.text == "200ms cubic-bezier(0.5, 0, 1, 1) 0ms")
    let gradient: PropertyValue = [["color": "#ff0000", "position": 0], ["color": "#0000ff", "position": 1]]
    #expect(gradient.text == "#ff0000 0%, #0000ff 100%")
  }

  @Test func plainListsAndMapsFieldByField() {
    #expect(PropertyValue.list([8, 12, "a, b", ""]).text == #"[8, 12, "a, b", ""]"#)
    #expect(PropertyValue.map(["top": 4, "label": "x: y"]).text == #"{top: 4, label: "x: y"}"#)
    #expect(PropertyValue.string("Roboto-Bold 20").text == "Roboto-Bold 20")
  }

  /// CSS export writes colours and measures by the same rules.
  @Test func cssExportSharesTheForms() {
    let p3: PropertyValue = ["colorSpace": "display-p3", "components": [0.1, 0.6, 0.3]]
    #expect(CSSRenderer.value(p3) == p3.text)
    let wide: PropertyValue = ["value": .double(.infinity), "unit": "px"]
    #expect(CSSRenderer.value(wide) == "calc(infinity * 1px)")
  }
}
