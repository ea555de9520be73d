import Testing

@testable import Stylist

/// Usage reports against an exhaustive oracle: every rule ranked by brute
/// force (`NaiveResolver`, which shares nothing with the index but the rule
/// values) for every node under every set of themes, counted in the test:
/// wins, applies, the reason each unused style is unused, `beatenBy` with
/// its tie rule, the default-only nodes. Random sheets over two declared
/// axes (one with a default) and the axis of unlisted themes, both modes,
/// current themes and every set, nodes as identifiers and as lines, on one
/// worker and on several.
@Suite struct UsageCounterTests {
  static let axes = [
    ThemeAxis(name: "appearance", themes: ["light", "dark"]),
    ThemeAxis(name: "density", themes: ["regular", "compact"], defaultTheme: "regular"),
  ]
  /// A theme no axis lists: on the axis of unlisted themes.
  static let unlisted = "brand"

  /// The themes of a selector or node: each axis's with probability `share`, and maybe `brand`.
  static func themes(share: Double, using generator: inout SeededGenerator) -> [String] {
    RandomSheets.themes(of: axes, share: share, using: &generator)
      + (Double.random(in: 0..<1, using: &generator) < share / 2 ? [unlisted] : [])
  }

  /// The sets of current themes the oracle answers under: the engine's
  /// alone, or every set (per declared axis each theme, or none without a
  /// default; on the unlisted axis `brand`, when a sheet mentions it, or
  /// none), the engine's themes fixing their axes.
  static func oracleSets(engineThemes: [String], each: Bool, mentioned: Bool) -> [[String]] {
    guard each else { return [engineThemes] }
    var choices: [[String?]] = [["light", "dark", nil], ["regular", "compact"], mentioned ? [unlisted, nil] : [nil]]
    for theme in engineThemes {
      let axis = axes.firstIndex { $0.themes.contains(theme) } ?? 2
      choices[axis] = [theme]
    }
    var sets: [[String]] = [[]]
    for axis in choices { sets = sets.flatMap { set in axis.map { $0.map { set + [$0] } ?? set } } }
    return sets
  }

  /// The current themes of `node` under `set`: by axis, the node's theme,
  /// else the set's, else the axis's default.
  static func current(node: [String], set: [String]) -> [String] {
    var current = axes.compactMap { axis in
      node.first(where: axis.themes.contains) ?? set.first(where: axis.themes.contains) ?? axis.defaultTheme
    }
    if node.contains(unlisted) || set.contains(unlisted) { current.append(unlisted) }
    return current
  }

  /// The report counted by brute force.
  static func oracle(
    _ rules: [StyleRule], nodes: [NodeIdentifier], sets: [[String]], mode: PrecedenceMode
  ) -> UsageReport {
    var wins = Array(repeating: 0, count: rules.count)
    var applies = Array(repeating: 0, count: rules.count)
    var beaten = Array(repeating: [Int: Int](), count: rules.count)
    var defaultOnly: [String] = []
    for node in nodes {
      for set in sets {
        let ranking = NaiveResolver.ranking(
          rules, node: node, current: current(node: node.themes, set: set), mode: mode,
          placement: BruteForcePlacement.best)
        guard let winner = ranking.first?.order else {
          if !defaultOnly.contains(node.description) { defaultOnly.append(node.description) }
          continue
        }
        wins[winner] += 1
        for ranked in ranking {
          applies[ranked.order] += 1
          if ranked.order != winner { beaten[ranked.order][winner, default: 0] += 1 }
        }
      }
    }
    let styles = rules.indices.map {
      UsageReport.StyleUsage(selector: rules[$0].name, source: nil, wins: wins[$0], applies: applies[$0])
    }
    let unused = rules.indices.filter { wins[$0] == 0 }.map { order -> UsageReport.UnusedStyle in
      // Most often; of several as often, the one defined first.
      let most = beaten[order].max { left, right in
        left.value != right.value ? left.value < right.value : left.key > right.key
      }
      return UsageReport.UnusedStyle(
        selector: rules[order].name, source: nil, reason: applies[order] == 0 ? .neverApplies : .alwaysBeaten,
        beatenBy: most.map { rules[$0.key].name })
    }
    return UsageReport(
      nodes: nodes.count, answers: nodes.count * sets.count, styles: styles, unused: unused,
      defaultOnly: defaultOnly)
  }

