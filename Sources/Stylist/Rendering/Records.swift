/// What each subject says for tools, as values: the fields and their order
/// in every structured format. The YAML renderer writes these values; the
/// JSON renderer writes them too, but for an answer, which has one JSON
/// writer of its own (`Resolution.Fields`, also behind `batch`) that
/// writes the same bytes as its record's JSON.
extension Resolution {
  /// `node`, `selector` (null for none), `source` (null), `default` and `properties` (null).
  func record(node: String) -> PropertyValue {
    var object = Properties()
    object["node"] = .string(node)
    object["selector"] = match.map { .string($0.rule.name) } ?? .null
    object["source"] = source.map { .string($0.description) } ?? .null
    object["default"] = .bool(isDefault)
    object["properties"] = properties.map(PropertyValue.map) ?? .null
    return .map(object)
  }

  /// The themes the query ran under: one as a string, null for none, several as a list.
  var themesRecord: PropertyValue {
    themes.count > 1 ? .list(themes.map(PropertyValue.string)) : theme.map(PropertyValue.string) ?? .null
  }
}

extension Candidate {
  /// `selector`, `source`, `applies`, then `rank` and `specificity`, or
  /// `reason` (its kind) and `why` (its text).
  var record: PropertyValue {
    var object = Properties()
    object["selector"] = .string(rule.name)
    object["source"] = rule.style.source.map { .string($0.description) } ?? .null
    switch outcome {
    case .applies(let specificity, let rank):
      object["applies"] = true
      object["rank"] = .int(rank)
      object["specificity"] = .list(specificity.vector.map(PropertyValue.int))
    case .doesNotApply(let reason):
      object["applies"] = false
      object["reason"] = .string(reason.kind)
      object["why"] = .string(reason.description)
    }
    return .map(object)
  }
}

extension Explanation {
  /// The fields before the answer: `node`, `theme` (see
  /// `Resolution.themesRecord`), `mode`, `candidates`.
  func headRecord(node: String) -> Properties {
    var object = Properties()
    object["node"] = .string(node)
    object["theme"] = answer.themesRecord
    object["mode"] = .string(mode.rawValue)
    object["candidates"] = .list(candidates.map(\.record))
    return object
  }

  /// The head's fields, then `result`: the answer's record.
  func record(node: String) -> PropertyValue {
    var object = headRecord(node: node)
    object["result"] = answer.record(node: node)
    return .map(object)
  }
}

extension SheetDiagnostic {
  /// `file`, `line`, `column`, `severity`, `kind`, `message`, and
  /// `suggestion` when there is one (`lint --format json`).
  var record: PropertyValue {
    var object = Properties()
    object["file"] = .string(location.file)
    object["line"] = .int(location.line)
    object["column"] = .int(location.column)
    object["severity"] = .string(severity.rawValue)
    object["kind"] = .string(kind.rawValue)
    object["message"] = .string(message)
    if let suggestion { object["suggestion"] = .string(suggestion) }
    return .map(object)
  }
}

extension UsageReport {
  /// `nodes`, `answers`, `styles` (each `selector`, `source`, `wins`,
  /// `applies`), `unused` (each `selector`, `source`, `reason`,
  /// `beatenBy`), `defaultOnly` (`coverage --format json`).
  var record: PropertyValue {
    let source = { (location: SourceLocation?) in location.map { PropertyValue.string($0.description) } ?? .null }
    var object = Properties()
    object["nodes"] = .int(nodes)
    object["answers"] = .int(answers)
    object["styles"] = .list(
      styles.map { style in
        var entry = Properties()
        entry["selector"] = .string(style.selector)
        entry["source"] = source(style.source)
        entry["wins"] = .int(style.wins)
        entry["applies"] = .int(style.applies)
        return .map(entry)
      })
    object["unused"] = .list(
      unused.map { style in
        var entry = Properties()
        entry["selector"] = .string(style.selector)
        entry["source"] = source(style.source)
        entry["reason"] = .string(style.reason.rawValue)
        entry["beatenBy"] = style.beatenBy.map(PropertyValue.string) ?? .null
        return .map(entry)
      })
    object["defaultOnly"] = .list(defaultOnly.map(PropertyValue.string))
    return .map(object)
  }
}
