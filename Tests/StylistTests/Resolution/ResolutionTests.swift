import Synchronization
import Testing

@testable import Stylist

@Suite struct ResolutionTests {
  @Test func defaultStyleWhenNothingApplies() throws {
    let sheet = try index(["title"], default: ["background": "green"])
    let none = sheet.bestMatch(for: "other")
    #expect(none.match == nil)
    #expect(none.isDefault)
    #expect(none.properties == ["background": "green"])
    let some = sheet.bestMatch(for: "title")
    #expect(!some.isDefault)
    #expect(some.properties == ["selector": "title"])
  }

  @Test func noDefaultMeansUnresolved() throws {
    let resolution = try index(["title"]).bestMatch(for: "other")
    #expect(!resolution.isResolved)
    #expect(!resolution.isDefault)
  }

  @Test func cascadeMergesWeakestFirst() throws {
    let rules = [
      StyleRule("label", ["font": "body", "color": "black", "size": 12]),
      StyleRule("header/label", ["color": "red"]),
      StyleRule("header[selected]/label", ["size": 14]),
      StyleRule("footer/label", ["color": "blue"]),
    ]
    let resolution = StyleIndex(rules: rules).cascade(for: "header[selected]/label")
    #expect(resolution.match?.rule.name == "header[selected]/label")
    #expect(resolution.properties == ["font": "body", "color": "red", "size": 14])
    #expect(
      StyleIndex(rules: rules, defaultStyle: Style(properties: ["d": 1])).cascade(for: "x").properties == ["d": 1])
  }

  @Test func laterSheetReplacesSameSelector() throws {
    let first = StyleSheet(rules: [StyleRule("*/title", ["v": 1]), StyleRule("a/title", ["v": 2])])
    let second = StyleSheet(
      rules: [StyleRule("title", ["v": 3])], defaultStyle: Style(properties: ["d": 2]), mode: .classic)
    let merged = StyleIndex(sheets: [first, second])
    #expect(merged.rules.map(\.name) == ["a/title", "title"])
    #expect(merged.declaredMode == .classic)
    #expect(merged.bestMatch(for: "b/title").properties == ["v": 3])
    #expect(merged.bestMatch(for: "zzz").properties == ["d": 2])
  }

  @Test func themedPropertiesFollowTheTheme() throws {
    let style = Style(properties: ["color": "black"], themed: [ThemeSet("dark"): ["color": "white"]])
    let sheet = StyleIndex(rules: [StyleRule(selector: "title", style: style)])
    #expect(sheet.bestMatch(for: "title").properties == ["color": "black"])
    #expect(sheet.bestMatch(for: "title", options: .init(theme: "dark")).properties == ["color": "white"])
    #expect(sheet.bestMatch(for: "@dark/title").properties == ["color": "white"])
    #expect(sheet.bestMatch(for: "@dark/title", options: .init(theme: "light")).theme == "dark")
  }

  @Test func matchesRanksAndExplains() throws {
    let sheet = try index(["label", "@dark/label", "footer/label", "header/label", "lab*", "title"])
    let candidates = sheet.rankedCandidates(for: "header/label")
    #expect(candidates.map(\.rule.name) == ["header/label", "label", "lab*", "@dark/label", "footer/label"])
    guard case .applies(let specificity, let rank) = candidates[0].outcome else {
      Issue.record("winner should apply")
      return
    }
    #expect(rank == 1)
    #expect(specificity.vector == [3, 12])
    #expect(candidates[3].outcome == .doesNotApply(.theme(required: "dark", current: nil)))
    #expect(candidates[4].outcome == .doesNotApply(.missingComponent("footer")))
  }

  @Test func resolvesTrees() throws {
    let sheet = try index(["client/close", "searchbar[disabled]/text", "heading", "@dark/heading"])
    let tree = StyleTree(
      theme: "dark",
      nodes: [
        .group("client", [.group("searchbar[disabled]", [.atom("close"), .atom("text")]), .atom("heading")])
      ])
    #expect(
      tree.identifiers.map(\.description) == [
        "client/searchbar[disabled]/close", "client/searchbar[disabled]/text", "client/heading",
      ])
    let stylist = StyleEngine(sheets: [StyleSheet(rules: sheet.rules)])
    #expect(
      stylist.resolve(tree).map { $0.match?.rule.name } == [
        "client/close", "searchbar[disabled]/text", "@dark/heading",
      ])
    stylist.theme = "light"
    #expect(stylist.resolve(tree).last?.match?.rule.name == "heading")
  }

  /// Outermost groups named `@theme` are the atoms' themes, as a node's
  /// leading `@` parts are: each identifier parses back from its text.
  @Test func treeGroupsNamingThemesAreThemes() throws {
    let tree = StyleTree(nodes: [
      .group("@dark", [.atom("heading"), .group("client", [.group("@x", [.atom("close")])])]),
      .group("@dark[v]", [.atom("t")]),
    ])
    #expect(tree.identifiers.map(\.themes) == [["dark"], ["dark"], []])
    #expect(tree.identifiers.map(\.path.count) == [0, 2, 1])
    for identifier in tree.identifiers.prefix(2) {
      #expect(try NodeIdentifier(parsing: identifier.description) == identifier)
    }
    let stylist = StyleEngine(sheets: [StyleSheet(rules: try index(["heading", "@dark/heading"]).rules)])
    #expect(stylist.resolve(tree).first?.match?.rule.name == "@dark/heading")
  }

  @Test func deepTreesDoNotRecurse() {
    var items = (0..<100_000).map { StyleTree.Item(depth: $0, kind: .group(Component(name: "g\($0 % 3)"))) }
    items.append(StyleTree.Item(depth: 100_000, kind: .atom("leaf")))
    items.append(StyleTree.Item(depth: 1, kind: .atom("shallow")))
    let identifiers = StyleTree(items: items).identifiers
    #expect(identifiers.count == 2)
    #expect(identifiers[0].path.count == 100_000)
    #expect(identifiers[1].description == "g0/shallow")
  }
}

@Suite struct StyleEngineTests {
  @Test func modeComesFromOptionThenSheetsThenThemed() throws {
    let stylist = StyleEngine(sheets: [
      StyleSheet(rules: [StyleRule("a/b/c/d/token", [:]), StyleRule("@dark/token", [:])])
    ])
    stylist.theme = "dark"
    #expect(stylist.bestMatch(for: "a/b/c/d/token").match?.rule.name == "@dark/token")
    stylist.replace(with: [StyleSheet(rules: stylist.index.rules, mode: .classic)])
    #expect(stylist.bestMatch(for: "a/b/c/d/token").match?.rule.name == "a/b/c/d/token")
    stylist.mode = .themed
    #expect(stylist.bestMatch(for: "a/b/c/d/token").match?.rule.name == "@dark/token")
  }

  @Test func observersHearReplacements() throws {
    let stylist = StyleEngine()
    let counter = Counter()
    let token = stylist.observe { _ in counter.add(stylist.index.rules.count) }
    stylist.replace(with: [StyleSheet(rules: [StyleRule("a", [:])])])
    stylist.replace(with: [StyleSheet(rules: [StyleRule("a", [:]), StyleRule("b", [:])])])
    token.cancel()
    stylist.replace(with: [])
    #expect(counter.values == [1, 2])
  }
}

/// A thread-safe list of observed values.
final class Counter: Sendable {
  private let storage = Synchronization.Mutex<[Int]>([])
  func add(_ value: Int) { storage.withLock { $0.append(value) } }
  var values: [Int] { storage.withLock { $0 } }
}
