import Stylist

/// `textDocument/hover`: a variable's or token's values as written and as
/// they resolve, under no theme and under each theme that sets it; a style
/// key's registered selector and its specificity on the node it spells; an
/// `extends` target's resolved properties; a style's contrast ratios under
/// each set of themes where a pair of its colours is too low.
enum Hover {
  static func hover(_ params: Params, in workspace: Workspace) throws(ResponseError) -> Any {
    let cursor = try Cursor(params, in: workspace)
    guard let outline = cursor.outline, let text = markdown(at: cursor, outline: outline, in: workspace) else {
      return PropertyValue.null
    }
    return ["contents": ["kind": "markdown", "value": text]] as JSONObject
  }

  static func markdown(at cursor: Cursor, outline: SheetOutline, in workspace: Workspace) -> String? {
    if let reference = cursor.reference {
      return variable(reference.path, outline: outline, sheet: cursor.sheet, in: workspace)
    }
    if let target = cursor.extensionTarget {
      guard let sheet = cursor.sheet, case .map(let dump) = sheet.resolvedDump(),
        case .map(let styles)? = dump["styles"], let properties = styles[target.target]
      else { return "`\(target.target)`: no style of this selector" }
      return "`\(target.target)`\n\n```yaml\n\(properties.yamlText())\n```"
    }
    let word = cursor.word
    if let style = outline.styles.first(where: { entry in
      let location = entry.location
      return Workspace.canonical(location.file) == cursor.path && location.line - 1 == cursor.line
        && location.column - 1 <= cursor.column && cursor.column <= word.start + word.text.unicodeScalars.count
    }) {
      var text = "style, registered as `\(style.name)`"
      // The node the selector spells (none when it has a glob or a `*`).
      if let selector = try? StyleSelector(parsing: style.name), let node = try? NodeIdentifier(parsing: style.name),
        let specificity = selector.specificity(on: node)
      {
        text += "; specificity \(specificity) on the node `\(style.name)`"
      }
      if let sheet = cursor.sheet, let rule = sheet.rules.first(where: { $0.style.source == style.location }) {
        text += contrast(of: rule, in: sheet)
      }
      return text
    }
    return nil
  }

  /// For each pair of the style's colours that falls short of the
  /// minimum under some set of themes (`low-contrast`), its ratio under
  /// each set the style's values differ in.
  static func contrast(of rule: StyleRule, in sheet: StyleSheet) -> String {
    let check = ContrastCheck(sheet)
    var text = ""
    for pair in check.pairs(of: rule) where check.fallsShort(pair) {
      let minimum = ContrastCheck.numberText(check.settings.minimum)
      text += "\n\ncontrast of `\(pair.foreground)` on `\(pair.background)` (minimum \(minimum):1):"
      for measure in pair.measures {
        let phrase = measure.phrase.isEmpty ? "everywhere it applies" : String(measure.phrase.dropFirst())
        let colors =
          "`\(ContrastCheck.colorText(measure.foregroundColor))` on `\(ContrastCheck.colorText(measure.backgroundColor))`"
        let verdict = measure.ratio < check.settings.minimum ? " (below the minimum)" : ""
        text += "\n- \(phrase): \(colors) \(check.ratioText(measure.ratio))\(verdict)"
      }
    }
    return text
  }

  static func variable(_ path: String, outline: SheetOutline, sheet: StyleSheet?, in workspace: Workspace) -> String? {
    var resolved = ResolvedValues(sheet: sheet)
    var lines: [String] = []
    for variable in outline.variables where variable.path == path {
      let value = variable.location.writtenValue(in: workspace) ?? "(a value over lines)"
      let code = MarkdownRenderer.codeSpan
      var line = "- \(variable.theme.map { "under `@\($0)`" } ?? "no theme"): \(code(value))"
      if let text = resolved.text(of: path, theme: variable.theme, besides: value) { line += " → \(code(text))" }
      lines.append(line)
    }
    for token in outline.tokens where token.path == path {
      var line = "- token\(token.theme.map { " under `@\($0)`" } ?? "")"
      if let type = token.type { line += ", \(type)" }
      if let text = resolved.text(of: path, theme: token.theme) { line += " \(MarkdownRenderer.codeSpan(text))" }
      if let description = token.description { line += ": \(description)" }
      if let deprecation = token.deprecation { line += " (deprecated\(deprecation.reason.map { ": \($0)" } ?? ""))" }
      lines.append(line)
    }
    if lines.isEmpty {
      let prefix = path + "."
      let leaves = Set(outline.variables.map(\.path).filter { $0.hasPrefix(prefix) })
        .union(outline.tokens.map(\.path).filter { $0.hasPrefix(prefix) })
      guard !leaves.isEmpty else { return nil }
      return "`$\(path)`: a map of \(leaves.count) variables"
    }
    return "`$\(path)`\n\n" + lines.joined(separator: "\n")
  }
}
