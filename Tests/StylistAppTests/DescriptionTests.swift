import Foundation
import Stylist
import Testing

/// What an app sees when it prints a value, an update, an answer or an error.
@Suite struct DescriptionTests {
  @Test func valuesPrintAsWritten() {
    #expect("\(PropertyValue.string("#DB3B3B"))" == "#DB3B3B")
    #expect("\(PropertyValue.int(16))" == "16")
    #expect("\(PropertyValue.double(0.5))" == "0.5")
    #expect("\(PropertyValue.bool(true))" == "true")
    #expect("\(PropertyValue.null)" == "null")
    #expect("\(["top": 4, "names": ["a", "b"]] as PropertyValue)" == #"{"top":4,"names":["a","b"]}"#)
    // In a collection, a string is told from a number.
    #expect("\([PropertyValue.string("16"), .int(16)])" == #"["16", 16]"#)
  }

  @Test func updatesAndTheirChangesPrintByName() {
    let engine = StyleEngine()
    let heard = Gathered<StyleUpdate>()
    let token = engine.observe { heard.append($0) }
    engine.theme = "dark"
    engine.mode = .classic
    engine.theme = nil
    withExtendedLifetime(token) {}
    #expect(
      heard.values.map(\.description) == [
        "update 1 [theme]: theme dark, mode from the sheets",
        "update 2 [mode]: theme dark, mode classic",
        "update 3 [theme]: theme none, mode classic",
      ])
    #expect("\([StyleUpdate.Changes.snapshot, .mode] as StyleUpdate.Changes)" == "[snapshot, mode]")
    #expect("\(StyleUpdate.Changes())" == "[]")
  }

  @Test func answersPrintTheirWinnerSourceThemeAndProperties() throws {
    let yaml = "default: { color: red }\nstyles:\n  header/title: { color: blue, size: 12 }\n"
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: yaml, name: "app.yaml")], theme: "dark")
    #expect(
      "\(engine.bestMatch(for: "header/title"))"
        == #"header/title → header/title (app.yaml:3:3, theme dark) {"color":"blue","size":12}"#)
    #expect("\(engine.bestMatch(for: "x"))" == #"x → (default) (app.yaml:1:1, theme dark) {"color":"red"}"#)
    #expect(
      try "\(engine.bestMatch(parsing: "zzz"))" == #"zzz → (default) (app.yaml:1:1, theme dark) {"color":"red"}"#)
    #expect(try "\(engine.cascade(parsing: "a/x"))" == #"a/x → (default) (app.yaml:1:1, theme dark) {"color":"red"}"#)
    #expect("\(StyleEngine().bestMatch(for: "x"))" == "x → no style")
    let cascade = engine.cascade(for: "a/header/title")
    #expect(
      "\(cascade)"
        == #"a/header/title → header/title (app.yaml:3:3, theme dark) {"color":"blue","size":12}"#)
    let layered = StyleEngine(sheets: [try StyleSheet(yaml: "styles:\n  title: { a: 1 }\n  x/title: { b: 2 }\n")])
    #expect(
      "\(layered.cascade(for: "x/title"))"
        == #"x/title → cascade of 2 rules, strongest x/title (<string>:3:3) {"a":1,"b":2}"#)
    // Every theme the query ran under, the axis defaults included.
    let axes = """
      axes:
        appearance: { themes: [light, dark], default: light }
        density: { themes: [comfortable, compact], default: comfortable }
      styles:
        "@compact/header/title": { size: 22 }
      """
    let twoAxes = StyleEngine(sheets: [try StyleSheet(yaml: axes, name: "app.yaml")], themes: ["dark", "compact"])
    #expect(
      try "\(twoAxes.bestMatch(parsing: "header/title"))"
        == #"header/title → @compact/header/title (app.yaml:5:3, themes dark, compact) {"size":22}"#)
    #expect(
      "\(StyleEngine().imageNames(for: "client/searchbar/image"))"
        == "client/searchbar/image: client_searchbar_image, *_searchbar_image, client_*_image, *_*_image")
    let names = StyleEngine().imageNames(for: "a[x]/b[y]/c")
    let listed = names.prefix(8).joined(separator: ", ")
    #expect("\(names)" == "a[x]/b[y]/c: \(listed), … (at most \(names.candidateCount) names)")
    let match = try #require(engine.bestMatch(for: "a/header/title").match)
    #expect("\(match)" == "header/title [3, 12, 0]")
    #expect("\(match.rule)" == "header/title (app.yaml:3:3)")
  }

  /// `localizedDescription` is the located message, not "The operation
  /// could not be completed".
  @Test func errorsDescribeThemselvesWithTheirLocation() throws {
    do {
      _ = try StyleSheet(yaml: "styles:\n  title: [1]\n", name: "app.yaml")
      Issue.record("a list as a style loaded")
    } catch {
      #expect((error as Error).localizedDescription == "\(error)")
      #expect(error.localizedDescription.hasPrefix("app.yaml:2:10: error: style 'title' must be a map"))
    }
    let syntax = #expect(throws: SyntaxError.self) { try NodeIdentifier(parsing: "home/*/label") }
    #expect((syntax as (any Error)?)?.localizedDescription == "column 6: wildcards are only allowed in selectors")
    let engine = StyleEngine(sheets: [try StyleSheet(yaml: "styles:\n  title: { size: big }\n", name: "app.yaml")])
    struct Title: Decodable { var size: Double }
    let decoding = #expect(throws: StyleDecodingError.self) { try engine.bestMatch(for: "title").decode(Title.self) }
    #expect(
      (decoding as (any Error)?)?.localizedDescription.hasPrefix("app.yaml:2:3: error: cannot decode 'size'") == true)
  }
}
