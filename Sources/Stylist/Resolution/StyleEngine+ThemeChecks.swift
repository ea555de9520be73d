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

  /// What to say about the themes of `option` (`--theme`): a warning for
  /// each no loaded sheet mentions, at the place it was given, then, when
  /// two are on one axis, an error at the second.
  public func themeDiagnostics(of option: ThemeOption) -> [SheetDiagnostic] {
    let index = snapshot.index
    var diagnostics = option.given.compactMap { unknownThemeWarning($0.name, known: index.themes, at: $0.location) }
    if let conflict = index.axes.conflict(in: option.themes) {
      let second = option.given.first { $0.name == conflict.second }?.location ?? SourceLocation(wholeOf: option.name)
      diagnostics.append(SheetDiagnostic(.error, conflict.description, kind: .themeConflict, at: second))
    }
    return diagnostics
  }

  /// A warning for each theme node identifier `text` names in its `@`
  /// parts that no loaded sheet mentions and `checked` does not hold, at
  /// its `@` (a column of `line` in `file`: `<command line>` for an
  /// argument), quoting the node; each theme looked at joins `checked`,
  /// so that a run that keeps one set warns about a theme once, where it
  /// is first named. Text that is not a node identifier names no theme.
  public func unknownThemeWarnings(
    inNode text: String, file: String, line: Int = 1, skipping checked: inout Set<String>
  ) -> [SheetDiagnostic] {
    let known = index.themes
    var warnings: [SheetDiagnostic] = []
    for (theme, column) in Self.themeColumns(inNode: text) where checked.insert(theme).inserted {
      guard var warning = unknownThemeWarning(theme, known: known, at: .init(file: file, line: line, column: column))
      else { continue }
      warning.quote = SourceQuote(text, column: column)
      warnings.append(warning)
    }
    return warnings
  }

  /// The themes of `text`'s `@` parts, each once with the column of its
  /// first `@`, as the scanner that reads nodes finds them.
  static func themeColumns(inNode text: String) -> [(theme: String, column: Int)] {
    var text = text
    return text.withUTF8 { bytes in
      let found = Swift.Result { () throws(SyntaxError) in
        try NodeLine.with(utf8: bytes) { line in
          line.themes.map { (theme: line.text(of: $0), column: $0.column - 1) }
        }
      }
      var unique: [(theme: String, column: Int)] = []
      for part in (try? found.get()) ?? [] where !unique.contains(where: { $0.theme == part.theme }) {
        unique.append(part)
      }
      return unique
    }
  }

  /// What to say about the themes `tree` names, in order, up to and with
  /// the first error: when the engine has no themes of its own (so the
  /// tree's apply), two of the tree's themes on one axis (an error at its
  /// `theme:`), else a warning for each of them no loaded sheet mentions;
  /// a warning for each theme a group names (`@theme` outside other
  /// groups) that no loaded sheet mentions, once per theme, at its first
  /// group; a warning for each group `@theme` inside another group, which is a
  /// component there, not a theme (for a theme a sheet mentions); then two
  /// themes of one axis in an atom's outer `@` groups (an error at the
  /// atom). What has no location of its own is located at `file`, where
  /// the tree was read from.
  public func themeDiagnostics(of tree: StyleTree, file: String) -> [SheetDiagnostic] {
    let (index, options) = snapshot
    let whole = SourceLocation(wholeOf: file)
    var diagnostics: [SheetDiagnostic] = []
    var checked: Set<String> = []
    if options.themes.isEmpty {
      let location = tree.themeSource ?? whole
      if let conflict = index.axes.conflict(in: tree.themes) {
        return [SheetDiagnostic(.error, conflict.description, kind: .themeConflict, at: location)]
      }
      checked.formUnion(tree.themes)
      diagnostics += tree.themes.compactMap { unknownThemeWarning($0, known: index.themes, at: location) }
    }
    for (theme, item) in tree.themeGroups where checked.insert(theme).inserted {
      if let warning = unknownThemeWarning(theme, known: index.themes, at: item.source ?? whole) {
        diagnostics.append(warning)
      }
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
      let text = identifier.description
      let column = Self.themeColumns(inNode: text).first { $0.theme == conflict.second }?.column
      return diagnostics + [
        .invalidNode(
          text, conflict.description, kind: .invalidNode, at: item.source ?? whole,
          quoting: column.map { SourceQuote(text, column: $0) })
      ]
    }
    return diagnostics
  }
}
