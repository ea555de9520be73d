/// A style's properties as written: `extends` taken out, merge keys
/// expanded.
enum StyleBody {
  /// Every value a scalar typed when read: the properties themselves, the
  /// same under every theme, which the compiled rule shares (no copy is
  /// built).
  case literal(Properties)
  /// Values with references (or anything but typed scalars), evaluated
  /// under each set of themes.
  case values(SourceMap)

  /// A body of `map`'s entries: literal when every value is a typed scalar.
  init(_ map: SourceMap) {
    var values: [PropertyValue] = []
    values.reserveCapacity(map.entries.count)
    for entry in map.entries {
      guard case .scalar(let scalar) = entry.value, case .literal(let value) = scalar.form else {
        self = .values(map)
        return
      }
      values.append(value)
    }
    self = .literal(Properties(keys: map.entries.map(\.key), values: values, keysAreUnique: map.keysAreUnique))
  }
}

extension Properties {
  /// `values` under `keys`. Keys known to be unique go in without a search
  /// for each (a small map's search compares the key with every one before
  /// it); a repeated key keeps its first place and its last value.
  init(keys: [String], values: [PropertyValue], keysAreUnique: Bool) {
    if keysAreUnique {
      self.init(uncheckedUniqueKeys: keys, values: values)
      return
    }
    self.init()
    reserveCapacity(values.count)
    for (key, value) in zip(keys, values) { self[key] = value }
  }
}
