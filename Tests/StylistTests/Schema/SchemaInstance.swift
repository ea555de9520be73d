@testable import Stylist

/// A YAML document as the JSON value a schema validates: scalars typed by
/// the core schema as the sheet reader types them, maps with their keys in order.
indirect enum SchemaInstance {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([SchemaInstance])
  case object([(key: String, value: SchemaInstance)])

  /// The JSON type names this value has (an integer is also a number).
  var typeNames: Set<String> {
    switch self {
    case .null: ["null"]
    case .bool: ["boolean"]
    case .number(let value): value.rounded() == value ? ["number", "integer"] : ["number"]
    case .string: ["string"]
    case .array: ["array"]
    case .object: ["object"]
    }
  }

  /// How many nodes a conversion may still make: aliases share a node in
  /// YAML and copy it here, so an alias bomb would not end.
  final class Budget {
    var nodes: Int
    init(nodes: Int) { self.nodes = nodes }
  }

  struct TooLarge: Error {}

  init(_ node: YAMLNode, budget: Budget) throws(TooLarge) {
    budget.nodes -= 1
    if budget.nodes < 0 { throw TooLarge() }
    switch node.content {
    case .sequence(let items):
      var converted: [SchemaInstance] = []
      for item in items { converted.append(try SchemaInstance(item, budget: budget)) }
      self = .array(converted)
    case .mapping(let pairs):
      var converted: [(key: String, value: SchemaInstance)] = []
      for pair in pairs {
        converted.append((pair.key.scalarText ?? "", try SchemaInstance(pair.value, budget: budget)))
      }
      self = .object(converted)
    case .scalar(let text, let style):
      let value: PropertyValue? =
        if let tag = node.tag { CoreSchema.taggedValue(text, tag: tag) } else if style == .plain {
          CoreSchema.plainValue(text)
        } else { .string(text) }
      switch value {
      case .null?: self = .null
      case .bool(let flag)?: self = .bool(flag)
      case .int(let number)?: self = .number(Double(number))
      case .double(let number)?: self = .number(number)
      default: self = .string(text)
      }
    }
  }

  /// The documents of a YAML file, or nil when it does not compose or
  /// expands (through aliases) past a million nodes.
  static func documents(of bytes: [UInt8], file: String) -> [SchemaInstance]? {
    guard let tree = YAMLComposer.compose(bytes, file: file, options: .init(), reportingTo: DiagnosticSink()) else {
      return nil
    }
    let budget = Budget(nodes: 1_000_000)
    return try? tree.documents.map { node throws(TooLarge) in try SchemaInstance(node, budget: budget) }
  }

  /// The same value as `other`, as JSON compares them.
  func equals(_ other: SchemaInstance) -> Bool {
    switch (self, other) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.equals($1) }
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value.equals($1.value) }
    default: false
    }
  }
}
