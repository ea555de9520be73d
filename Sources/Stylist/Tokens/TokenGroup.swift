import OrderedCollections

/// A DTCG group as written: its tokens and groups in order, and its own
/// `$` properties (docs/SHEETS.md: Design tokens).
struct TokenGroup {
  var children: OrderedDictionary<String, TokenNode> = [:]
  var properties = TokenProperties()
  /// `$extends: "{a.b}"` (or the group's `$ref: "#/a/b"`): the group whose
  /// tokens go underneath this one's.
  var extends: TokenReference?
  var file: String
  var position: SourcePosition
}

/// A group's entry: a token (an object with `$value`) or a group.
enum TokenNode {
  case token(DesignToken)
  case group(TokenGroup)

  var isToken: Bool {
    if case .token = self { return true }
    return false
  }

  var kindName: String { isToken ? "a token" : "a group" }

  /// Where it is written: a token's name, a group's `{`.
  var location: SourceLocation {
    switch self {
    case .token(let token): token.key.location(in: token.file)
    case .group(let group): group.position.location(in: group.file)
    }
  }
}

/// A token as written: `$value` as DTCG writes it (aliases and `$ref`
/// objects still in it), its properties, and where its name is.
struct DesignToken {
  let value: SourceValue
  var properties = TokenProperties()
  var file: String
  var key: SourcePosition
  /// The path `value` aliases when it is one string `{a.b}`: read once,
  /// for alias chains are followed many times (types, cycles, values).
  let alias: [String]?

  init(value: SourceValue, file: String, key: SourcePosition) {
    self.value = value
    self.file = file
    self.key = key
    alias = value.stringValue.flatMap(TokenAlias.path(in:))
  }
}

/// The `$` properties a token or group may carry; each nil when not written.
struct TokenProperties {
  var type: (name: String, position: SourcePosition)?
  var description: String?
  var deprecation: TokenDeprecation?
  /// `$extensions` as written: kept for the outline, never interpreted.
  var extensions: SourceValue?

  /// `over`'s properties where it sets them, these elsewhere.
  func overlaid(by over: TokenProperties) -> TokenProperties {
    TokenProperties(
      type: over.type ?? type, description: over.description ?? description,
      deprecation: over.deprecation ?? deprecation, extensions: over.extensions ?? extensions)
  }
}

/// `$deprecated`: `true`, a reason, or `false` (which lifts a group's).
enum TokenDeprecation: Hashable {
  case deprecated(reason: String?)
  case current
}

/// A path written in a token file, `{a.b}` or `#/a/b`, and where.
struct TokenReference {
  var path: [String]
  var position: SourcePosition
  var file: String

  var dotted: String { path.joined(separator: ".") }
}

extension TokenGroup {
  /// `over`'s tokens replace these whole; groups merge child by child;
  /// `over`'s properties win where it sets them (Resolver module: later
  /// sources win).
  ///
  /// Given `conflicts`, a token and a group at one path are an error there
  /// (the Resolver module flattens sources into one structure, where that
  /// object would have `$value` beside child tokens), at the later one;
  /// the earlier is kept, so that nothing else is said of the path.
  /// Without, the later replaces the earlier (`$extends`: what the group
  /// writes replaces what it inherits).
  func merged(with over: TokenGroup, conflicts: DiagnosticSink? = nil, path: [String] = []) -> TokenGroup {
    var result = self
    result.properties = properties.overlaid(by: over.properties)
    if let extends = over.extends { result.extends = extends }
    for (name, node) in over.children {
      switch (result.children[name], node) {
      case (.group(let base)?, .group(let overGroup)):
        result.children[name] = .group(base.merged(with: overGroup, conflicts: conflicts, path: path + [name]))
      case (let base?, _) where conflicts != nil && base.isToken != node.isToken:
        conflicts!.error(
          "'\(TokenDocumentReader.dotted(path + [name]))' is \(node.kindName) here and \(base.kindName) at "
            + "\(base.location): merged, it would have '$value' beside child tokens, and an object is a token "
            + "or a group, not both", .invalidToken, at: node.location)
      default:
        result.children[name] = node
      }
    }
    return result
  }

  /// The node at `path`, if there is one.
  func node(at path: some Collection<String>) -> TokenNode? {
    var group = self
    var rest = path[...]
    while let name = rest.first {
      guard let child = group.children[name] else { return nil }
      rest = rest.dropFirst()
      if rest.isEmpty { return child }
      guard case .group(let inner) = child else { return nil }
      group = inner
    }
    return .group(group)
  }

  /// How many tokens it holds, nested ones included.
  var tokenCount: Int {
    var count = 0
    var stack = [self]
    while let group = stack.popLast() {
      for child in group.children.values {
        switch child {
        case .token: count += 1
        case .group(let inner): stack.append(inner)
        }
      }
    }
    return count
  }
}

extension SourceValue {
  /// What it is, for messages: `a string`, `a number`, `a list`, `an object`.
  var tokenKindName: String {
    switch self {
    case .list: return "a list"
    case .map: return "an object"
    case .scalar(let scalar):
      guard case .literal(let value) = scalar.form else { return "a string" }
      switch value {
      case .string: return "a string"
      case .int, .double: return "a number"
      case .bool: return "a boolean"
      case .null: return "null"
      default: return "a value"
      }
    }
  }

  /// The text of a string scalar.
  var stringValue: String? {
    guard case .scalar(let scalar) = self, case .literal(.string(let text)) = scalar.form else { return nil }
    return text
  }

  /// The number a numeric scalar holds.
  var numberValue: Double? {
    guard case .scalar(let scalar) = self, case .literal(let value) = scalar.form else { return nil }
    switch value {
    case .int(let number): return Double(number)
    case .double(let number): return number
    default: return nil
    }
  }

  /// The entry named `key` of a map.
  subscript(key: String) -> SourceValue? {
    guard case .map(let map) = self else { return nil }
    return map.entries.first { $0.key == key }?.value
  }
}
