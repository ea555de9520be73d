/// A value as a sheet writes it, whatever the format it was read from: a
/// scalar, a list or a map, each with where it is written.
///
/// Readers settle the format's own devices before the compiler sees a
/// value: YAML's aliases share one value (the arrays are shared, not
/// copied), merge keys are expanded, and a scalar is typed and its variable
/// references parsed once, when read.
enum SourceValue: Sendable {
  case scalar(SourceScalar)
  case list(SourceList)
  case map(SourceMap)

  var position: SourcePosition {
    switch self {
    case .scalar(let scalar): scalar.position
    case .list(let list): list.position
    case .map(let map): map.position
    }
  }
}

/// A list's items, in order.
struct SourceList: Sendable {
  var items: [SourceValue]
  var position: SourcePosition
}

/// A map's entries in order: merged entries settled, each key a string.
struct SourceMap: Sendable {
  var entries: [SourceEntry]
  var position: SourcePosition
  /// No key is written twice, so the entries go into a dictionary without
  /// a search for each.
  var keysAreUnique: Bool
}

/// One entry of a map, and where its key is.
struct SourceEntry: Sendable {
  var key: String
  var keyPosition: SourcePosition
  var value: SourceValue
}
