import Testing

@testable import Stylist

/// A large sheet's trie (or, for `lint`, its rules that can never win) is
/// made on a second thread while its rules are compiled; the index must
/// answer, and the warnings read, exactly as when made from the rules after.
@Suite struct LoadedTrieTests {
  @Test func theTrieBuiltWhileCompilingAnswersAsOneBuiltAfter() throws {
    let threaded = LoadOptions(backgroundParsingThreshold: 0)
    let sheet = try StyleSheet(contentsOf: [FixturePaths.path("demo/demo.yaml")], options: threaded)
    #expect(sheet.trie != nil)
    let loaded = StyleIndex(sheets: [sheet])
    let rebuilt = StyleIndex(rules: sheet.rules, defaultStyle: sheet.defaultStyle)
    let tree = try StyleTree(contentsOf: FixturePaths.path("demo/tree.yaml"))
    let nodes: [NodeIdentifier] =
      tree.identifiers + ["home/header/searchBar/label", "card[highlighted]/title", "@dark/card/background", "nothing"]
    for node in nodes {
      for options in [QueryOptions(theme: nil, mode: .themed), QueryOptions(theme: "dark", mode: .classic)] {
        #expect(
          loaded.rankedCandidates(for: node, options: options) == rebuilt.rankedCandidates(for: node, options: options))
        #expect(loaded.cascade(for: node, options: options) == rebuilt.cascade(for: node, options: options))
      }
    }
    var edited = sheet
    edited.rules.removeLast()
    #expect(edited.trie == nil)
    #expect(try StyleSheet(contentsOf: FixturePaths.path("demo/demo.yaml")).trie == nil)
    // Fewer than a quarter of the bodies to evaluate: built after, as usual.
    let mostlyLiteral =
      "variables: { v: 3 }\nstyles:\n  a: { x: 1 }\n  b: { y: 2 }\n  c: { z: 3 }\n  d: { w: 4 }\n  e: { u: $v }\n"
    #expect(try StyleSheet(yaml: mostlyLiteral, options: threaded).trie == nil)
    #expect(try StyleSheet(yaml: mostlyLiteral + "  f: { t: $v }\n", options: threaded).trie != nil)
  }

  /// A sheet loaded only to be checked or printed (`lint`, `dump`) builds
  /// no trie while compiling; an index over it builds its own and answers
  /// as any other, and checking it finds what loading it to query does.
  @Test func aSheetLoadedForCheckingBuildsNoTrie() throws {
    let threaded = LoadOptions(backgroundParsingThreshold: 0)
    let path = FixturePaths.path("demo/demo.yaml")
    let checked = try StyleSheet(contentsOf: [path], dashIsStandardInput: false, options: threaded, for: .printing)
    let queried = try StyleSheet(contentsOf: [path], dashIsStandardInput: false, options: threaded)
    #expect(checked.trie == nil && queried.trie != nil)
    let (checkedIndex, queriedIndex) = (StyleIndex(sheets: [checked]), StyleIndex(sheets: [queried]))
    for node: NodeIdentifier in ["home/header/searchBar/label", "card[highlighted]/title", "@dark/card/background"] {
      #expect(checkedIndex.rankedCandidates(for: node) == queriedIndex.rankedCandidates(for: node))
    }
    #expect(checked.rules == queried.rules && checked.warnings == queried.warnings)
    let diagnosed = StyleSheet.diagnosedSheet([path], dashIsStandardInput: false, options: threaded)
    #expect(diagnosed.sheet?.trie == nil && diagnosed.sheet?.rules == queried.rules)
  }

  /// A large sheet being linted has its rules that can never win found on
  /// the second thread instead, with the same warnings.
  @Test func theNeverWinsCheckMadeWhileCompilingWarnsAsOneMadeAfter() {
    let path = FixturePaths.path("sheets/shadowed.yaml")
    let threaded = StyleSheet.diagnosedSheet(
      [path], dashIsStandardInput: false, options: .init(backgroundParsingThreshold: 0))
    #expect(threaded.sheet?.neverWins?.count == 3)
    #expect(threaded.sheet?.trie == nil)
    let after = StyleSheet.diagnosedSheet([path], dashIsStandardInput: false)
    #expect(after.sheet?.neverWins == nil)
    #expect(threaded.diagnostics == after.diagnostics && after.diagnostics.count == 3)
  }

  @Test func aFailedLoadWaitsForItsTrieAndThrows() {
    let threaded = LoadOptions(backgroundParsingThreshold: 0)
    #expect(throws: SheetLoadError.self) {
      try StyleSheet(bytes: Array("styles:\n  a: { x: $missing }\n  b: { y: 1 }\n".utf8), options: threaded)
    }
  }
}
