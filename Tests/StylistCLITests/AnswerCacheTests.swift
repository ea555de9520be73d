import Foundation
import Stylist
import Testing

@testable import StylistCLI

/// The rendered answers `batch` copies: each is `resolutionValue`'s JSON
/// after the node field, under every theme, and stays so when the arena
/// starts over at its byte limit.
@Suite struct AnswerCacheTests {
  @Test(arguments: [1 << 31, 600])
  func answersAreTheResolutionsJSON(byteLimit: Int) throws {
    let sheet = try StyleSheet(contentsOf: CLIRunner.fixtures.appendingPathComponent("demo/demo.yaml").path)
    let index = StyleIndex(sheets: [sheet])
    var cache = AnswerCache(ruleCount: index.rules.count, themes: index.themes, byteLimit: byteLimit)
    let nodes = [
      "home/header/searchBar/label", "@dark/card/background", "card/background", "@sepia/card/background",
      "nothing", "@dark/nothing", "header[selected]/title", "client/searchbar[disabled]/image",
    ]
    // Three rounds: rendered, then copied, over a limit that makes it start over.
    for _ in 0..<3 {
      for node in nodes {
        let answer = try Array(node.utf8).withUnsafeBufferPointer { try index.bestMatch(utf8: $0) }
        var rendered = ""
        cache.withRendered(answer) { rendered = String(decoding: $0, as: UTF8.self) }
        let whole = resolutionValue(answer, node: "").jsonText
        #expect(#"{"node":"""# + rendered == whole, "\(node)")
      }
    }
  }
}
