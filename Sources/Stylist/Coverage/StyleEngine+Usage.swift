extension StyleEngine {
  /// Which styles `nodes` use, under `themes`: for every style the answers
  /// it won and applied in, the styles that won nothing and why, and the
  /// nodes nothing applied to (``UsageReport``). From one snapshot.
  public func usage(of nodes: [NodeIdentifier], themes: UsageThemes = .current) throws(UsageError) -> UsageReport {
    var counter = try UsageCounter(engine: self, themes: themes)
    counter.count(nodes)
    return counter.report()
  }

  /// The usage of the atoms of `tree` (see `usage(of:themes:)` for nodes);
  /// the tree's themes apply unless the engine has some set explicitly, as
  /// ``resolve(_:)`` does.
  public func usage(of tree: StyleTree, themes: UsageThemes = .current) throws(UsageError) -> UsageReport {
    var counter = try usageCounter(for: tree, themes: themes)
    counter.count(tree.identifiers)
    return counter.report()
  }

  /// A counter for `tree`'s atoms (its themes apply unless the engine
  /// has some), on `jobs` workers.
  package func usageCounter(for tree: StyleTree, themes: UsageThemes, jobs: Int? = nil) throws(UsageError)
    -> UsageCounter
  {
    var (index, options) = snapshot
    if options.themes.isEmpty { options = index.options(themes: tree.themes, mode: options.mode) }
    return try UsageCounter(index: index, options: options, themes: themes, jobs: jobs)
  }
}
