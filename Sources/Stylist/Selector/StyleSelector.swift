/// What a style is registered for: `[@theme/]… [component/]* token` (docs/SHEETS.md: Selectors).
///
/// Leading bare `*` components are dropped, so `*/*/title` and `title` are the
/// same value; the one just outside a `>` component stays. The themes are a
/// set: `@compact/@dark/title` and `@dark/@compact/title` are one selector.
public struct StyleSelector: Hashable, Sendable {
  /// The themes (`@dark/@compact/`) the selector is for, each once, in name
  /// order; it applies only while all of them are current.
  public private(set) var themes: [String]
  /// Path components, outermost first, normalised.
  public private(set) var components: [SelectorComponent]
  /// The token pattern, last in the selector.
  public private(set) var token: TokenPattern

  /// The selector's theme when it names one; with several, the first in
  /// name order: forwards to ``themes``, which has them all.
  public var theme: String? { themes.first }

  /// A selector from its parts, outermost component first: forwards to
  /// ``init(themes:components:token:)``.
  public init(theme: String? = nil, components: [SelectorComponent] = [], token: TokenPattern) {
    self.init(themes: theme.map { [$0] } ?? [], components: components, token: token)
  }

  /// A selector for `themes` (in any order; a repeat counts once) from its
  /// parts, outermost component first.
  public init(themes: [String], components: [SelectorComponent] = [], token: TokenPattern) {
    self.themes = themes.count < 2 ? themes : Array(Set(themes)).sorted()
    let dropCount = Self.leadingWildcardCount(components, token: token)
    self.components = dropCount == 0 ? components : Array(components[dropCount...])
    self.token = token
  }

  /// Parses `[@theme/]part/…/token`; throws with the column of the first problem.
  public init(parsing text: String) throws(SyntaxError) {
    self = try Self.parse(text).selector
  }

  /// The selector, how many empty components (`a//b`) were dropped, and
  /// whether `text` is the selector's `description` byte for byte.
  static func parse(_ text: String) throws(SyntaxError) -> (
    selector: StyleSelector, droppedEmpty: Int, isDescription: Bool
  ) {
    if let plain = PlainSelectorParser.parse(text) {
      // The plain form writes each part as `description` does; only leading
      // `*` components dropped by normalisation make the two differ.
      return (plain.selector, 0, !plain.droppedWildcards)
    }
    let (selector, dropped) = try parseInGeneral(text)
    return (selector, dropped, false)
  }

  /// Any selector, in one scan; errors carry their column.
  static func parseInGeneral(_ text: String) throws(SyntaxError) -> (selector: StyleSelector, droppedEmpty: Int) {
    var (raws, dropped) = PathScanner.split(text)
    guard !raws.isEmpty else { throw SyntaxError("empty selector", column: 1) }
    var themes: [String] = []
    // Leading `@` parts are themes while another part follows them.
    while raws[0].text.firstByte == UInt8(ascii: "@"), raws.count > 1 || themes.isEmpty {
      let themeRaw = raws.removeFirst()
      themes.append(try Self.parseTheme(themeRaw))
      if raws.isEmpty {
        throw SyntaxError("'\(themeRaw.text)' needs a selector after it", column: themeRaw.column)
      }
    }
    let tokenRaw = raws.removeLast()
    let tokenComponent = try SelectorParser.component(tokenRaw)
    if tokenComponent.variant != .unspecified {
      throw SyntaxError("variants apply to components, not to the token", column: tokenRaw.column)
    }
    var components: [SelectorComponent] = []
    components.reserveCapacity(raws.count)
    for raw in raws { components.append(try SelectorParser.component(raw)) }
    let selector = StyleSelector(
      themes: themes, components: components,
      token: TokenPattern(name: tokenComponent.name, isDirectChild: tokenComponent.isDirectChild))
    return (selector, dropped)
  }

  /// Parses the `@name` of a leading theme component (node identifiers check
  /// theirs in `NodeScanner`, with the same messages).
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

