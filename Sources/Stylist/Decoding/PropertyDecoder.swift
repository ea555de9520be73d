#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes a `Decodable` type straight from a `PropertyValue`, keeping the
/// path of keys and indexes it followed so that an error can name the
/// property (`shadow.offset[1]`).
///
/// Numbers follow the typed accessors: an integer property reads as a
/// `Double`, and a double reads as an `Int` only when it is a whole number.
/// A number that does not fit the type asked for is an error, never a
/// value changed to fit (`300` as `UInt8`, `1e39` as `Float`). `URL` and
/// `Decimal` read as `JSONDecoder` reads them, from a string and a number:
/// their own `Decodable` conformances expect a map.
struct PropertyDecoder: Decoder {
  let value: PropertyValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard let map = value.mapValue else { throw mismatch(expected: "a map", type: Properties.self) }
    return KeyedDecodingContainer(KeyedPropertyContainer<Key>(map: map, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard let items = value.listValue else { throw mismatch(expected: "a list", type: [PropertyValue].self) }
    return UnkeyedPropertyContainer(items: items, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func mismatch(expected: String, type: Any.Type) -> DecodingError {
    .typeMismatch(
      type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(value.kindDescription)"))
  }
}

extension PropertyDecoder: SingleValueDecodingContainer {
  func decodeNil() -> Bool { value.isNull }

  func decode(_ type: Bool.Type) throws -> Bool {
    guard let result = value.boolValue else { throw mismatch(expected: "a boolean", type: type) }
    return result
  }

  func decode(_ type: String.Type) throws -> String {
    guard let result = value.stringValue else { throw mismatch(expected: "a string", type: type) }
    return result
  }

  func decode(_ type: Double.Type) throws -> Double {
    guard let result = value.doubleValue else { throw mismatch(expected: "a number", type: type) }
    return result
  }

  func decode(_ type: Float.Type) throws -> Float {
    let number = try decode(Double.self)
    let result = Float(number)
    // Past `Float`'s range a finite number becomes infinity: not the value written.
    guard result.isFinite || !number.isFinite else { throw doesNotFit(number, type) }
    return result
  }

  func decode(_ type: Int.Type) throws -> Int { try integer(type) }
  func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
  func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
  func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
  func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
  func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

  /// Every value of type `T` is decoded here, whichever container asked.
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    if T.self == URL.self { return try url() as! T }
    if T.self == Decimal.self { return try decimal() as! T }
    return try T(from: self)
  }

  /// A whole number that fits `type`.
  private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
    guard let whole = value.intValue else { throw mismatch(expected: "an integer", type: type) }
    guard let result = T(exactly: whole) else { throw doesNotFit(whole, type) }
    return result
  }

  /// A string that `URL(string:)` reads.
  private func url() throws -> URL {
    let text = try decode(String.self)
    guard let result = URL(string: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath, debugDescription: "\(value.kindDescription) is not a valid URL"))
    }
    return result
  }

  /// A number, as its shortest text reads: `0.1` is the decimal 0.1, not the
  /// double nearest it.
  private func decimal() throws -> Decimal {
    switch value {
    case .int(let whole): return Decimal(whole)
    case .double(let number):
      guard number.isFinite, let result = Decimal(string: String(number)) else {
        throw doesNotFit(number, Decimal.self)
      }
      return result
    default: throw mismatch(expected: "a number", type: Decimal.self)
    }
  }

  private func doesNotFit(_ number: Int, _ type: Any.Type) -> DecodingError {
    .dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(number) does not fit \(type)"))
  }

  private func doesNotFit(_ number: Double, _ type: Any.Type) -> DecodingError {
    .dataCorrupted(
      .init(codingPath: codingPath, debugDescription: "\(PropertyValue.yamlText(for: number)) does not fit \(type)"))
  }
}

/// A map's entries, by key.
private struct KeyedPropertyContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let map: Properties
  let codingPath: [any CodingKey]

  var allKeys: [Key] { map.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { map[key.stringValue] != nil }

  private func decoder(for key: Key) throws -> PropertyDecoder {
    guard let child = map[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath + [key], debugDescription: "missing property '\(key.stringValue)'"))
    }
    return PropertyDecoder(value: child, codingPath: codingPath + [key])
  }

  func decodeNil(forKey key: Key) throws -> Bool { try decoder(for: key).decodeNil() }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decoder(for: key).decode(type) }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try decoder(for: key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try decoder(for: key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { PropertyDecoder(value: .map(map), codingPath: codingPath) }

  func superDecoder(forKey key: Key) throws -> any Decoder { try decoder(for: key) }
}

/// A list's items, in order.
private struct UnkeyedPropertyContainer: UnkeyedDecodingContainer {
  let items: [PropertyValue]
  let codingPath: [any CodingKey]
  private(set) var currentIndex = 0

  init(items: [PropertyValue], codingPath: [any CodingKey]) {
    (self.items, self.codingPath) = (items, codingPath)
  }

  var count: Int? { items.count }
  var isAtEnd: Bool { currentIndex >= items.count }

  /// The decoder for the next item, moving past it.
  private mutating func next() throws -> PropertyDecoder {
    let key = PropertyKey(intValue: currentIndex)
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        PropertyValue.self,
        .init(codingPath: codingPath + [key], debugDescription: "expected another item, found the end of the list"))
    }
    defer { currentIndex += 1 }
    return PropertyDecoder(value: items[currentIndex], codingPath: codingPath + [key])
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, items[currentIndex].isNull else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try next().container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

  mutating func superDecoder() throws -> any Decoder { try next() }
}

extension PropertyValue {
  /// What a decoding error says it found instead.
  var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool(let value): "the boolean \(value)"
    case .int(let value): "the integer \(value)"
    case .double(let value): "the number \(Self.yamlText(for: value))"
    case .string: "the string \(jsonText)"
    case .list: "a list"
    case .map: "a map"
    }
  }
}
