import Foundation
import Testing

@testable import Stylist

/// `schema/stylist.schema.json` against the fixtures: every sheet that
/// loads validates, and the bad inputs a schema can tell fail it.
@Suite struct SheetSchemaTests {
  static var validator: SchemaValidator {
    do { return try SchemaValidator(schemaText: SheetSchema.json) } catch {
      preconditionFailure("the schema does not parse: \(error)")
    }
  }

  /// The YAML files under `folder` of `Fixtures/`, relative to it, sorted.
  static func yamlFiles(under folder: String) -> [String] {
    let root = FixturePaths.path(folder)
    let found = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return found.filter { $0.hasSuffix(".yaml") }.sorted().map { folder + "/" + $0 }
  }

  /// The first document of `relative` that fails the schema, with why; nil when all validate.
  static func failure(of relative: String) throws -> String? {
    let bytes = try #require(FileManager.default.contents(atPath: FixturePaths.path(relative)))
    guard let documents = SchemaInstance.documents(of: Array(bytes), file: relative) else { return "no YAML" }
    return documents.lazy.compactMap { validator.validate($0)?.description }.first
  }

  @Test func everySheetThatLoadsValidates() throws {
    let folders = ["sheets", "demo", "layered", "coverage", "tokens", "seed"]
    var checked = 0
    for relative in folders.flatMap(Self.yamlFiles(under:)) {
      let errors = StyleSheet.diagnose([FixturePaths.path(relative)]).filter { $0.severity == .error }
      guard errors.isEmpty else { continue }  // A tree or node file, not a sheet.
      checked += 1
      #expect(try Self.failure(of: relative) == nil, "\(relative)")
    }
    #expect(checked >= 15)
  }

  /// Exactly these bad inputs break a rule the schema states (a key, a type,
  /// `version`, `mode`, an axis's shape or name); the others are errors only
  /// loading finds (references, cycles, selectors, limits).
  @Test func badInputsTheSchemaCanTellFail() throws {
    let told: Set<String> = [
      "bad/axes.yaml", "bad/bad-mode.yaml", "bad/bad-version.yaml", "bad/styles-not-map.yaml",
      "bad/unknown-key.yaml",
    ]
    var failing: Set<String> = []
    for relative in Self.yamlFiles(under: "bad") where try Self.failure(of: relative) != nil {
      failing.insert(relative)
    }
    #expect(told.isSubset(of: failing), "\(told.subtracting(failing).sorted()) validate")
    for relative in failing.subtracting(told).sorted() {
      let errors = StyleSheet.diagnose([FixturePaths.path(relative)]).filter { $0.severity == .error }
      #expect(!errors.isEmpty, "\(relative) fails the schema but loads")
    }
  }

  @Test(arguments: [
    ("version: 2", "/version"), ("mode: loud", "/mode"), ("colours: {}", "/colours"), ("styles: [a]", "/styles"),
    ("variables: { 9lives: 1 }", "/variables/9lives"), ("imports: { a: b }", "/imports"),
    ("styles: { a: { extends: { b: c } } }", "/styles/a/extends"),
    ("themes: { dark: { colours: {} } }", "/themes/dark/colours"),
    ("axes: { density: compact }", "/axes/density"), ("axes: { 'a/b': [x] }", "/axes/a/b"),
  ])
  func eachRuleFails(yaml: String, path: String) throws {
    let document = try #require(SchemaInstance.documents(of: Array(yaml.utf8), file: "t.yaml")?.first)
    #expect(Self.validator.validate(document)?.path == path)
  }

  @Test func theSpecExampleValidates() throws {
    let yaml = """
      version: 1
      mode: classic
      imports: base.yaml
      tokens: [brand.tokens.json]
      variables: { brand: "#DB3B3B", colors: { text: "#111111" }, sizes: [1, 2] }
      default: { background: green }
      styles:
        primaryButton: { extends: [themed], color: $brand }
        themed: { extends: title, tint: $brand }
      groups: { list: { heading: { font: x }, groups: { row: { label: {} } } } }
      themes: { dark: { variables: { colors: { text: "#EEEEEE" } }, styles: { title: {} }, groups: {} } }
      axes: { appearance: [light, dark], density: { themes: [regular], default: regular } }
      """
    let document = try #require(SchemaInstance.documents(of: Array(yaml.utf8), file: "t.yaml")?.first)
    #expect(Self.validator.validate(document) == nil)
  }

  /// Every key at every level, and every definition, says what it is.
  @Test func everyKeyHasADescription() throws {
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(SheetSchema.json.utf8)) as? [String: Any])
    var undescribed: [String] = []
    func visit(_ node: Any, at path: String, mustDescribe: Bool) {
      guard let schema = node as? [String: Any] else {
        for (index, item) in (node as? [Any] ?? []).enumerated() {
          visit(item, at: "\(path)/\(index)", mustDescribe: false)
        }
        return
      }
      if mustDescribe && (schema["description"] as? String ?? "").isEmpty { undescribed.append(path) }
      for (key, value) in schema {
        switch key {
        case "properties", "$defs":
          for (name, child) in value as? [String: Any] ?? [:] {
            visit(child, at: "\(path)/\(key)/\(name)", mustDescribe: true)
          }
        case "propertyNames": visit(value, at: "\(path)/\(key)", mustDescribe: true)
        default: visit(value, at: "\(path)/\(key)", mustDescribe: false)
        }
      }
    }
    visit(root, at: "", mustDescribe: true)
    #expect(undescribed.isEmpty, "\(undescribed.sorted())")
  }
}
