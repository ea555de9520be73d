/// `PropertyValue` encodes as the plain value it holds: a map as an object,
/// a list as an array, a scalar as itself. Non-finite doubles encode as the
/// YAML strings `.inf`, `-.inf` and `.nan`, as in the command line's JSON.
///
/// Decoding reads what the encoder wrote. Two things JSON itself does not
/// keep: the order of an object's keys (JSON objects are unordered, and
/// `JSONDecoder` hands keys back in its own order) and whether a whole
/// number was written as a double (`1.0` encodes as `1` and decodes as an
/// int; `doubleValue` reads both).
extension PropertyValue: Codable {
  /// Reads a value of any kind: an object, an array, null, a boolean, an integer, a number or a string.
  public init(from decoder: any Decoder) throws {
    if let properties = decoder as? PropertyDecoder {
      self = properties.value
      return
    }
    if let container = try? decoder.container(keyedBy: PropertyKey.self) {
      var map = Properties()
      for key in container.allKeys { map[key.stringValue] = try container.decode(PropertyValue.self, forKey: key) }
      self = .map(map)
    } else if var container = try? decoder.unkeyedContainer() {
      var items: [PropertyValue] = []
      while !container.isAtEnd { items.append(try container.decode(PropertyValue.self)) }
      self = .list(items)
    } else {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Int.self) {
        self = .int(value)
      } else if let value = try? container.decode(Double.self) {
        self = .double(value)
      } else {
        self = .string(try container.decode(String.self))
      }
    }
  }

  /// Writes the plain value; a map's keys in their order.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .map(let map):
      var container = encoder.container(keyedBy: PropertyKey.self)
      for (key, value) in map { try container.encode(value, forKey: PropertyKey(key)) }
    case .list(let items):
      var container = encoder.unkeyedContainer()
      for item in items { try container.encode(item) }
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .int(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .double(let value):
      var container = encoder.singleValueContainer()
      if value.isFinite { try container.encode(value) } else { try container.encode(Self.yamlText(for: value)) }
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    }
  }
}

/// A property name, or a list position, as a coding key.
struct PropertyKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(_ name: String) { (stringValue, intValue) = (name, nil) }
  init(stringValue: String) { self.init(stringValue) }
  init(intValue: Int) { (stringValue, self.intValue) = (String(intValue), intValue) }
}
