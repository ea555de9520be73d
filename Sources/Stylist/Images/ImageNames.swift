/// How image asset names are spelled (docs/CLI.md: Image names).
public struct ImageNameOptions: Hashable, Sendable {
  /// How a name leaves out a component: with the wildcard (`client_*_image`) or without it (`client_image`).
  public enum Form: String, Hashable, Sendable, CaseIterable {
    /// Components are replaced by the wildcard: `*_searchbar_image`.
    case wildcard
    /// Components are dropped: `searchbar_image`.
    case omit
  }

  /// Put between the parts of a name (`_`).
  public var separator: String
  /// Stands for any component in `wildcard` form (`*`).
  public var wildcard: String
  /// Wildcards or omitted components.
  public var form: Form

  /// Options; the defaults give `client_*_image`.
  public init(separator: String = "_", wildcard: String = "*", form: Form = .wildcard) {
    self.separator = separator
    self.wildcard = wildcard
    self.form = form
  }
}

/// The asset names to try for a node, best first (the seed's StylableImage).
///
/// Every way of generalising the path components, ordered as §4 would rank
/// the equivalent selectors on the same node: the innermost component's
/// choice is the most significant. Lazy, because a deep node has
/// exponentially many names; a name that comes out twice is listed once.
public struct ImageNames: Sequence, Sendable {
  /// The node the names are for.
  public let node: NodeIdentifier
  /// The current themes, in axis order: a themed name starts with the
  /// themes it uses, joined by the separator (`dark_compact_title`).
  public let themes: [String]
  /// The theme whose names come first, if any (with several, the first):
  /// forwards to ``themes``.
  public var theme: String? { themes.first }
  /// Where themed names rank: all first (`themed`) or each before its unthemed twin (`classic`).
  public let mode: PrecedenceMode
  /// How names are spelled.
  public let options: ImageNameOptions

  /// The names for `node` under one theme or none, generated lazily, best
  /// first: forwards to ``init(node:themes:mode:options:)``.
  public init(node: NodeIdentifier, theme: String?, mode: PrecedenceMode, options: ImageNameOptions) {
    self.init(node: node, themes: theme.map { [$0] } ?? [], mode: mode, options: options)
  }

  /// The names for `node` under the current `themes` (in axis order),
  /// generated lazily, best first: names using more themes rank as
  /// selectors naming more themes do (docs/SHEETS.md: Theme axes).
  public init(node: NodeIdentifier, themes: [String], mode: PrecedenceMode, options: ImageNameOptions) {
    self.node = node
    self.themes = themes
    self.mode = mode
    self.options = options
  }

  /// How many names the node's spellings make, repeats included
  /// (saturating at `Int.max`): the sequence has at most this many. It
  /// grows fourfold with each component that has a variant, so a tool
  /// that lists every name checks it first (`stylist images --max-names`).
  public var candidateCount: Int {
    var count = themePrefixCount + 1
    for component in node.path {
      let (product, overflow) = count.multipliedReportingOverflow(by: choices(for: component).count)
      if overflow { return .max }
      count = product
    }
    return count
  }

  /// Names that use themes are spelled with every non-empty subset of
  /// `themes` up to 16 of them; past that, with all of them only.
  private static let maxSubsetThemes = 16

  /// How many prefixes `themePrefixes()` gives.
  var themePrefixCount: Int {
    themes.isEmpty ? 0 : themes.count <= Self.maxSubsetThemes ? (1 << themes.count) - 1 : 1
  }

  /// Every non-empty subset of `themes`, kept in their order, joined by the
  /// separator: those of more themes first, then in the order of their
  /// first theme.
  func themePrefixes() -> [String] {
    guard !themes.isEmpty, themes.count <= Self.maxSubsetThemes else {
      return themes.isEmpty ? [] : [themes.joined(separator: options.separator)]
    }
    let subsets = (1..<(1 << themes.count)).map { mask in themes.indices.filter { mask & (1 << $0) != 0 } }
    return subsets.sorted { left, right in
      left.count != right.count ? left.count > right.count : left.lexicographicallyPrecedes(right)
    }.map { $0.map { themes[$0] }.joined(separator: options.separator) }
  }

