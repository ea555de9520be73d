import Testing

@testable import Stylist

/// A style's values under every set of current themes a query can have
/// (docs/SHEETS.md: Theme axes) must be what the same styles give in a sheet whose
/// only variables are the global ones with the current themes' laid over
/// them in axis order: an oracle that shares nothing with the loader's
/// evaluation under sets of themes but the evaluation of one body.
@Suite struct AxisValuesOracleTests {
  static let variableNames = (0..<6).map { "v\($0)" }

  /// One random sheet's parts: variables by theme ("" for the global ones).
  struct RandomSheet {
    var axes: [ThemeAxis]
    var unlisted: [String]
    var variables: [String: [(name: String, value: String)]]
    var styles: [(selector: String, themes: [String], body: String)]

    func yaml(variablesUnder current: [String]?) -> String {
      var text = "axes:\n"
      for axis in axes {
        text += "  \(axis.name): { themes: [\(axis.themes.joined(separator: ", "))]"
        text += axis.defaultTheme.map { ", default: \($0) }\n" } ?? " }\n"
      }
      var global = variables[""] ?? []
      if let current {
        // The oracle: every current theme's leaves over the global ones, in axis order.
        for theme in current {
          for (name, value) in variables[theme] ?? [] {
            if let at = global.firstIndex(where: { $0.name == name }) {
              global[at].value = value
            } else {
              global.append((name, value))
            }
          }
        }
      }
      text += "variables:\n" + global.map { "  \($0.name): \"\($0.value)\"\n" }.joined()
      if current == nil {
        text += "themes:\n"
        for (theme, entries) in variables where !theme.isEmpty && !entries.isEmpty {
          text += "  \(theme):\n    variables:\n" + entries.map { "      \($0.name): \"\($0.value)\"\n" }.joined()
        }
      }
      // The oracle has the styles that apply under its themes.
      let applying = styles.filter { style in current.map { style.themes.allSatisfy($0.contains) } ?? true }
      text += "styles:\n" + applying.map { "  \"\($0.selector)\": { \($0.body) }\n" }.joined()
      return text
    }
  }

  static func randomSheet(using generator: inout SeededGenerator, round: Int) -> RandomSheet {
    let axes = [
      ThemeAxis(name: "appearance", themes: ["light", "dark"], defaultTheme: round % 4 == 1 ? "light" : nil),
      ThemeAxis(name: "density", themes: ["regular", "compact"], defaultTheme: round % 3 == 0 ? "regular" : nil),
      ThemeAxis(name: "contrast", themes: ["normal", "high"]),
    ].prefix(round % 2 == 0 ? 2 : 3)
    let unlisted = round % 5 == 0 ? ["brand"] : []
    // A value names only variables before it, so no set of themes makes a cycle.
    func value(_ index: Int, _ literal: String) -> String {
      guard index > 0, Bool.random(using: &generator) else { return literal }
      let target = variableNames[Int.random(in: 0..<index, using: &generator)]
      return Bool.random(using: &generator) ? "$\(target)" : "${\(target)}-\(literal)"
    }
    var variables: [String: [(name: String, value: String)]] = [:]
    // Some rounds leave the last variable to the themes.
    let globalCount = round % 3 == 0 ? variableNames.count - 1 : variableNames.count
    variables[""] = (0..<globalCount).map { (variableNames[$0], value($0, "g\($0)")) }
    for theme in axes.flatMap(\.themes) + unlisted where Double.random(in: 0..<1, using: &generator) < 0.7 {
      variables[theme] = variableNames.indices.filter { _ in Bool.random(using: &generator) }.map {
        (variableNames[$0], value($0, "\(theme)\($0)"))
      }
    }
    var styles: [(selector: String, themes: [String], body: String)] = []
    for index in 0..<8 {
      let themes =
        RandomSheets.themes(of: Array(axes), share: 0.25, using: &generator)
        + (unlisted.isEmpty || Bool.random(using: &generator) ? [] : unlisted)
      let selector = (themes.map { "@\($0)/" } + ["s\(index)"]).joined()
      var entries = (0..<Int.random(in: 1...3, using: &generator)).map { property in
        Double.random(in: 0..<1, using: &generator) < 0.8
          ? "p\(property): \"$\(variableNames.randomElement(using: &generator)!)\"" : "p\(property): plain"
      }
      // A themed target is evaluated under its own themes: only those the style names too keep the oracle simple.
      let targets = styles.indices.filter { Set(styles[$0].themes).isSubset(of: themes) }
      if let target = targets.randomElement(using: &generator), Double.random(in: 0..<1, using: &generator) < 0.3 {
        entries.append("extends: \"\(styles[target].selector)\"")
      }
      styles.append((selector, themes, entries.joined(separator: ", ")))
    }
    return RandomSheet(axes: Array(axes), unlisted: unlisted, variables: variables, styles: styles)
  }

  /// Every set of themes given to a query: per axis none or one of its themes.
  static func themeSets(_ sheet: RandomSheet) -> [[String]] {
    var sets: [[String]] = [[]]
    for choices in sheet.axes.map(\.themes) + (sheet.unlisted.isEmpty ? [] : [sheet.unlisted]) {
      sets += sets.flatMap { set in choices.map { set + [$0] } }
    }
    return sets
  }

  /// The current themes of a query given `themes`, in axis order, worked
  /// out from the rules alone (docs/SHEETS.md: Theme axes): the given themes on
  /// their axes (the declared ones, then the axis of unlisted themes),
  /// each declared axis without one at its default.
  static func current(_ themes: [String], axes: [ThemeAxis]) -> [String] {
    let slot = { (theme: String) in axes.firstIndex { $0.themes.contains(theme) } ?? axes.count }
    var bySlot = [String?](repeating: nil, count: axes.count + 1)
    for theme in themes { bySlot[slot(theme)] = theme }
    for (index, axis) in axes.enumerated() where bySlot[index] == nil { bySlot[index] = axis.defaultTheme }
    return bySlot.compactMap { $0 }
  }

  /// The sheet loads when every set of current themes a query can have
  /// gives values to every style that applies under it, and then its values
  /// are those.
  @Test func valuesUnderEverySetOfThemesMatchTheMergedVariables() throws {
    var generator = SeededGenerator(seed: 11)
    var (loaded, refused) = (0, 0)
    for round in 0..<150 {
      let sheet = Self.randomSheet(using: &generator, round: round)
      let text = sheet.yaml(variablesUnder: nil)
      let loadedSheet = try? StyleSheet(yaml: text, name: "axes.yaml")
      let index = loadedSheet.map { StyleIndex(sheets: [$0]) }
      var everyOracleLoads = true
      for given in Self.themeSets(sheet) {
        let current = Self.current(given, axes: sheet.axes)
        guard let oracle = try? StyleSheet(yaml: sheet.yaml(variablesUnder: current), name: "oracle.yaml") else {
          everyOracleLoads = false
          continue
        }
        guard let index else { continue }
        let valuesKey = index.currentThemes(QueryOptions(themes: given), node: []).valuesKey
        for expected in oracle.rules {
          let rule = index.rules.first { $0.selector == expected.selector }!
          #expect(
            rule.properties(under: valuesKey) == expected.style.properties,
            "\(rule.name) under \(current) in\n\(text)")
        }
      }
      #expect((index != nil) == everyOracleLoads, "loads: \(index != nil) in\n\(text)")
      if index != nil { loaded += 1 } else { refused += 1 }
    }
    // Both outcomes are exercised.
    #expect(loaded > 50 && refused > 10, "\(loaded) loaded, \(refused) refused")
  }
}
