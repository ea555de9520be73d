import Testing

@testable import Stylist

/// The preview as a library: answers by column and their agreement, the
/// samples read from typed values, and text escaped for HTML.
@Suite struct PreviewTests {
  static let sheet = """
    variables:
      brand: "#DB3B3B"
    styles:
      title: { color: $brand }
      label: { size: 12 }
    themes:
      dark:
        variables: { brand: "#111111" }

    """

  @Test func answersByColumnAndAgreement() throws {
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: Self.sheet, name: "app.yaml")])
    let tree = StyleTree(nodes: [.group(Component(name: "card"), [.atom("title"), .atom("label")])])
    #expect(engine.previewColumns == [PreviewColumn(themes: []), PreviewColumn(themes: ["dark"])])
    let preview = engine.preview(tree, columns: engine.previewColumns)
    #expect(preview.atoms.map(\.identifier.description) == ["card/title", "card/label"])
    #expect(preview.atoms.map(\.agreement) == [.differs, .same])
    #expect(preview.atoms[0].answers.map { $0.properties?["color"] } == ["#DB3B3B", "#111111"])
    // The same query as `resolve`: a column of the engine's themes answers as it does.
    engine.themes = ["dark"]
    #expect(
      engine.resolve(tree)
        == engine.preview(tree, columns: [PreviewColumn(themes: ["dark"])]).atoms.map { $0.answers[0] })
  }

  @Test func samplesFromTypedValues() {
    #expect(PropertySample(key: "color", value: "#ABC") == .swatch(StyleColor(hex: "#AABBCC")!))
    #expect(
      PropertySample(key: "gap", value: ["value": 1.5, "unit": "rem"]) == .bar(StyleDimension(value: 1.5, unit: .rem)))
    #expect(
      PropertySample(key: "font", value: "Roboto-Bold 20")
        == .font(FontSample(family: "Roboto-Bold", size: 20, weight: nil)))
    #expect(
      PropertySample(
        key: "type",
        value: ["fontFamily": ["Inter", "sans-serif"], "fontSize": ["value": 1, "unit": "rem"], "fontWeight": "bold"])
        == .font(FontSample(family: "Inter", size: 16, weight: 700)))
    // A family that is not plain is dropped; the size stays.
    #expect(
      PropertySample(key: "font", value: "x\");} 12") == .font(FontSample(family: nil, size: 12, weight: nil)))
    #expect(PropertySample(key: "title", value: "Roboto 12") == nil)
    #expect(PropertySample(key: "size", value: 12) == nil)
  }

  @Test func escapesMarkup() {
    #expect(HTMLText.escaped("<a href='x'>\"&\"</a>") == "&lt;a href=&#39;x&#39;&gt;&quot;&amp;&quot;&lt;/a&gt;")
    #expect(HTMLText.cssNumber(32) == "32")
    #expect(HTMLText.cssNumber(1.234) == "1.23")
    #expect(HTMLText.cssNumber(2.5) == "2.5")
  }
}