  /// The spellings a component offers, strongest first (weights 14, 12, 6, 4
  /// in the wildcard form; kept with variant, kept, dropped in the omit form).
  func choices(for component: Component) -> [String?] {
    let wildcard = options.wildcard
    switch (options.form, component.variant) {
    case (.wildcard, let variant?):
      return ["\(component.name)[\(variant)]", component.name, "\(wildcard)[\(variant)]", wildcard]
    case (.wildcard, nil): return [component.name, wildcard]
    case (.omit, let variant?): return ["\(component.name)[\(variant)]", component.name, nil]
    case (.omit, nil): return [component.name, nil]
    }
  }

  /// Iterates the names best first.
  public func makeIterator() -> Iterator { Iterator(self) }

  /// Generates names one at a time, without building the whole list.
  public struct Iterator: IteratorProtocol {
    private let choices: [[String?]]
    private let token: String
    private let separator: String
    /// The theme prefixes, best first (`ImageNames.themePrefixes`).
    private let prefixes: [String]
    private let mode: PrecedenceMode
    /// One digit per path component; the innermost is the most significant.
    private var digits: [Int]
    private var exhausted = false
    /// In `themed` mode: a pass over every name per prefix, best first,
    /// then one unthemed (`prefixes.count`).
    private var pass = 0
    /// In `classic` mode: the names left for the current base, the weaker
    /// themed ones and then its unthemed twin.
    private var pending: [String] = []
    private var seen: Set<String> = []

    init(_ names: ImageNames) {
      choices = names.node.path.map(names.choices(for:))
      token = names.node.token
      separator = names.options.separator
      prefixes = names.themePrefixes()
      mode = names.mode
      digits = [Int](repeating: 0, count: choices.count)
    }

    /// The next name, or nil after the last.
    public mutating func next() -> String? {
      while true {
        if !pending.isEmpty {
          let name = pending.removeFirst()
          if seen.insert(name).inserted { return name }
          continue
        }
        if exhausted {
          guard mode == .themed, pass < prefixes.count else { return nil }
          pass += 1
          exhausted = false
          digits = [Int](repeating: 0, count: choices.count)
        }
        let base = currentName()
        advance()
        if mode == .classic {
          // Each name's themed forms, more themes first, then the name.
          pending = prefixes.map { $0 + separator + base } + [base]
          continue
        }
        let name = pass < prefixes.count ? prefixes[pass] + separator + base : base
        if seen.insert(name).inserted { return name }
      }
    }

    private func currentName() -> String {
      var parts: [String] = []
      parts.reserveCapacity(choices.count + 1)
      for (index, options) in choices.enumerated() {
        if let part = options[digits[index]] { parts.append(part) }
      }
      parts.append(token)
      return parts.joined(separator: separator)
    }

    /// Odometer step: the outermost component changes fastest.
    private mutating func advance() {
      var index = 0
      while index < digits.count {
        digits[index] += 1
        if digits[index] < choices[index].count { return }
        digits[index] = 0
        index += 1
      }
      exhausted = true
    }
  }
}

extension ImageNames: CustomStringConvertible {
  /// The node and its first names, best first, as an app tries them:
  /// `home/title: dark_home_title, dark_*_title, dark_title, home_title, …`;
  /// past eight, how many the node's spellings make at most. The sequence
  /// is the whole list: iterate it (`for name in names`) or take its first
  /// names (`names.prefix(3)`).
  public var description: String {
    var names: [String] = []
    var iterator = makeIterator()
    while names.count < Self.namesDescribed, let name = iterator.next() { names.append(name) }
    var text = "\(node): " + names.joined(separator: ", ")
    if iterator.next() != nil { text += ", … (at most \(candidateCount) names)" }
    return text
  }

  private static let namesDescribed = 8
}
