import Stylist

extension PropertyValue {
  /// A message's value as the server builds it (`JSONObject`s, arrays,
  /// strings, integers, doubles, booleans, `PropertyValue`s), for the library's
  /// JSON writer, the one behind every JSON text Stylist prints. An
  /// object's members go in the order of their names, so that a message is
  /// written the same way every time.
  init(message value: Any) {
    switch value {
    case let value as PropertyValue: self = value
    case let text as String: self = .string(text)
    case let number as Int: self = .int(number)
    case let number as Double: self = .double(number)
    case let flag as Bool: self = .bool(flag)
    case let object as JSONObject:
      var members = Properties(minimumCapacity: object.count)
      for key in object.keys.sorted() { members[key] = PropertyValue(message: object[key]!) }
      self = .map(members)
    case let items as [Any]: self = .list(items.map(PropertyValue.init(message:)))
    default: self = .null
    }
  }
}
