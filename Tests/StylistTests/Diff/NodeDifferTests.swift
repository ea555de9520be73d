import Testing

@testable import Stylist

/// Node diffs against an oracle: each node answered with `bestMatch` on
/// the old engine and on the new one, the answers compared field by field
/// in the test (selector, default, properties in any order; not the
/// source). Random sheets and their random edits (values changed, rules
/// removed, added, moved, properties reordered), on one worker and on
/// several; and sheet diffs of written sheets, per theme.
@Suite struct NodeDifferTests {
  /// A random sheet and an edit of it: some rules' values change, some go,
  /// some come, the rest move to other places with their properties reordered.
  static func sheets(seed: UInt64) -> (old: StyleSheet, new: StyleSheet) {
    var generator = SeededGenerator(seed: seed)
    var old: [StyleRule] = []
    var seen: Set<StyleSelector> = []
    for position in 0..<40 {
      let selector = RandomSheets.selector(using: &generator, themes: ["dark"])
      guard seen.insert(selector).inserted else { continue }
      let properties: Properties = ["color": .int(position % 5), "size": .int(position % 3)]
      old.append(
        StyleRule(selector, properties, source: SourceLocation(file: "old.yaml", line: position + 1, column: 3)))
    }
    var new: [StyleRule] = []
    for (position, rule) in old.enumerated() {
      var properties = rule.style.properties
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: continue
      case 1: properties["color"] = .int(9)
      case 2: properties.removeValue(forKey: "size")
      default:
        // Moved, its properties in the other order: no change.
        properties = Properties(properties.reversed().map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
      }
      new.append(
        StyleRule(rule.selector, properties, source: SourceLocation(file: "new.yaml", line: 100 - position, column: 1)))
    }
    for _ in 0..<5 {
      let selector = RandomSheets.selector(using: &generator, themes: ["dark"])
      if new.contains(where: { $0.selector == selector }) { continue }
      new.append(StyleRule(selector, ["color": .int(7)]))
    }
    new.shuffle(using: &generator)
    let defaultStyle = Style(properties: ["color": .int(0)])
    return (
      StyleSheet(rules: old, defaultStyle: defaultStyle),
      StyleSheet(rules: new, defaultStyle: seed.isMultiple(of: 2) ? defaultStyle : nil)
    )
  }

  static func answer(_ resolution: Resolution) -> NodeDiff.Answer {
    NodeDiff.Answer(
      selector: resolution.match?.rule.name, isDefault: resolution.isDefault, source: resolution.source,
      properties: resolution.properties)
  }