  /// How many leading bare `*` components normalisation drops.
  static func leadingWildcardCount(_ components: [SelectorComponent], token: TokenPattern) -> Int {
    var dropCount = 0
    while dropCount < components.count, components[dropCount].isBareWildcard {
      let nextIsDirect =
        dropCount + 1 < components.count
        ? components[dropCount + 1].isDirectChild : token.isDirectChild
      if nextIsDirect { break }
      dropCount += 1
    }
    return dropCount
  }

  /// This selector registered inside a group path (outermost first); the
  /// theme stays in front: `@dark/title` in `client` is `@dark/client/title`.
  public func within(_ groups: [SelectorComponent]) -> StyleSelector {
    StyleSelector(themes: themes, components: groups + components, token: token)
  }

  /// The selector nested inside `groups` (outermost first): forwards to
  /// the list form, ``within(_:)-([SelectorComponent])``.
  public func within(_ groups: SelectorComponent...) -> StyleSelector { within(groups) }

  /// The same selector registered under `theme` as well (a `themes:`
  /// block): `@compact/title` in `themes: dark:` is `@compact/@dark/title`.
  public func themed(_ theme: String) -> StyleSelector {
    StyleSelector(themes: themes + [theme], components: components, token: token)
  }

  /// Hashes `contentHash`, which covers every part (token, components with
  /// their variants and `>`, theme): equal selectors agree on all of them.
  public func hash(into hasher: inout Hasher) { hasher.combine(contentHash) }

  /// The hash `hash(into:)` feeds, over every part: a design system has thousands of selectors with the
  /// same token, length and innermost component, which a hash of those
  /// alone would pile into one chain.
  var contentHash: Int {
    var hash = token.name.nameHash &* 2 &+ (token.isDirectChild ? 1 : 0)
    for component in components {
      hash = hash &* 1_000_003 &+ component.name.nameHash
      hash = hash &* 31 &+ component.variant.variantHash &* 2 &+ (component.isDirectChild ? 1 : 0)
    }
    for theme in themes { hash = hash &* 1_000_003 &+ NameTable.hash(theme) }
    return hash
  }
}

extension StyleSelector: LosslessStringConvertible, ExpressibleByStringLiteral {
  /// The selector's text, which parses back to an equal selector.
  public var description: String {
    String(writingUTF8: writeText)
  }

  /// Appends the selector's text (`description`) as UTF-8: each part's
  /// bytes straight into `text`, with no `String` built per part.
  func writeText(to text: inout [UInt8]) {
    let slash = UInt8(ascii: "/")
    for theme in themes {
      text.append(UInt8(ascii: "@"))
      text.append(utf8Of: theme)
      text.append(slash)
    }
    let partsStart = text.count
    for component in components {
      component.writeText(to: &text)
      text.append(slash)
    }
    token.writeText(to: &text)
    // A first component starting with `@` would read as a theme: `*/@x/t`
    // and `@dark/*/@x/t` keep their (dropped) leading `*`. (After themes,
    // a token alone is a token whatever it starts with: `@dark/@x`.)
    let isTokenAfterThemes = !themes.isEmpty && components.isEmpty
    if !isTokenAfterThemes && partsStart < text.count && text[partsStart] == UInt8(ascii: "@") {
      text.insert(contentsOf: [UInt8(ascii: "*"), slash], at: partsStart)
    }
  }

  /// Parses `description`; nil when it is not a valid selector.
  public init?(_ description: String) {
    guard let parsed = try? StyleSelector(parsing: description) else { return nil }
    self = parsed
  }

  /// A literal must be a valid selector; an invalid one is a programming error.
  public init(stringLiteral value: String) {
    do { self = try StyleSelector(parsing: value) } catch {
      preconditionFailure("invalid selector literal '\(value)': \(error)")
    }
  }
}

extension SelectorComponent: ExpressibleByStringLiteral {
  /// A literal must be one valid selector component, e.g. `"searchbar[disabled]"`.
  public init(stringLiteral value: String) {
    do {
      let (raws, _) = PathScanner.split(value)
      guard raws.count == 1 else { throw SyntaxError("expected exactly one component", column: 1) }
      self = try SelectorParser.component(raws[0])
    } catch {
      preconditionFailure("invalid selector component literal '\(value)': \(error)")
    }
  }
}
