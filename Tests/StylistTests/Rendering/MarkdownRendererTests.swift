import Foundation
import Testing

@testable import Stylist

/// `MarkdownRenderer`: diffs as a pull-request comment; goldens of both
/// kinds of diff (Fixtures/diff, Fixtures/values) are compared by the
/// command-line tests, these hold the escaping and the row limit.
@Suite struct MarkdownRendererTests {
  /// Sheet text in a cell is a code span: `|` escaped, the fence longer
  /// than any backtick run, a line break a new span after `<br>`.
  @Test func cellsAreCodeSpans() {
    #expect(MarkdownRenderer.code("a | b") == #"`a \| b`"#)
    #expect(MarkdownRenderer.code("x `y` ``z``") == "``` x `y` ``z`` ```")
    #expect(MarkdownRenderer.code("@octocat <b>") == "`@octocat <b>`")
    #expect(MarkdownRenderer.code("one\ntwo\r\nthree") == "`one`<br>`two`<br>`three`")
    #expect(MarkdownRenderer.code("") == "`  `")
  }

  func answer(_ padding: Int) -> NodeDiff.Answer {
    NodeDiff.Answer(
      selector: "card", isDefault: false, source: nil, properties: ["padding": ["value": .int(padding), "unit": "px"]])
  }

  /// Past the limit, a line says how many rows are left out.
  @Test func rowsPastTheLimitAreCounted() {
    let diff = NodeDiff(
      nodes: 5,
      changes: [NodeDiff.Change(before: answer(12), after: answer(16), nodes: ["a", "b", "@dark/c", "d", "e"])])
    let text = MarkdownRenderer(maximumRows: 3).nodeDiff(diff)
    #expect(
      text == """
        **5 of 5 nodes change**

        ### Nodes that name no theme

        | Node | Selector | Changes |
        | --- | --- | --- |
        | `a` | `card` | `padding: 12px → 16px` |
        | `b` | `card` | `padding: 12px → 16px` |
        | `d` | `card` | `padding: 12px → 16px` |

        … and 2 more nodes not shown (`--format json` lists every one).

        """)
  }

  @Test func nothingChangedIsTheSummaryAlone() {
    #expect(MarkdownRenderer().nodeDiff(NodeDiff(nodes: 2, changes: [])) == "**0 of 2 nodes change**\n")
  }
}
