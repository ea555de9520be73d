@testable import Stylist

/// An index of rules with empty properties, one per selector, in the given order.
func index(_ selectors: [String], default defaultProperties: Properties? = nil) throws -> StyleIndex {
  let rules = try selectors.map { StyleRule(try StyleSelector(parsing: $0), ["selector": .string($0)]) }
  return StyleIndex(rules: rules, defaultStyle: defaultProperties.map { Style(properties: $0) })
}

/// Names of the applicable rules for `node`, best first.
func ranking(_ selectors: [String], node: String, theme: String? = nil, mode: PrecedenceMode = .themed) throws
  -> [String]
{
  try index(selectors)
    .applicableMatches(for: NodeIdentifier(parsing: node), options: QueryOptions(theme: theme, mode: mode))
    .map(\.rule.name)
}

/// The winner's name for `node`, or nil.
func winner(_ selectors: [String], node: String, theme: String? = nil, mode: PrecedenceMode = .themed) throws -> String?
{
  try index(selectors)
    .bestMatch(for: NodeIdentifier(parsing: node), options: QueryOptions(theme: theme, mode: mode))
    .match?.rule.name
}

/// `Fuzz/Sources/FuzzRender`'s steps: answers, cascades and explanations of
/// the first rules' nodes in text, JSON and YAML, the resolved dump, the
/// preview page and every export format, over a sheet that loaded. Whether
/// the preview page came out whole (a plain result, so a caller on a thread
/// of its own can check it).
@discardableResult
func renderThroughEveryRenderer(_ sheet: StyleSheet, options: LoadOptions = LoadOptions()) -> Bool {
  let engine = StyleEngine(sheets: [sheet])
  let tokens = sheet.rules.prefix(8).map { $0.selector.token.name.description }
  let nodes = tokens.map { NodeIdentifier(path: [], token: $0) }
  let answers = nodes.map { (node: $0.description, answer: engine.bestMatch(for: $0)) }
  let cascades = nodes.map { (node: $0.description, answer: engine.cascade(for: $0)) }
  for list in [answers, cascades] {
    _ = TextRenderer().answers(list)
    _ = JSONRenderer().answers(list)
    _ = YAMLRenderer().answers(list)
  }
  for node in nodes.prefix(2) {
    let explanation = engine.explain(node)
    _ = TextRenderer().explanation(explanation, node: node.description)
    _ = JSONRenderer().explanation(explanation, node: node.description)
    _ = YAMLRenderer().explanation(explanation, node: node.description)
  }
  _ = sheet.resolvedDump(themes: []).jsonText
  _ = YAMLRenderer().resolvedSheet(sheet, themes: [])
  let tree = StyleTree(nodes: tokens.map { .atom($0) } + [.group(Component(name: "fuzz"), tokens.map { .atom($0) })])
  let preview = engine.preview(tree, columns: Array(engine.previewColumns.prefix(4)))
  let page = HTMLRenderer().page(preview, name: "fuzz.yaml")
  if let export = try? TokenExport(sheet: sheet, options: options) {
    for format in ExportFormat.allCases { _ = export.files(format) }
  }
  return page.hasSuffix("</html>\n")
}
