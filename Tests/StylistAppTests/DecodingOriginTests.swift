import Stylist
import Testing

/// A decoding error points at the style its value was written in.
@Suite struct DecodingOriginTests {
  struct Card: Decodable {
    var padding: StyleDimension
    var color: StyleColor?
  }

  static let yaml = """
    styles:
      base: { padding: 4 }
      card: { extends: [base], color: "#111111" }
      big: { padding: { value: 8, unit: px } }
      home/card: { color: "#222222" }
    """

  @Test func anInheritedValueIsLocatedWhereItWasWritten() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.yaml, name: "app.yaml")])
    let error = try #require(throws: StyleDecodingError.self) { try engine.bestMatch(for: "card").decode(Card.self) }
    #expect(error.rule == "base")
    #expect(
      error.description
        == "app.yaml:2:3: error: cannot decode 'padding': expected a dimension: { value, unit: px or rem }, "
        + "found the integer 4")
    // With cascade, through the rule the merge kept it from.
    let cascaded = try #require(throws: StyleDecodingError.self) {
      try engine.cascade(for: "home/card").decode(Card.self)
    }
    #expect(cascaded.rule == "base" && cascaded.source?.line == 2)
  }

  @Test func colourAndDurationErrorsSayWhatTheyFound() throws {
    struct Tint: Decodable { var color: StyleColor }
    struct Motion: Decodable { var delay: StyleDuration }
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: "styles:\n  a: { color: 12, delay: true }\n")])
    let colour = try #require(throws: StyleDecodingError.self) { try engine.bestMatch(for: "a").decode(Tint.self) }
    #expect(colour.message.hasSuffix(", or a CSS hex string, found the integer 12"))
    let delay = try #require(throws: StyleDecodingError.self) { try engine.bestMatch(for: "a").decode(Motion.self) }
    #expect(delay.message == "expected a duration: { value, unit: ms or s }, found the boolean true")
  }
}
