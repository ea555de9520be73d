/// A UI tree of nested groups and atoms, resolved all at once (`resolve`).
///
/// Stored flat, in pre-order with depths, so a tree nested 100,000 deep is
/// built, walked and freed without recursion.
public struct StyleTree: Hashable, Sendable {
  /// One line of a tree: a section, element or atom at a depth.
  public struct Item: Hashable, Sendable {
    /// A group (a component that holds others) or an atom (a styled token).
    public enum Kind: Hashable, Sendable {
      /// A group: a path component, possibly with a variant.
      case group(Component)
      /// An atom: the token of a node identifier.
      case atom(String)
    }

    /// How deep the item sits, from 0.
    public var depth: Int
    /// Group or atom.
    public var kind: Kind
    /// Where the item was written, when it comes from a file.
    public var source: SourceLocation?

    /// An item at `depth`.
    public init(depth: Int, kind: Kind, source: SourceLocation? = nil) {
      self.depth = depth
      self.kind = kind
      self.source = source
    }
  }

  /// A nested description, convenient for small hand-written trees.
  public indirect enum Node: Hashable, Sendable {
    case group(Component, [Node])
    case atom(String)
  }

  /// The tree's themes (`theme:`, a name or a list), used when the query
  /// names none.
  public var themes: [String]
  /// The tree's theme when it names one; with several, the first written:
  /// forwards to ``themes``.
  public var theme: String? {
    get { themes.first }
    set { themes = newValue.map { [$0] } ?? [] }
  }
  /// Where the tree file names its themes, for warnings about them.
  public var themeSource: SourceLocation?
  /// Items in pre-order; a group's children follow it one level deeper.
  public var items: [Item]

  /// A tree under one theme or none from its items in document order:
  /// forwards to ``init(themes:items:)``.
  public init(theme: String? = nil, items: [Item]) {
    self.init(themes: theme.map { [$0] } ?? [], items: items)
  }

  /// A tree under `themes` from its items in document order.
  public init(themes: [String], items: [Item]) {
    self.themes = themes
    self.items = items
  }

  /// A tree from nested nodes.
  public init(theme: String? = nil, nodes: [Node]) {
    var items: [Item] = []
    func flatten(_ nodes: [Node], depth: Int) {
      for node in nodes {
        switch node {
        case .atom(let token): items.append(Item(depth: depth, kind: .atom(token)))
        case .group(let component, let children):
          items.append(Item(depth: depth, kind: .group(component)))
          flatten(children, depth: depth + 1)
        }
      }
    }
    flatten(nodes, depth: 0)
    self.init(theme: theme, items: items)
  }

  /// Every atom's full node identifier with its item, in tree order.
  ///
  /// The identifier is the one its path spells: the outermost groups named
  /// `@theme` (no variant) are its themes, as the leading `@` parts of a
  /// node are (docs/SHEETS.md: Theme axes), so a group `@dark` resolves what it
  /// holds under `dark`; inside any other group, `@` is an ordinary character.
  public var atoms: [(identifier: NodeIdentifier, item: Item)] {
    var result: [(NodeIdentifier, Item)] = []
    var path: [Component] = []
    for item in items {
      path.removeLast(max(0, path.count - item.depth))
      switch item.kind {
      case .group(let component): path.append(component)
      case .atom(let token):
        let themeCount = path.prefix(while: \.namesTheme).count
        let identifier =
          themeCount == 0
          ? NodeIdentifier(path: path, token: token)
          : NodeIdentifier(
            themes: path[..<themeCount].map { String($0.name.dropFirst()) }, path: Array(path[themeCount...]),
            token: token)
        result.append((identifier, item))
      }
    }
    return result
  }

  /// The groups that name themes (`@theme` outside every other group but
  /// such ones), with the theme each names, in tree order.
  var themeGroups: [(theme: String, item: Item)] {
    var result: [(String, Item)] = []
    var path: [Component] = []
    for item in items {
      path.removeLast(max(0, path.count - item.depth))
      guard case .group(let component) = item.kind else { continue }
      if component.namesTheme, path.allSatisfy(\.namesTheme) {
        result.append((String(component.name.dropFirst()), item))
      }
      path.append(component)
    }
    return result
  }

  /// The groups named `@theme` inside another group, with the theme they
  /// spell: components there (`card/@dark/title`), not themes, which a
  /// tree's author most likely meant otherwise.
  public var innerThemeGroups: [(theme: String, item: Item)] {
    var result: [(String, Item)] = []
    var path: [Component] = []
    for item in items {
      path.removeLast(max(0, path.count - item.depth))
      guard case .group(let component) = item.kind else { continue }
      if component.namesTheme, !path.allSatisfy(\.namesTheme) {
        result.append((String(component.name.dropFirst()), item))
      }
      path.append(component)
    }
    return result
  }

  /// Each atom's full identifier, in document order.
  public var identifiers: [NodeIdentifier] { atoms.map(\.identifier) }
}

extension Component {
  /// Whether, as one of a node's outermost parts, it names a theme: `@name`, without a variant.
  var namesTheme: Bool {
    variant == nil && name.utf8.count > 1 && name.utf8.first == UInt8(ascii: "@")
  }
}
