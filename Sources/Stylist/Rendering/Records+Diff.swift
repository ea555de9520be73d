/// What `diff` says for tools, as values (see `Records`): the JSON
/// renderer writes these.
extension NodeDiff {
  /// `nodes`, `changedNodes`, and `changes`: each change's `nodes`, then
  /// its answers `before` and `after`.
  var record: PropertyValue {
    var object = Properties()
    object["nodes"] = .int(nodes)
    object["changedNodes"] = .int(changedNodes)
    object["changes"] = .list(changes.map(\.record))
    return .map(object)
  }
}

extension NodeDiff.Change {
  var record: PropertyValue {
    var object = Properties()
    object["nodes"] = .list(nodes.map(PropertyValue.string))
    object["before"] = before.record
    object["after"] = after.record
    return .map(object)
  }
}

extension NodeDiff.Answer {
  /// The fields of `batch`'s answer after its node: `selector` (null for
  /// none), `source` (null), `default`, `properties` (null).
  var record: PropertyValue {
    var object = Properties()
    object["selector"] = selector.map(PropertyValue.string) ?? .null
    object["source"] = source.map { .string($0.description) } ?? .null
    object["default"] = .bool(isDefault)
    object["properties"] = properties.map(PropertyValue.map) ?? .null
    return .map(object)
  }
}

extension SheetDiff {
  /// `themeSets`, `added`, `removed` (each style's `selector`, `source`,
  /// `properties`), `addedVariables`, `removedVariables` (each leaf's
  /// `path`, `source`, `value`), and `changed`: per set of themes, its
  /// `themes`, `styles`, each with its `selector` and its `before` and
  /// `after` (`source`, `properties`), and `variables`, each with its
  /// `path` and its `before` and `after` (`source`, `value`).
  var record: PropertyValue {
    var object = Properties()
    object["themeSets"] = .list(themeSets.map { .list($0.map(PropertyValue.string)) })
    object["added"] = .list(added.map(\.record))
    object["removed"] = .list(removed.map(\.record))
    object["addedVariables"] = .list(addedVariables.map(\.record))
    object["removedVariables"] = .list(removedVariables.map(\.record))
    object["changed"] = .list(
      changed.map { themed in
        .map([
          "themes": .list(themed.themes.map(PropertyValue.string)),
          "styles": .list(
            themed.styles.map { change in
              .map([
                "selector": change.after.selector.map(PropertyValue.string) ?? .null,
                "before": change.before.sideRecord, "after": change.after.sideRecord,
              ])
            }),
          "variables": .list(
            themed.variables.map { change in
              .map([
                "path": .string(change.after.path), "before": change.before.sideRecord,
                "after": change.after.sideRecord,
              ])
            }),
        ])
      })
    return .map(object)
  }
}

extension SheetDiff.Entry {
  /// `selector` (null for the default style), `source`, `properties`.
  var record: PropertyValue {
    var object = Properties()
    object["selector"] = selector.map(PropertyValue.string) ?? .null
    for (key, value) in sideRecord.mapValue ?? [:] { object[key] = value }
    return .map(object)
  }

  /// `source` (null) and `properties`.
  var sideRecord: PropertyValue {
    .map(["source": source.map { .string($0.description) } ?? .null, "properties": .map(properties)])
  }
}

extension SheetDiff.Variable {
  /// `path`, `source`, `value`.
  var record: PropertyValue {
    .map(["path": .string(path), "source": .string(source.description), "value": value])
  }

  /// `source` and `value`.
  var sideRecord: PropertyValue { .map(["source": .string(source.description), "value": value]) }
}
