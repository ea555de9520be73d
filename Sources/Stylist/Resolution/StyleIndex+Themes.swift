/// What a query's themes come to on an index: the current themes by
/// axis, the theme sets whose roots it walks, the values key.
extension StyleIndex {
  /// The options a query on this index uses under `themes`: the explicit
  /// `mode`, else the one the sheets declare, else `themed`. What the
  /// themes come to is worked out here, once, for a node without themes
  /// and for a node naming any one theme the index knows: a query looks
  /// it up (`currentThemes(_:line:)`).
  func options(themes: [String], mode: PrecedenceMode?) -> QueryOptions {
    var options = QueryOptions(themes: themes, mode: mode ?? declaredMode ?? .themed)
    let own = currentThemes(options, node: [])
    let withNodeTheme = themeTable.themes.map { currentThemes(options, node: [$0]) }
    options.current = CurrentThemes(
      themes: own.themes, themeSets: own.themeSets, valuesKey: own.valuesKey, withNodeTheme: withNodeTheme)
    return options
  }

  /// The themes a query runs under, in axis order: `options.themes` with
  /// `node`'s replacing them on their axes (of two on one axis, the later),
  /// and the defaults of axes left without one. Looked up in the options'
  /// `current` for a node without themes or with one known theme.
  func currentThemes(_ options: QueryOptions, node: [String]) -> CurrentThemes {
    if let current = options.current {
      if node.isEmpty { return current }
      if node.count == 1, case let id = themeTable.id(node[0]), id.isKnown { return current.withNodeTheme[id.index] }
    }
    let themes = node.isEmpty && axes.axes.isEmpty ? options.themes : axes.current(base: options.themes, node: node)
    return CurrentThemes(themes: themes, themeSets: trie.applicableThemeSets(themes), valuesKey: valuesKey(themes))
  }

  /// The key of `Style.themed` for the current `themes`: the ones with
  /// variables of their own, in axis order, joined by `/` (one theme is
  /// its own key); nil when no style has values under it.
  func valuesKey(_ themes: [String]) -> String? {
    axes.valuesKey(themes, hasVariables: variableThemes.contains).flatMap { valuesKeys.contains($0) ? $0 : nil }
  }

  /// The current themes of a line: as `currentThemes(_:node:)`, but two
  /// themes of one axis in the line are an error at the second.
  func currentThemes(_ options: QueryOptions, line: NodeLine) throws(SyntaxError) -> CurrentThemes {
    if let current = options.current {
      if line.themes.isEmpty { return current }
      if line.themes.count == 1, case let id = line.themeID(of: line.themes[0], in: themeTable), id.isKnown {
        return current.withNodeTheme[id.index]
      }
    }
    let node = line.themeTexts
    if node.count > 1, let conflict = axes.conflict(in: node) {
      let column = line.themes.first { line.text(of: $0) == conflict.second }.map { $0.column - 1 } ?? 1
      throw SyntaxError(conflict.description, column: column)
    }
    return currentThemes(options, node: node)
  }
}
