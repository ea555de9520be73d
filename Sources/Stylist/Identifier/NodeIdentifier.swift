/// What is styled: an atom (the token) inside nested components, optionally
/// with a theme, e.g. `@dark/home/header[selected]/searchBar/label` (SPEC §2).
public struct NodeIdentifier: Hashable, Sendable {
  /// The theme named by a leading `@name/`; it wins over the query's theme.
  public var theme: String?
  /// Path components, outermost first.
  public var path: [Component]
  public var token: String

  public init(theme: String? = nil, path: [Component] = [], token: String) {
    self.theme = theme
    self.path = path
    self.token = token
  }

  public init(parsing text: String) throws(SyntaxError) {
    var (raws, _) = PathScanner.split(text)
    guard !raws.isEmpty else { throw SyntaxError("empty node identifier", column: 1) }
    if raws[0].text.firstByte == UInt8(ascii: "@") {
      let themeRaw = raws.removeFirst()
      theme = try Self.parseTheme(themeRaw)
      if raws.isEmpty {
        throw SyntaxError("'\(themeRaw.text)' needs a node after it", column: themeRaw.column)
      }
    }
    let tokenRaw = raws.removeLast()
    let tokenComponent = try Component(tokenRaw)
    if tokenComponent.variant != nil {
      throw SyntaxError("variants apply to components, not to the token", column: tokenRaw.column)
    }
    token = tokenComponent.name
    path = []
    path.reserveCapacity(raws.count)
    for raw in raws { path.append(try Component(raw)) }
  }

  /// Parses the `@name` of a leading theme component (shared with selectors).
  static func parseTheme(_ raw: RawComponent) throws(SyntaxError) -> String {
    let name = raw.text.droppingFirstByte()
    if name.isEmpty { throw SyntaxError("empty theme name after '@'", column: raw.column) }
    if let bad = name.unicodeScalars.firstIndex(where: { $0 == "[" || $0 == "]" || $0 == "*" }) {
      throw SyntaxError(
        "a theme is a plain name (no variant, no wildcard)",
        column: raw.column + 1 + PathScanner.scalarCount(name[..<bad]))
    }
    try NameRules.validate(name, column: raw.column + 1, allowWildcard: false)
    return NameRules.normalized(name)
  }

  /// This node nested inside the given groups (outermost first):
  /// `close` within `client`, `searchbar` is `client/searchbar/close`.
  public func within(_ groups: [Component]) -> NodeIdentifier {
    NodeIdentifier(theme: theme, path: groups + path, token: token)
  }

  public func within(_ groups: Component...) -> NodeIdentifier { within(groups) }
}

extension NodeIdentifier: LosslessStringConvertible, ExpressibleByStringLiteral {
  public var description: String {
    var text = theme.map { "@\($0)/" } ?? ""
    for component in path {
      text += component.description
      text += "/"
    }
    return text + token
  }

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