  @Test(arguments: PrecedenceMode.allCases, [UsageThemes.current, .eachSet])
  func reportAgreesWithTheOracle(mode: PrecedenceMode, themes: UsageThemes) throws {
    var generator = SeededGenerator(seed: (mode == .themed ? 11 : 12) + (themes == .current ? 0 : 2))
    var reasons: [UsageReport.UnusedStyle.Reason: Int] = [:]
    var defaultOnly = 0
    for _ in 0..<30 {
      var seen = Set<StyleSelector>()
      let rules = (0..<Int.random(in: 1...30, using: &generator)).compactMap { order -> StyleRule? in
        var selector = RandomSheets.selector(using: &generator, themes: [])
        for theme in Self.themes(share: 0.3, using: &generator) { selector = selector.themed(theme) }
        guard seen.insert(selector).inserted else { return nil }
        return StyleRule(selector, ["order": .int(order)])
      }
      let engineThemes = Self.themes(share: 0.3, using: &generator)
      let engine = StyleEngine(
        sheets: [StyleSheet(rules: rules, axes: Self.axes)], themes: Set(engineThemes), mode: mode)
      let nodes = (0..<Int.random(in: 1...200, using: &generator)).map { _ in
        var node = RandomSheets.node(using: &generator, maxDepth: 4)
        node.themes = Self.themes(share: 0.2, using: &generator)
        return node
      }
      let expected = Self.oracle(
        rules, nodes: nodes,
        sets: Self.oracleSets(
          engineThemes: engineThemes, each: themes == .eachSet,
          mentioned: rules.contains { $0.selector.themes.contains(Self.unlisted) }), mode: mode)
      let context = "themes \(engineThemes) rules \(rules.map(\.name))"

      let report = try engine.usage(of: nodes, themes: themes)
      #expect(report == expected, "\(context)")
      for jobs in [1, 3] {
        var counter = try UsageCounter(engine: engine, themes: themes, jobs: jobs)
        // In two batches, to show counts carry over.
        let half = nodes.count / 2
        counter.count(Array(nodes[..<half]))
        counter.count(Array(nodes[half...]))
        #expect(counter.report() == expected, "jobs \(jobs): \(context)")

        var fromLines = try UsageCounter(engine: engine, themes: themes, jobs: jobs)
        let text = Array(nodes.map(\.description).joined().utf8)
        var lines: [NumberedLine] = []
        var start = 0
        for (number, node) in nodes.enumerated() {
          lines.append(NumberedLine(number: number + 1, bytes: start..<start + node.description.utf8.count))
          start += node.description.utf8.count
        }
        let invalid = text.withUnsafeBufferPointer { fromLines.count(lines: lines, in: $0) }
        #expect(invalid.isEmpty)
        #expect(fromLines.report() == expected, "lines, jobs \(jobs): \(context)")
      }
      for unused in expected.unused { reasons[unused.reason, default: 0] += 1 }
      defaultOnly += expected.defaultOnly.count
    }
    // The random sheets reach every outcome the report tells apart.
    #expect(reasons[.neverApplies, default: 0] > 0 && reasons[.alwaysBeaten, default: 0] > 0)
    #expect(defaultOnly > 0)
  }

  /// Of two selectors that beat a style equally often, `beatenBy` names the
  /// one defined first, whichever order they are defined in.
  @Test func beatenByTieGoesToTheOneDefinedFirst() throws {
    for (first, second) in [("x/t", "y/t"), ("y/t", "x/t")] {
      let engine = StyleEngine(sheets: [
        StyleSheet(rules: [
          StyleRule("t", [:]), StyleRule(StyleSelector(stringLiteral: first), [:]),
          StyleRule(StyleSelector(stringLiteral: second), [:]),
        ])
      ])
      let report = try engine.usage(of: ["x/t", "y/t", "x/t", "y/t"])
      #expect(report.unused == [.init(selector: "t", source: nil, reason: .alwaysBeaten, beatenBy: first)])
      #expect(report.styles.map(\.wins) == [0, 2, 2])
      #expect(report.styles.map(\.applies) == [4, 2, 2])
      // One more answer for `second` decides it.
      let decided = try engine.usage(of: ["x/t", "y/t", "x/t", "y/t", NodeIdentifier(stringLiteral: second)])
      #expect(decided.unused.first?.beatenBy == second)
    }
  }

