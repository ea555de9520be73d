/// The checks of the themes a query names, worded once for every tool:
/// a node given as text, and a tree's themes and theme groups.
extension StyleEngine {
  /// Parses a node identifier given as text and checks its themes on the
  /// current sheets, as ``bestMatch(parsing:)`` does: the syntax error,
  /// else for two themes of one axis an error at the second one's `@`
  /// (so that a tool can point at it). Returns the identifier.
  public func checkNode(parsing text: String) throws(SyntaxError) -> NodeIdentifier {
    let node = try NodeIdentifier(parsing: text)
    let (index, options) = snapshot
    var text = text
    // `withUTF8` rethrows untyped errors: the typed one crosses as a `Result`.
    try text.withUTF8 { bytes in
      Swift.Result { () throws(SyntaxError) in
        try NodeLine.with(utf8: bytes) { line throws(SyntaxError) in _ = try index.currentThemes(options, line: line) }
      }
    }.get()
    return node
  }

  /// What to say about themes given together as one option (`option`,
  /// e.g. `--theme`): a warning for each no loaded sheet mentions, then,
  /// when two are on one axis, an error; all at `location`, where the
  /// option was given.
  public func themeDiagnostics(ofOption themes: [String], named option: String, at location: SourceLocation)
    -> [SheetDiagnostic]
  {
    let index = snapshot.index
    var diagnostics = themes.compactMap { unknownThemeWarning($0, known: index.themes, at: location) }
    if let conflict = index.axes.conflict(in: themes) {
      diagnostics.append(SheetDiagnostic(.error, "\(option): \(conflict)", kind: .themeConflict, at: location))
    }
    return diagnostics
  }

  /// What to say about the themes `tree` names, in order, up to and with
  /// the first error: when the engine has no themes of its own (so the
  /// tree's apply), two of the tree's themes on one axis (an error at its
  /// `theme:`), else a warning for each of them no loaded sheet mentions;
  /// a warning for each group `@theme` inside another group, which is a
  /// component there, not a theme (for a theme a sheet mentions); then two
  /// themes of one axis in an atom's outer `@` groups (an error at the
  /// atom). What has no location of its own is located at `file`, where
  /// the tree was read from.
  public func themeDiagnostics(of tree: StyleTree, file: String) -> [SheetDiagnostic] {
    let (index, options) = snapshot
    let whole = SourceLocation(wholeOf: file)
    var diagnostics: [SheetDiagnostic] = []
    if options.themes.isEmpty {
      let location = tree.themeSource ?? whole
      if let conflict = index.axes.conflict(in: tree.themes) {
        return [SheetDiagnostic(.error, conflict.description, kind: .themeConflict, at: location)]
      }
      diagnostics += tree.themes.compactMap { unknownThemeWarning($0, known: index.themes, at: location) }
    }
    let known = Set(index.themes)
    for (theme, item) in tree.innerThemeGroups where known.contains(theme) {
      let message =
        "group '@\(theme)' is inside another group, so it is a component, not theme '\(theme)' "
        + "(a group names a theme only outside every other group)"
      diagnostics.append(SheetDiagnostic(.warning, message, kind: .themeGroup, at: item.source ?? whole))
    }
    for (identifier, item) in tree.atoms where identifier.themes.count > 1 {
      guard let conflict = index.axes.conflict(in: identifier.themes) else { continue }
      return diagnostics + [
        .invalidNode(identifier.description, conflict.description, kind: .invalidNode, at: item.source ?? whole)
      ]
    }
    return diagnostics
  }
}
