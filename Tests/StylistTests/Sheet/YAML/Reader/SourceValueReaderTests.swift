import Testing

@testable import Stylist

/// `SourceValueReader`: YAML values into the source model, typed and with
/// their references parsed when read.
@Suite struct SourceValueReaderTests {
  /// The value of `key` in the document `yaml`, and what reading it reported.
  func read(_ yaml: String, _ key: String) throws -> (value: SourceValue?, errors: [String]) {
    let sink = DiagnosticSink()
    let tree = try #require(YAMLComposer.compose(Array(yaml.utf8), file: "v.yaml", options: .init(), reportingTo: sink))
    let reader = SourceValueReader(file: "v.yaml", sink: sink, budget: ExpansionBudget(values: 1_000, bytes: 1_000))
    let root = try #require(tree.documents.first)
    guard case .mapping(let pairs) = root.content else { throw ReadFailure() }
    let pair = try #require(pairs.first { $0.key.scalarText == key })
    return (reader.value(pair.value), sink.diagnostics.map(\.description))
  }

  struct ReadFailure: Error {}

  func scalar(_ value: SourceValue?) throws -> SourceScalar {
    guard case .scalar(let scalar)? = value else { throw ReadFailure() }
    return scalar
  }

  @Test func scalarsAreTypedWhenRead() throws {
    let typed: [(String, PropertyValue)] = [
      ("a: 42", .int(42)), ("a: '42'", .string("42")), ("a: !!str 42", .string("42")), ("a: ~", .null),
      ("a: 1.5", .double(1.5)), ("a: true", .bool(true)), ("a: $$5", .string("$5")), ("a: !!int '5'", .int(5)),
    ]
    for (yaml, expected) in typed {
      guard case .literal(let value) = try scalar(read(yaml, "a").value).form else {
        Issue.record("\(yaml) is not a literal")
        continue
      }
      #expect(value == expected, "\(yaml)")
    }
  }

  @Test func aReferenceIsParsedWhenReadWithItsPosition() throws {
    let whole = try scalar(read("x: 1\na: $colors.ink\n", "a").value)
    guard case .reference(let use) = whole.form else { throw ReadFailure() }
    #expect(use == VariableUse(name: "colors.ink", position: SourcePosition(line: 2, column: 4)))
    let template = try scalar(read("a: \"1px ${w} $c\"\n", "a").value)
    guard case .template(let pieces) = template.form else { throw ReadFailure() }
    let uses = pieces.compactMap { if case .reference(let use) = $0 { use } else { nil } }
    #expect(
      uses == [
        VariableUse(name: "w", position: SourcePosition(line: 1, column: 9)),
        VariableUse(name: "c", position: SourcePosition(line: 1, column: 14)),
      ])
    // `!!str` keeps a lone reference a string.
    guard case .template = try scalar(read("a: !!str $c\n", "a").value).form else { throw ReadFailure() }
  }

  @Test func textThatIsNoValueKeepsWhyUntilEvaluated() throws {
    let (value, errors) = try read("a: 99999999999999999999\nb: ${x\n", "a")
    guard case .invalid(let message) = try scalar(value).form else { throw ReadFailure() }
    #expect(message.contains("99999999999999999999"))
    #expect(errors.isEmpty)
    guard case .invalid(let unclosed) = try scalar(read("b: ${x\n", "b").value).form else { throw ReadFailure() }
    #expect(unclosed.hasPrefix("unclosed '${'"))
  }

  @Test func mergeKeysAreSettledWhenRead() throws {
    let (value, errors) = try read(
      """
      base: &base { color: red, size: 1 }
      a: { <<: *base, size: 2 }
      """, "a")
    guard case .map(let map)? = value else { throw ReadFailure() }
    #expect(errors.isEmpty)
    #expect(map.entries.map(\.key) == ["color", "size"])
    guard case .scalar(let size) = map.entries[1].value, case .literal(let two) = size.form else {
      throw ReadFailure()
    }
    #expect(two == .int(2))
    #expect(map.entries[1].keyPosition == SourcePosition(line: 2, column: 17))
  }

  /// A body's merge keys are charged once, also when it has an `extends`
  /// (read from the same expansion): three merged values fit a budget of
  /// four, and a second charge would not.
  @Test func aBodyWithExtendsChargesItsMergeKeysOnce() throws {
    let yaml = """
      styles:
        base: &plain { color: red, size: 1, weight: 2 }
        other: { margin: 0 }
        title: { <<: *plain, extends: other }
      """
    let sheet = try StyleSheet(yaml: yaml, name: "m.yaml", options: LoadOptions(maxExpandedValues: 4))
    #expect(sheet.rules.first { $0.name == "title" }?.style.properties["size"] == .int(1))
  }

  @Test func aBadMergeKeyIsReported() throws {
    let (value, errors) = try read("a: { <<: 1 }", "a")
    #expect(value == nil)
    #expect(errors == ["v.yaml:1:10: error: a merge key '<<' takes a map or a list of maps, not a scalar"])
  }

  @Test func anAliasedLeafCountsItsReferencesOnce() throws {
    let sink = DiagnosticSink()
    let yaml = "p: &p [$a, $b, $a]\nq: [*p, *p, $c]\n"
    let tree = try #require(YAMLComposer.compose(Array(yaml.utf8), file: "v.yaml", options: .init(), reportingTo: sink))
    let reader = SourceValueReader(file: "v.yaml", sink: sink, budget: ExpansionBudget(values: 1_000, bytes: 1_000))
    guard case .mapping(let pairs) = try #require(tree.documents.first).content else { throw ReadFailure() }
    let p = try #require(reader.leaf(pairs[0].value, key: pairs[0].key.mark))
    let q = try #require(reader.leaf(pairs[1].value, key: pairs[1].key.mark))
    #expect(p.references == ["a", "b"])
    #expect(q.references == ["a", "b", "c"])
    #expect(reader.uses.map(\.path) == ["a", "b", "a", "c"])
  }
}
