import FuzzDriver
import Glibc
import Stylist

@main enum FuzzRenderMain {
  static func main() {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzRender(data, size) })
  }
}

/// libFuzzer entry: the input is a sheet's bytes. A sheet that loads goes
/// through every renderer: its answers, cascades and explanations as text,
/// JSON and YAML, its dump as JSON and YAML, the preview page of a tree of
/// its styles, and each export format (DTCG, CSS, Swift). None may crash
/// or run unbounded, and a page is written whole. The same steps run over
/// `Fixtures/fuzz/render/` in `FuzzRegressionTests.renderInput`.
func fuzzRender(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let options = LoadOptions(maxFileSize: 1 << 20, maxExpandedValues: 100_000)
  guard let sheet = try? StyleSheet(bytes: bytes, name: "fuzz.yaml", options: options) else { return 0 }
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
  guard HTMLRenderer().page(preview, name: "fuzz.yaml").hasSuffix("</html>\n") else { abort() }
  if let export = try? TokenExport(sheet: sheet, options: options) {
    for format in ExportFormat.allCases { _ = export.files(format) }
  }
  return 0
}
