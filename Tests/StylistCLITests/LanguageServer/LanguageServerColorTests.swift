import Foundation
import Testing

/// Document colours of DTCG colour objects in token files, JSON and YAML:
/// each object's range and its colour in sRGB, and a picked colour written
/// back as an object of the same colour space.
@Suite struct LanguageServerColorTests {
  typealias JSON = [String: Any]

  static let jsonTokens = """
    {
      "brand": {
        "$type": "color",
        "red": { "$value": { "colorSpace": "srgb", "components": [0.8588, 0.2314, 0.2314], "alpha": 0.5, "hex": "#db3b3b" } },
        "wide": {
          "$value": {
            "colorSpace": "display-p3",
            "components": [1, 0, 0]
          }
        },
        "alias": { "$value": "{brand.red}" }
      }
    }

    """

  static let yamlTokens = """
    accent:
      $type: color
      $value:
        colorSpace: oklch
        components: [0.7, 0.1, 250]  # a blue
      $description: Links

    """

  /// The colours of `url` by their ranges, `[startLine, startCharacter, endLine, endCharacter]`.
  static func colors(_ url: URL, _ client: LanguageServerClient) throws -> [[Int]: JSON] {
    let answer = try client.request("textDocument/documentColor", ["textDocument": ["uri": url.absoluteString]])
    let found = answer["result"] as? [JSON] ?? []
    return Dictionary(
      found.map { (LanguageServerFeatureTests.range($0["range"]), $0["color"] as? JSON ?? [:]) },
      uniquingKeysWith: { first, _ in first })
  }

  static func presentation(of range: [Int], in url: URL, _ client: LanguageServerClient) throws -> JSON? {
    let answer = try client.request(
      "textDocument/colorPresentation",
      [
        "textDocument": ["uri": url.absoluteString],
        "color": ["red": 1.0, "green": 0.0, "blue": 0.0, "alpha": 1.0],
        "range": [
          "start": ["line": range[0], "character": range[1]], "end": ["line": range[2], "character": range[3]],
        ],
      ])
    return (answer["result"] as? [JSON])?.first
  }

  @Test func colourObjectsInAJSONTokenFile() throws {
    let (client, workspace) = try LanguageServerFeatureTests.started()
    defer { workspace.remove() }
    let tokens = workspace.folder.appendingPathComponent("colors.tokens.json")
    try client.open(tokens, text: Self.jsonTokens)
    #expect(try client.diagnostics(for: tokens.absoluteString).isEmpty)
    let colors = try Self.colors(tokens, client)
    // The flow object on line 3, from its `{` to its `}` (the `hex` inside
    // it is no colour of its own), and the object over lines 5 to 8.
    let line = Self.jsonTokens.split(separator: "\n", omittingEmptySubsequences: false)[3]
    let start = line.distance(from: line.startIndex, to: line.range(of: "{ \"colorSpace\"")!.lowerBound)
    let end = line.distance(from: line.startIndex, to: line.range(of: " } },")!.lowerBound) + 2
    #expect(colors.keys.sorted { $0.lexicographicallyPrecedes($1) } == [[3, start, 3, end], [5, 16, 8, 7]])
    let red = try #require(colors[[3, start, 3, end]])
    #expect(abs((red["red"] as? Double ?? 0) - 0.8588) < 1e-9)
    #expect(red["alpha"] as? Double == 0.5)
    // Display P3's red is past sRGB: mapped into it.
    let wide = try #require(colors[[5, 16, 8, 7]])
    #expect((wide["red"] as? Double ?? 0) > 0.99 && (wide["green"] as? Double ?? 1) < 0.05)

    // A pick over the P3 object is written back in Display P3, with its hex.
    let written = try #require(try Self.presentation(of: [5, 16, 8, 7], in: tokens, client))
    let text = try #require((written["textEdit"] as? JSON)?["newText"] as? String)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? JSON)
    #expect(object["colorSpace"] as? String == "display-p3")
    #expect(object["hex"] as? String == "#ff0000")
    let components = object["components"] as? [Double] ?? []
    #expect(components.count == 3 && abs(components[0] - 0.9175) < 1e-3 && abs(components[1] - 0.2003) < 1e-3)
    #expect(object["alpha"] == nil)
    #expect(LanguageServerFeatureTests.range((written["textEdit"] as? JSON)?["range"]) == [5, 16, 8, 7])
    // Over a hex string, a hex string.
    let hex = try #require(try Self.presentation(of: [3, 97, 3, 104], in: tokens, client))
    #expect(hex["label"] as? String == "#ff0000" && hex["textEdit"] == nil)
  }

  /// A valid token file whose components no colour has
  /// (`Fixtures/bad/tokens/huge-components.tokens.json`): every colour is
  /// numbers inside 0...1 (LSP's `Color` has no NaN), the file warned about.
  @Test func componentsNoColourHasAreStillNumbers() throws {
    let (client, workspace) = try LanguageServerFeatureTests.started()
    defer { workspace.remove() }
    let tokens = workspace.folder.appendingPathComponent("huge.tokens.json")
    let fixture = CLIRunner.fixtures.appendingPathComponent("bad/tokens/huge-components.tokens.json")
    try client.open(tokens, text: try String(contentsOf: fixture, encoding: .utf8))
    #expect(try client.diagnostics(for: tokens.absoluteString).count == 9)
    let colors = try Self.colors(tokens, client)
    #expect(colors.count == 5)
    for color in colors.values {
      for key in ["red", "green", "blue", "alpha"] {
        let number = try #require(color[key] as? Double, "\(key) is \(String(describing: color[key]))")
        #expect((0...1).contains(number))
      }
    }
  }

  /// A token file is JSON: one in YAML's block style is an `invalid-json`
  /// error where it starts, and holds no colours.
  @Test func aYAMLTokenFileIsInvalidJSON() throws {
    let (client, workspace) = try LanguageServerFeatureTests.started()
    defer { workspace.remove() }
    let tokens = workspace.folder.appendingPathComponent("colors.tokens")
    try client.open(tokens, text: Self.yamlTokens)
    let diagnostics = try client.diagnostics(for: tokens.absoluteString)
    #expect(diagnostics.map { $0["code"] as? String } == ["invalid-json"])
    #expect(LanguageServerFeatureTests.range(diagnostics.first?["range"]).prefix(2) == [0, 0])
    #expect(try Self.colors(tokens, client).isEmpty)
  }

}
