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