  /// `eachSet` on two axes: per axis each theme, or none when it has no
  /// default; a style of one theme wins under that theme's sets only.
  @Test func eachSetAnswersUnderEveryThemeOfTwoAxes() throws {
    let rules = [
      StyleRule("title", [:]), StyleRule("@dark/title", [:]),
      StyleRule("@compact/title", [:]), StyleRule("@dark/@compact/title", [:]),
    ]
    let engine = StyleEngine(sheets: [StyleSheet(rules: rules, axes: Self.axes)])
    var counter = try UsageCounter(engine: engine, themes: .eachSet)
    // appearance: light, dark, none; density (default regular): regular, compact.
    #expect(counter.themeSetCount == 6)
    counter.count(["title"])
    let report = counter.report()
    #expect(report.answers == 6)
    // title: light and none under regular; @dark/title: dark/regular;
    // @compact/title: light and none under compact; both: dark/compact.
    #expect(report.styles.map(\.wins) == [2, 1, 2, 1])
    #expect(report.styles.map(\.applies) == [6, 2, 3, 1])
    #expect(report.unused.isEmpty)
    // The engine's theme fixes its axis: two sets, both dark.
    engine.themes = ["dark"]
    let fixed = try engine.usage(of: ["title"], themes: .eachSet)
    #expect(fixed.answers == 2)
    #expect(fixed.styles.map(\.wins) == [0, 1, 0, 1])
    #expect(fixed.unused.map(\.beatenBy) == ["@dark/title", rules[3].name])
  }

  /// Past the limit of sets, no report: the error says how to narrow it.
  @Test func tooManyThemeSetsIsAnError() throws {
    let axes = (0..<13).map { ThemeAxis(name: "axis\($0)", themes: ["a\($0)", "b\($0)"]) }
    let engine = StyleEngine(sheets: [StyleSheet(rules: [StyleRule("t", [:])], axes: axes)])
    #expect(throws: UsageError.tooManyThemeSets(limit: UsageCounter.maxThemeSets)) {
      try engine.usage(of: ["t"], themes: .eachSet)
    }
    // 3^13 sets; with six axes fixed, 3^7 fit.
    engine.themes = Set((0..<6).map { "a\($0)" })
    #expect(try UsageCounter(engine: engine, themes: .eachSet).themeSetCount == 2187)
  }

  /// A tree's atoms are its nodes, under its themes unless the engine has
  /// some; nodes repeat, but a default-only one is listed once.
  @Test func treeAtomsAreCountedUnderTheTreesThemes() throws {
    let engine = StyleEngine(sheets: [
      StyleSheet(rules: [StyleRule("title", [:]), StyleRule("@dark/title", [:])], axes: Self.axes)
    ])
    let tree = StyleTree(
      theme: "dark", nodes: [.group(Component(name: "card"), [.atom("title"), .atom("label"), .atom("label")])])
    let report = try engine.usage(of: tree)
    #expect(report.nodes == 3 && report.answers == 3)
    #expect(report.styles.map(\.wins) == [0, 1])
    #expect(report.unused == [.init(selector: "title", source: nil, reason: .alwaysBeaten, beatenBy: "@dark/title")])
    #expect(report.defaultOnly == ["card/label"])
    engine.themes = ["light"]
    #expect(try engine.usage(of: tree).styles.map(\.wins) == [1, 0])
  }

  /// Invalid lines are returned in order with their number and column, and
  /// count nothing; the lines around them count.
  @Test func invalidLinesAreReportedAndNotCounted() throws {
    let engine = StyleEngine(sheets: [StyleSheet(rules: [StyleRule("title", [:])], axes: Self.axes)])
    var counter = try UsageCounter(engine: engine, jobs: 2)
    let texts = ["title", "bad/*/title", "a/title", "@dark/@light/title", "zzz"]
    let bytes = Array(texts.joined().utf8)
    var lines: [NumberedLine] = []
    var start = 0
    for (offset, text) in texts.enumerated() {
      lines.append(NumberedLine(number: 10 + offset, bytes: start..<start + text.utf8.count))
      start += text.utf8.count
    }
    let invalid = bytes.withUnsafeBufferPointer { counter.count(lines: lines, in: $0) }
    #expect(invalid.map(\.number) == [11, 13])
    #expect(invalid.map(\.column) == [5, 7])
    #expect(invalid[1].message == "'dark' and 'light' are both on axis 'appearance'")
    let report = counter.report()
    #expect(report.nodes == 3 && report.styles[0].wins == 2 && report.defaultOnly == ["zzz"])
  }
}
