/// What is styled: an atom (the token) inside nested components, optionally
/// with themes, e.g. `@dark/home/header[selected]/searchBar/label` (docs/SHEETS.md: Node identifiers).
public struct NodeIdentifier: Hashable, Sendable {
  /// The themes named by leading `@name/` parts, each once, in the order
  /// written; on the axes they name they replace the query's themes.
  public var themes: [String]
  /// Path components, outermost first.
  public var path: [Component]
  /// The atom's name, last in the identifier (`label`).
  public var token: String

  /// The node's theme when it names one; with several, the first written.
  /// Setting it replaces every theme the node names. Forwards to ``themes``.
  public var theme: String? {
    get { themes.first }
    set { themes = newValue.map { [$0] } ?? [] }
  }

  /// A node with an optional theme, its enclosing components outermost
  /// first, and its token: forwards to ``init(themes:path:token:)``.
  public init(theme: String? = nil, path: [Component] = [], token: String) {
    self.init(themes: theme.map { [$0] } ?? [], path: path, token: token)
  }

  /// A node with `themes` (a repeat counts once), its enclosing components
  /// outermost first, and its token.
  public init(themes: [String], path: [Component] = [], token: String) {
    var unique: [String] = []
    for theme in themes where !unique.contains(theme) { unique.append(theme) }
    self.themes = unique
    self.path = path
    self.token = token
  }

  /// Parses `[@theme/]component[variant]/…/token`; throws with the column of the first problem.
  public init(parsing text: String) throws(SyntaxError) {
    var text = text
    // `withUTF8` rethrows untyped errors: the typed one crosses as a `Result`.
    self = try text.withUTF8 { bytes in Result { () throws(SyntaxError) in try NodeIdentifier(utf8: bytes) } }.get()
  }

  /// Parses an identifier's UTF-8, which must be valid (`NodeScanner`).
  init(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) {
    let capacity = NodeScanner.partCapacity(bytes)
    let parsed: NodeIdentifier = try withUnsafeTemporaryAllocation(of: NodeScanner.Part.self, capacity: capacity) {
      parts throws(SyntaxError) in
      let scanned = try NodeScanner.scan(bytes, into: parts)
      func text(_ start: Int, _ end: Int, _ part: NodeScanner.Part) -> String {
        NodeScanner.text(bytes, start, end, isASCII: part.isASCII)
      }
      let path = (scanned.pathStart..<scanned.tokenIndex).map { index in
        let part = parts[index]
        return Component(
          name: text(part.nameStart, part.nameEnd, part),
          variant: part.hasVariant ? text(part.variantStart, part.variantEnd, part) : nil)
      }
      let token = parts[scanned.tokenIndex]
      return NodeIdentifier(
        themes: parts[0..<scanned.themeCount].map { text($0.nameStart, $0.nameEnd, $0) }, path: path,
        token: text(token.nameStart, token.nameEnd, token))
    }
    self = parsed
  }

  /// This node nested inside the given groups (outermost first):
  /// `close` within `client`, `searchbar` is `client/searchbar/close`.
  public func within(_ groups: [Component]) -> NodeIdentifier {
    NodeIdentifier(themes: themes, path: groups + path, token: token)
  }

  /// The node nested inside `groups` (outermost first): forwards to the
  /// list form, ``within(_:)-([Component])``.
  public func within(_ groups: Component...) -> NodeIdentifier { within(groups) }
}

extension NodeIdentifier: LosslessStringConvertible, ExpressibleByStringLiteral {
  /// The identifier's text, which parses back to an equal identifier.
  public var description: String {
    var text = themes.map { "@\($0)/" }.joined()
    for component in path {
      text += component.description
      text += "/"
    }
    return text + token
  }

  /// Parses `description`; nil when it is not a valid identifier.
  ///
  /// Given a string literal, `NodeIdentifier("home/*/label")`, Swift calls
  /// ``init(stringLiteral:)`` instead, which stops the program on an invalid
  /// literal: text read at run time goes through ``init(parsing:)``.
  public init?(_ description: String) {
    guard let parsed = try? NodeIdentifier(parsing: description) else { return nil }
    self = parsed
  }

  /// A literal must be a valid identifier; an invalid one is a programming error.
  public init(stringLiteral value: String) {
    do { self = try NodeIdentifier(parsing: value) } catch {
      preconditionFailure("invalid node identifier literal '\(value)': \(error)")
    }
  }
}