  /// The same answer: selector, default, the same properties in any order.
  static func same(_ left: NodeDiff.Answer, _ right: NodeDiff.Answer) -> Bool {
    left.selector == right.selector && left.isDefault == right.isDefault
      && left.properties.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key, $0.value) }) }
        == right.properties.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key, $0.value) }) }
  }

  @Test(arguments: [1, 2, 3, 4], [1, 3])
  func agreesWithAnsweringEachNodeOnBothSides(seed: UInt64, jobs: Int) {
    let (oldSheet, newSheet) = Self.sheets(seed: seed)
    var generator = SeededGenerator(seed: seed &+ 100)
    let nodes = (0..<600).map { _ in RandomSheets.node(using: &generator) }
    for themes: Set<String> in [[], ["dark"]] {
      let old = StyleEngine(sheets: [oldSheet], themes: themes)
      let new = StyleEngine(sheets: [newSheet], themes: themes)
      var differ = NodeDiffer(old: old, new: new, jobs: jobs)
      differ.compare(Array(nodes[..<300]))
      differ.compare(Array(nodes[300...]))
      let diff = differ.diff()
      #expect(diff.nodes == nodes.count)
      var expected: [String] = []
      var answers: [String: (NodeDiff.Answer, NodeDiff.Answer)] = [:]
      for node in nodes {
        let before = Self.answer(old.bestMatch(for: node))
        let after = Self.answer(new.bestMatch(for: node))
        guard !Self.same(before, after), answers[node.description] == nil else { continue }
        expected.append(node.description)
        answers[node.description] = (before, after)
      }
      let listed = diff.changes.flatMap(\.nodes)
      #expect(Set(listed) == Set(expected))
      #expect(listed.count == expected.count, "each node once")
      for change in diff.changes {
        for node in change.nodes {
          let (before, after) = answers[node]!
          #expect(Self.same(change.before, before) && Self.same(change.after, after), "\(node)")
        }
      }
      // Groups in order of their first node; no two say the same.
      let firsts = diff.changes.map { expected.firstIndex(of: $0.nodes[0])! }
      #expect(firsts == firsts.sorted())
      #expect(Set(diff.changes.map { [$0.before.compared, $0.after.compared] }).count == diff.changes.count)
      // One worker or several, the same diff.
      var single = NodeDiffer(old: old, new: new, jobs: 1)
      single.compare(nodes)
      #expect(single.diff() == diff)
    }
  }

  @Test func propertiesInAnotherOrderAreNoChange() throws {
    let old = StyleEngine(sheets: [try StyleSheet(yaml: "styles:\n  title: { a: 1, b: 2 }\n")])
    let new = StyleEngine(sheets: [try StyleSheet(yaml: "\n\nstyles:\n  title: { b: 2, a: 1 }\n")])
    #expect(!old.diff(to: new, nodes: ["home/title", "title"]).hasChanges)
    let changed = StyleEngine(sheets: [try StyleSheet(yaml: "styles:\n  title: { b: 2, a: 3 }\n")])
    let diff = old.diff(to: changed, nodes: ["home/title", "title"])
    #expect(diff.changes.count == 1 && diff.changes[0].nodes == ["home/title", "title"])
  }

  /// A tree's themes apply on a side whose engine has none.
  @Test func treeThemesApply() throws {
    let yaml = "styles:\n  title: { c: 1 }\nthemes:\n  dark:\n    styles:\n      title: { c: 2 }\n"
    let old = StyleEngine(sheets: [try StyleSheet(yaml: yaml)])
    let new = StyleEngine(sheets: [try StyleSheet(yaml: yaml.replacingOccurrences(of: "c: 2", with: "c: 3"))])
    let tree = StyleTree(theme: "dark", nodes: [.atom("title")])
    #expect(old.diff(to: new, tree: tree).changedNodes == 1)
    #expect(!old.diff(to: new, tree: StyleTree(nodes: [.atom("title")])).hasChanges)
  }

  static let oldSheet = """
    axes: { appearance: [light, dark] }
    variables: { accent: blue, text: black }
    default: { color: $text }
    styles:
      button: { background: $accent }
      label: { color: $text, size: 12 }
      gone: { x: 1 }
    themes:
      dark:
        variables: { text: white }
    """

  static let newSheet = """
    axes: { appearance: [light, dark] }
    variables: { accent: teal, text: black }
    default: { color: $text }
    styles:
      label: { size: 12, color: $text }
      button: { background: $accent }
      come: { x: 2 }
    themes:
      dark:
        variables: { text: white, accent: navy }
    """

  /// Added and removed once; changed under no theme, then under a theme
  /// only where the change differs from that one.
  @Test func sheetDiffPerTheme() throws {
    let (oldSheet, newSheet) = (
      try StyleSheet(yaml: Self.oldSheet, name: "old.yaml"), try StyleSheet(yaml: Self.newSheet, name: "new.yaml")
    )
    let (old, new) = (StyleEngine(sheets: [oldSheet]), StyleEngine(sheets: [newSheet]))
    let diff = SheetDiff(old: old, new: new)
    #expect(diff.themeSets == [[], ["light"], ["dark"]])
    #expect(diff.added.map(\.selector) == ["come"])
    #expect(diff.removed.map(\.selector) == ["gone"])
    #expect(diff.changed.map(\.themes) == [[], ["dark"]])
    let plain = diff.changed[0].styles
    #expect(plain.map(\.after.selector) == ["button"])
    #expect(plain[0].before.properties == ["background": "blue"] && plain[0].after.properties == ["background": "teal"])
    #expect(plain[0].before.source?.file == "old.yaml" && plain[0].after.source?.file == "new.yaml")
    let dark = diff.changed[1].styles
    #expect(dark.map(\.after.properties) == [["background": "navy"]])
    #expect(!SheetDiff(old: old, new: old).hasChanges)
    let underDark = SheetDiff(
      old: StyleEngine(sheets: [oldSheet], themes: ["dark"]), new: StyleEngine(sheets: [newSheet], themes: ["dark"]))
    #expect(underDark.themeSets == [["dark"]])
    #expect(underDark.changed.map { $0.styles.map(\.after.properties) } == [[["background": "navy"]]])
    // The variables change too: `accent` under no theme, and under dark, where it differs.
    #expect(diff.changed[0].variables.map(\.after.path) == ["accent"])
    #expect(diff.changed[0].variables.map(\.after.value) == ["teal"])
    #expect(diff.changed[0].variables[0].before.source.description == "old.yaml:2:14")
    #expect(diff.changed[1].variables.map { [$0.before.value, $0.after.value] } == [["blue", "navy"]])
    #expect(diff.addedVariables.isEmpty && diff.removedVariables.isEmpty)
  }

  /// Variables (tokens among them) added, removed and changed, each resolved:
  /// a changed leaf shows at every variable that refers to it.
  @Test func sheetDiffComparesResolvedVariables() throws {
    let old = StyleEngine(sheets: [try StyleSheet(yaml: "variables: { ink: '#111111', brand: $ink, gone: 1 }\n")])
    let new = StyleEngine(sheets: [try StyleSheet(yaml: "variables: { ink: '#222222', brand: $ink, come: 2 }\n")])
    let diff = SheetDiff(old: old, new: new)
    #expect(diff.addedVariables.map(\.path) == ["come"] && diff.removedVariables.map(\.path) == ["gone"])
    #expect(diff.changed.count == 1 && diff.changed[0].styles.isEmpty)
    #expect(diff.changed[0].variables.map(\.after.path) == ["ink", "brand"])
    #expect(diff.changed[0].variables.map(\.after.value) == ["#222222", "#222222"])
    #expect(diff.hasChanges && !SheetDiff(old: new, new: new).hasChanges)
    #expect(
      TextRenderer().sheetDiff(diff) == """
        added variables (1):
        <string>:1:43: come = 2
        removed variables (1):
        <string>:1:43: gone = 1
        variables changed (2):
        <string>:1:14: ink
          - #111111
          + #222222
        <string>:1:30: brand
          - #111111
          + #222222
        0 added, 0 removed, 0 changed; variables 1 added, 1 removed, 2 changed; 1 set of themes compared

        """)
  }

  /// A value that is the same on both sides is no change in text, NaN
  /// included (`PropertyValue.isSame(as:)`), as in Markdown and JSON.
  @Test func textShowsOnlyTheValuesThatChangeNaNIncluded() throws {
    let old = StyleEngine(sheets: [try StyleSheet(yaml: "styles:\n  title: { opacity: .nan, color: red }\n")])
    let new = StyleEngine(sheets: [try StyleSheet(yaml: "styles:\n  title: { opacity: .nan, color: blue }\n")])
    let lines = TextRenderer().sheetDiff(SheetDiff(old: old, new: new)).split(separator: "\n")
    #expect(lines.contains("  - color: red") && lines.contains("  + color: blue"))
    #expect(!lines.contains { $0.contains("opacity") })
    let nodes = TextRenderer().nodeDiff(old.diff(to: new, nodes: ["title"])).split(separator: "\n")
    #expect(nodes.contains("  - color: red") && !nodes.contains { $0.contains("opacity") })
  }

  @Test func textMarksBeforeAndAfter() throws {
    let old = StyleEngine(sheets: [try StyleSheet(yaml: Self.oldSheet, name: "old.yaml")])
    let new = StyleEngine(sheets: [try StyleSheet(yaml: Self.newSheet, name: "new.yaml")])
    let diff = old.diff(to: new, nodes: ["home/button", "label", "nothing"])
    #expect(
      TextRenderer().nodeDiff(diff) == """
        home/button
            selector: button  (old.yaml:5:3, new.yaml:6:3)
          - background: blue
          + background: teal

        1 of 3 nodes changes

        """)
    let coloured = TextRenderer(palette: TextPalette(usesColour: true)).nodeDiff(diff)
    #expect(coloured.contains("\u{1B}[31m  - background: blue\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[32m  + background: teal\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[1mhome/button\u{1B}[0m"))
  }
}
