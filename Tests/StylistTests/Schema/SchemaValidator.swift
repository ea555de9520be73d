import Foundation

/// Validates a `SchemaInstance` against the subset of JSON Schema draft
/// 2020-12 that `schema/stylist.schema.json` uses. A keyword outside the
/// subset is an error of its own, so the schema cannot grow past what this
/// checks unnoticed.
struct SchemaValidator {
  /// Keywords that only annotate.
  static let annotations: Set<String> = ["$schema", "title", "description", "$defs"]
  static let checked: Set<String> = [
    "type", "const", "enum", "properties", "additionalProperties", "propertyNames", "pattern", "minLength",
    "items", "anyOf", "$ref",
  ]

  let root: [String: Any]

  init(schemaText: String) throws {
    guard let root = try JSONSerialization.jsonObject(with: Data(schemaText.utf8)) as? [String: Any] else {
      throw Failure(path: "", message: "the schema is not an object")
    }
    self.root = root
  }

  struct Failure: Error, CustomStringConvertible {
    var path: String
    var message: String
    var description: String { "\(path.isEmpty ? "/" : path): \(message)" }
  }

  /// The first failure of `instance`, or nil when it validates.
  func validate(_ instance: SchemaInstance) -> Failure? { validate(instance, against: root, at: "") }

  private func validate(_ instance: SchemaInstance, against schema: [String: Any], at path: String) -> Failure? {
    for keyword in schema.keys where !Self.annotations.contains(keyword) && !Self.checked.contains(keyword) {
      return Failure(path: path, message: "keyword '\(keyword)' is outside the validator's subset")
    }
    if let reference = schema["$ref"] as? String {
      guard let target = resolve(reference) else { return Failure(path: path, message: "unresolved \(reference)") }
      if let failure = validate(instance, against: target, at: path) { return failure }
    }
    if let types = schema["type"] {
      let allowed = (types as? [String]) ?? [types as? String ?? ""]
      if instance.typeNames.isDisjoint(with: allowed) {
        return Failure(path: path, message: "\(instance.typeNames.sorted()) is not one of \(allowed)")
      }
    }
    if let constant = schema["const"], !instance.equals(Self.instance(constant)) {
      return Failure(path: path, message: "not the constant \(constant)")
    }
    if let options = schema["enum"] as? [Any], !options.contains(where: { instance.equals(Self.instance($0)) }) {
      return Failure(path: path, message: "not one of \(options)")
    }
    if let alternatives = schema["anyOf"] as? [[String: Any]] {
      let failures = alternatives.compactMap { validate(instance, against: $0, at: path) }
      if failures.count == alternatives.count {
        return Failure(path: path, message: "no alternative fits: \(failures.map(\.description))")
      }
    }
    switch instance {
    case .string(let text): return validate(string: text, against: schema, at: path)
    case .array(let items):
      guard let itemSchema = schema["items"] as? [String: Any] else { return nil }
      for (index, item) in items.enumerated() {
        if let failure = validate(item, against: itemSchema, at: "\(path)/\(index)") { return failure }
      }
    case .object(let entries):
      let properties = schema["properties"] as? [String: [String: Any]] ?? [:]
      for (key, value) in entries {
        if let names = schema["propertyNames"] as? [String: Any],
          let failure = validate(.string(key), against: names, at: "\(path)/\(key)")
        {
          return failure
        }
        if let property = properties[key] {
          if let failure = validate(value, against: property, at: "\(path)/\(key)") { return failure }
        } else if let additional = schema["additionalProperties"] {
          if additional as? Bool == false { return Failure(path: "\(path)/\(key)", message: "unknown key '\(key)'") }
          if let additional = additional as? [String: Any],
            let failure = validate(value, against: additional, at: "\(path)/\(key)")
          {
            return failure
          }
        }
      }
    default: break
    }
    return nil
  }

  private func validate(string text: String, against schema: [String: Any], at path: String) -> Failure? {
    if let minimum = schema["minLength"] as? Int, text.count < minimum {
      return Failure(path: path, message: "'\(text)' is shorter than \(minimum)")
    }
    if let pattern = schema["pattern"] as? String {
      guard let expression = try? NSRegularExpression(pattern: pattern) else {
        return Failure(path: path, message: "bad pattern \(pattern)")
      }
      let range = NSRange(text.startIndex..., in: text)
      if expression.firstMatch(in: text, range: range) == nil {
        return Failure(path: path, message: "'\(text)' does not match \(pattern)")
      }
    }
    return nil
  }

  private func resolve(_ reference: String) -> [String: Any]? {
    let prefix = "#/$defs/"
    guard reference.hasPrefix(prefix), let definitions = root["$defs"] as? [String: Any] else { return nil }
    return definitions[String(reference.dropFirst(prefix.count))] as? [String: Any]
  }

  /// A JSON value read by `JSONSerialization` as an instance (the schema
  /// holds no booleans as values).
  static func instance(_ value: Any) -> SchemaInstance {
    switch value {
    case is NSNull: return .null
    case let number as NSNumber: return .number(number.doubleValue)
    case let text as String: return .string(text)
    case let items as [Any]: return .array(items.map(instance))
    case let map as [String: Any]: return .object(map.sorted { $0.key < $1.key }.map { ($0.key, instance($0.value)) })
    default: return .null
    }
  }
}
