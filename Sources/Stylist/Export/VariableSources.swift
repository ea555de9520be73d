import OrderedCollections

/// The variables as written, kept with a compiled sheet so that an export
/// can write them back with their references (`$a.b` stays `{a.b}`): the
/// global tree (tokens of sets and `variables:`) and each theme's own.
struct VariableSources: Sendable {
  var global: VariableTree = .empty
  /// Each theme's variables (a sheet's `themes: T: variables:`, a resolver
  /// context's tokens), by theme, in the order first defined.
  var themes: OrderedDictionary<String, VariableTree> = [:]

  /// Puts `later`'s variables over these, leaf by leaf: a later sheet's.
  mutating func merge(_ later: VariableSources) {
    global = global.merged(with: later.global)
    for (theme, tree) in later.themes { themes[theme] = themes[theme].map { $0.merged(with: tree) } ?? tree }
  }

  /// The variables under `set` (themes in axis order): each theme's leaves
  /// over the global ones, as the evaluator merges them.
  func merged(under set: ThemeSet) -> VariableTree {
    var tree = global
    for theme in set.themes {
      if let own = themes[theme] { tree = tree.merged(with: own) }
    }
    return tree
  }
}

/// Which themes' variables a variable's value can depend on: the themes
/// that set it, a map holding it or a part of it, or any variable its
/// value refers to (followed under every theme, since a theme can make a
/// value refer elsewhere).
struct ThemeReach {
  let sources: VariableSources

  func themes(reaching path: [String]) -> Set<String> {
    var themes: Set<String> = []
    var seen: Set<[String]> = []
    var pending = [path]
    let trees = [(theme: String?.none, tree: sources.global)] + sources.themes.map { (Optional($0.key), $0.value) }
    while let next = pending.popLast() {
      guard seen.insert(next).inserted else { continue }
      for (theme, tree) in trees {
        guard let node = Self.node(at: next, in: tree) else { continue }
        if let theme { themes.insert(theme) }
        // A leaf at `next` or holding it, or a map's leaves: each refers on.
        let leaves: [VariableLeaf] =
          switch node {
          case .leaf(let leaf): [leaf]
          case .map: node.leaves.map(\.leaf)
          }
        for leaf in leaves {
          for reference in leaf.references { pending.append(reference.split(separator: ".").map(String.init)) }
        }
      }
    }
    return themes
  }

  /// The node of `tree` at `path`, or the leaf on the way to it (whose
  /// value holds the path).
  private static func node(at path: [String], in tree: VariableTree) -> VariableTree? {
    var node = tree
    for name in path {
      switch node {
      case .leaf: return node
      case .map(let children):
        guard let child = children[name] else { return nil }
        node = child
      }
    }
    return node
  }
}
