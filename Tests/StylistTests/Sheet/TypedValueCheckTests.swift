import Foundation
import Testing

@testable import Stylist

/// A sheet's typed values have their numbers checked where they are
/// written (`value-out-of-range`, a warning: the sheet loads); the
/// fixtures `Fixtures/bad/*-out-of-range.yaml` hold every case, this
/// checks where the check reaches and where it does not.
@Suite struct TypedValueCheckTests {
  static func warnings(_ yaml: String) throws -> [String] {
    try StyleSheet(yaml: yaml, name: "t.yaml").warnings.map(\.description)
  }

  /// Styles, variables, defaults, themes and nested maps alike; a merged
  /// or aliased map once, where it is written.
  @Test func everyMapOfTheSheetIsChecked() throws {
    let warnings = try Self.warnings(
      """
      variables:
        shade: &shade { colorSpace: srgb, components: [2, 0, 0] }
      default: { font: { fontFamily: Inter, fontWeight: 0 } }
      styles:
        a: { deep: { list: [ { value: .inf, unit: px } ] }, c: $shade }
        b: { c: *shade }
      themes:
        dark:
          styles:
            a: { c: { colorSpace: oklch, components: [0.5, 0.1, 361], alpha: -1 } }
      """)
    #expect(
      warnings == [
        "t.yaml:2:50: warning: colour component 2.0 is outside srgb's range (0 to 1) [value-out-of-range]",
        "t.yaml:3:51: warning: font weight 0.0 is outside 1 to 1000 [value-out-of-range]",
        "t.yaml:5:33: warning: a dimension's value must be finite, not .inf [value-out-of-range]",
        "t.yaml:10:59: warning: colour component 361.0 is outside oklch's range (0 to 360) [value-out-of-range]",
        "t.yaml:10:72: warning: a colour's alpha -1.0 is outside 0 to 1 [value-out-of-range]",
      ])
  }

  /// What is no typed value is not checked: a component given by a
  /// variable, a map with no colour space the library knows, a weight
  /// outside a font map, an unknown unit, and values in range.
  @Test func whatIsNoTypedValueIsNotChecked() throws {
    let warnings = try Self.warnings(
      """
      variables: { big: 1e308 }
      styles:
        a: { c: { colorSpace: srgb, components: [$big, 0, 0] } }
        b: { c: { colorSpace: cmyk, components: [9, 9, 9] } }
        c: { fontWeight: 1e19, size: { value: .nan, unit: em } }
        d: { c: { colorSpace: hsl, components: [360, 100, 0], alpha: 1 }, w: { value: -4, unit: rem } }
      """)
    #expect(warnings.isEmpty)
  }
}
