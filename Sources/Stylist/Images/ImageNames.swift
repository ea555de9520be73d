/// How image asset names are spelled (README: Image names).
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
  /// The theme whose names come first, if any.
  public let theme: String?
  /// Where themed names rank: all first (`themed`) or each before its unthemed twin (`classic`).
  public let mode: PrecedenceMode
  /// How names are spelled.
  public let options: ImageNameOptions

  /// The names for `node`, generated lazily, best first.
  public init(node: NodeIdentifier, theme: String?, mode: PrecedenceMode, options: ImageNameOptions) {
    self.node = node
    self.theme = theme
    self.mode = mode
    self.options = options
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
    private let themePrefix: String?
    private let mode: PrecedenceMode
    /// One digit per path component; the innermost is the most significant.
    private var digits: [Int]
    private var exhausted = false
    /// In `themed` mode: first every themed name, then the same unthemed.
    private var unthemedPass = false
    /// In `classic` mode: the unthemed twin of the themed name just returned.
    private var pendingTwin: String?
    private var seen: Set<String> = []

    init(_ names: ImageNames) {
      choices = names.node.path.map(names.choices(for:))
      token = names.node.token
      separator = names.options.separator
      themePrefix = names.theme
      mode = names.mode
      digits = [Int](repeating: 0, count: choices.count)
    }

    /// The next name, or nil after the last.
    public mutating func next() -> String? {
      while true {
        if let twin = pendingTwin {
          pendingTwin = nil
          if seen.insert(twin).inserted { return twin }
          continue
        }
        if exhausted {
          guard themePrefix != nil, mode == .themed, !unthemedPass else { return nil }
          unthemedPass = true
          exhausted = false
          digits = [Int](repeating: 0, count: choices.count)
        }
        let base = currentName()
        advance()
        guard let theme = themePrefix, !unthemedPass else {
          if seen.insert(base).inserted { return base }
          continue
        }
        let themed = theme + separator + base
        if mode == .classic { pendingTwin = base }
        if seen.insert(themed).inserted { return themed }
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
