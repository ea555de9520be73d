/// Writes an export as one Swift source file that compiles on its own
/// (docs/CLI.md: Exporting tokens): `enum Tokens` holds a constant for every
/// variable with no theme (or under the selected themes), nested as the
/// variables nest, and `enum TokenThemes` one namespace per theme holding
/// what it changes. Colours, dimensions and durations are values of the
/// small types the file declares first.
struct SwiftRenderer {
  let export: TokenExport

  /// The types the file declares: no nested name may hide them.
  static let declaredTypes = [
    "TokenColor", "TokenDimension", "TokenDuration", "TokenValue", "TokenValueEntry", "Tokens", "TokenThemes",
  ]

  func file() -> ExportedFile {
    let base = ExportLeaves.flattened(export.base)
    let changes = ExportLeaves.changes(export)
    // Every name is settled before any is written, over all the outputs,
    // so a clash's suffix is the same in `Tokens` and in every theme's.
    var names = SwiftNameTable()
    for (path, _) in base + changes.flatMap(\.leaves) { names.add(path) }
    var text = Self.preamble
    text += "public enum Tokens {\n"
    text += Self.members(ExportLeaves.tree(base), at: [], depth: 1, names: names)
    text += "}\n"
    if !export.themed.isEmpty {
      text += "\n/// What each theme changes, with every other axis at its default.\n"
      text += "public enum TokenThemes {\n"
      var themeNames = SwiftNames()
      for (theme, leaves) in changes {
        let members = Self.members(ExportLeaves.tree(leaves), at: [], depth: 2, names: names)
        text +=
          "  public enum \(themeNames.identifier(theme)) {" + (members.isEmpty ? "}\n" : "\n" + members + "  }\n")
      }
      text += "}\n"
    }
    return ExportedFile(path: "Tokens.swift", text: text)
  }

  private static func members(
    _ tree: [(name: String, node: ExportLeaves.Node)], at path: [String], depth: Int, names: SwiftNameTable
  ) -> String {
    let indent = String(repeating: "  ", count: depth)
    var text = ""
    for (name, node) in tree {
      let identifier = names.identifier(path + [name])
      switch node {
      case .value(let value):
        text += "\(indent)public static let \(identifier) = \(literal(value))\n"
      case .group(let children):
        text += "\(indent)public enum \(identifier) {\n"
        text += members(children, at: path + [name], depth: depth + 1, names: names)
        text += "\(indent)}\n"
      }
    }
    return text
  }

  /// `value` as a Swift expression of the file's types.
  static func literal(_ value: PropertyValue) -> String {
    if let color = StyleColor(value) {
      let components = color.components.map { $0.map(double) ?? "nil" }.joined(separator: ", ")
      return
        "TokenColor(colorSpace: \(string(color.colorSpace.rawValue)), components: [\(components)], alpha: \(double(color.alpha)))"
    }
    if let dimension = StyleDimension(value), case .map(let map) = value, map.count == 2 {
      return "TokenDimension(value: \(double(dimension.value)), unit: \(string(dimension.unit.rawValue)))"
    }
    if let duration = StyleDuration(value), case .map(let map) = value, map.count == 2 {
      return "TokenDuration(seconds: \(double(duration.seconds)))"
    }
    switch value {
    case .null: return "TokenValue.null"
    case .bool(let flag): return flag ? "true" : "false"
    case .int(let number): return String(number)
    case .double(let number): return double(number)
    case .string(let text): return string(text)
    case .list(let items):
      if !items.isEmpty, items.allSatisfy({ $0.stringValue != nil }) {
        return "[" + items.map { string($0.stringValue!) }.joined(separator: ", ") + "]"
      }
      // A list of one kind of number keeps it: `[1, 2]` is `[Int]`, `[0.5, 1.0]` `[Double]`.
      if !items.isEmpty, items.allSatisfy({ if case .int = $0 { true } else { false } }) {
        return "[" + items.map { String($0.intValue!) }.joined(separator: ", ") + "]"
      }
      if !items.isEmpty, items.allSatisfy({ if case .double = $0 { true } else { false } }) {
        return "[" + items.map { double($0.doubleValue!) }.joined(separator: ", ") + "]"
      }
      return tokenValue(value)
    case .map: return tokenValue(value)
    }
  }

  /// Any value as a `TokenValue`.
  private static func tokenValue(_ value: PropertyValue) -> String {
    switch value {
    case .null: "TokenValue.null"
    case .bool(let flag): "TokenValue.bool(\(flag))"
    case .int(let number): "TokenValue.int(\(number))"
    case .double(let number): "TokenValue.double(\(double(number)))"
    case .string(let text): "TokenValue.string(\(string(text)))"
    case .list(let items): "TokenValue.list([" + items.map(tokenValue).joined(separator: ", ") + "])"
    case .map(let map):
      "TokenValue.map(["
        + map.map { "TokenValueEntry(key: \(string($0.key)), value: \(tokenValue($0.value)))" }.joined(separator: ", ")
        + "])"
    }
  }

  static func double(_ value: Double) -> String {
    if value.isNaN { return "Swift.Double.nan" }
    if value.isInfinite { return value < 0 ? "-Swift.Double.infinity" : "Swift.Double.infinity" }
    let text = String(value)
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }

  /// A string literal: `"`, `\` and every control character escaped.
  static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7f {
          result += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  static let preamble =
    ExportFormat.swift.header + """

      /// A colour: its DTCG colour space, components (nil: `none`) and alpha.
      public struct TokenColor: Hashable, Sendable {
        public let colorSpace: Swift.String
        public let components: [Swift.Double?]
        public let alpha: Swift.Double
      }

      /// A length and its unit, `px` or `rem`.
      public struct TokenDimension: Hashable, Sendable {
        public let value: Swift.Double
        public let unit: Swift.String
      }

      /// A duration, in seconds.
      public struct TokenDuration: Hashable, Sendable {
        public let seconds: Swift.Double
      }

      /// A value of no other type: what a token of a composite type holds.
      public indirect enum TokenValue: Hashable, Sendable {
        case null
        case bool(Swift.Bool)
        case int(Swift.Int)
        case double(Swift.Double)
        case string(Swift.String)
        case list([TokenValue])
        case map([TokenValueEntry])
      }

      /// One entry of a `TokenValue.map`, in order.
      public struct TokenValueEntry: Hashable, Sendable {
        public let key: Swift.String
        public let value: TokenValue
      }

      /// Every variable with no theme: every axis at its default.

      """
}

/// The identifier of every path of an export, unique among its group's
/// members (``SwiftNames``), settled once for all the file's namespaces.
struct SwiftNameTable {
  private var scopes: [[String]: SwiftNames] = [:]
  private var identifiers: [[String]: String] = [:]

  /// Names `path` and each group on the way to it, in order of first mention.
  mutating func add(_ path: [String]) {
    for end in path.indices {
      let full = Array(path[...end])
      guard identifiers[full] == nil else { continue }
      identifiers[full] = scopes[Array(path[..<end]), default: SwiftNames()].identifier(path[end])
    }
  }

  func identifier(_ path: [String]) -> String { identifiers[path]! }
}

/// Swift identifiers for variable and theme names, unique in one scope:
/// words (split at any character that is no ASCII letter or digit) joined
/// in lower camel case, a non-ASCII character written as `uXXXX` (four
/// hex digits; `UXXXXXXXX`, eight, past U+FFFF), `_` in
/// front of a leading digit, keywords in backticks (the few a declaration
/// cannot take even so get `_` after them), the file's own type names
/// `_` after them, and a name an earlier one took `_2`, `_3`….
struct SwiftNames {
  private var used: Set<String> = []

  mutating func identifier(_ name: String) -> String {
    let base = Self.converted(name)
    var candidate = base
    var number = 1
    while !used.insert(candidate).inserted {
      number += 1
      candidate = "\(base)_\(number)"
    }
    return Self.keywords.contains(candidate) ? "`\(candidate)`" : candidate
  }

  static func converted(_ name: String) -> String {
    var words: [String] = []
    var word = ""
    for scalar in name.unicodeScalars {
      let isASCIIAlphanumeric =
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
      if isASCIIAlphanumeric {
        word.unicodeScalars.append(scalar)
      } else if scalar.value >= 0x80 {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        word +=
          scalar.value > 0xFFFF
          ? "U" + String(repeating: "0", count: 8 - digits.count) + digits
          : "u" + String(repeating: "0", count: 4 - digits.count) + digits
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    var result = words.enumerated().map { index, word in
      index == 0 ? word : word.prefix(1).uppercased() + word.dropFirst()
    }.joined()
    if result.isEmpty { result = "_" }
    if result.first!.isNumber { result = "_" + result }
    if unescapable.contains(result) || SwiftRenderer.declaredTypes.contains(result) || result == "Swift" {
      result += "_"
    }
    return result
  }

  /// Names no declaration takes, backticks or not.
  static let unescapable: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript", "_"]

  static let keywords: Set<String> = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
    "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
    "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in",
    "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "super",
    "throws", "true", "try", "async", "actor", "macro", "some", "any", "each", "discard",
  ]
}

extension ExportLeaves {
  /// A group's members by name, in order: a leaf's value, or a group.
  indirect enum Node {
    case value(PropertyValue)
    case group([(name: String, node: Node)])
  }

  /// `leaves` (from `flattened`) nested as their paths.
  static func tree(_ leaves: [(path: [String], value: PropertyValue)]) -> [(name: String, node: Node)] {
    var root: [(name: String, node: Node)] = []
    for (path, value) in leaves { insert(value, at: path[...], into: &root) }
    return root
  }

  private static func insert(
    _ value: PropertyValue, at path: ArraySlice<String>, into group: inout [(name: String, node: Node)]
  ) {
    guard let name = path.first else { return }
    if path.count == 1 {
      group.append((name, .value(value)))
      return
    }
    if let index = group.firstIndex(where: { $0.name == name }), case .group(var children) = group[index].node {
      insert(value, at: path.dropFirst(), into: &children)
      group[index].node = .group(children)
    } else {
      var children: [(name: String, node: Node)] = []
      insert(value, at: path.dropFirst(), into: &children)
      group.append((name, .group(children)))
    }
  }
}
