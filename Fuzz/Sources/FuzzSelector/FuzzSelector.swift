import FuzzDriver
import Glibc
import Stylist

@main enum FuzzSelectorMain {
  static func main() {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzSelector(data, size) })
  }
}

/// libFuzzer entry: the input's first line is a selector, the rest a node.
/// Parsing must never crash; what parses must print back to text that parses
/// to the same value; matching, explaining and image names must not crash.
func fuzzSelector(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
  let selector = try? StyleSelector(parsing: String(parts[0]))
  let node = parts.count > 1 ? try? NodeIdentifier(parsing: String(parts[1])) : nil
  if let selector {
    precondition(StyleSelector(selector.description) == selector, "selector '\(selector)' does not round-trip")
  }
  if let node {
    precondition(NodeIdentifier(node.description) == node, "node '\(node)' does not round-trip")
    for name in StyleEngine().imageNames(for: node).prefix(64) { _ = name }
  }
  if let selector, let node {
    let rule = StyleRule(selector, ["fuzz": true])
    let stylist = StyleEngine(sheets: [StyleSheet(rules: [rule])], theme: node.theme)
    let matches = stylist.rankedCandidates(for: node)
    let best = stylist.bestMatch(for: node)
    precondition(matches.count <= 1, "one rule gives at most one candidate")
    let applies = (selector.theme == nil || selector.theme == node.theme) && selector.specificity(on: node) != nil
    precondition((best.match != nil) == applies, "'\(selector)' on '\(node)': index and matcher disagree")
  }
  return 0
}
