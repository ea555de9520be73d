extension TextRenderer {
  /// A node diff (`diff --nodes`) as people read it, one block a change:
  /// its nodes in bold, one a line, then the selector (`(default)` for
  /// the default style, `(no style)` for none) with its sources dimmed,
  /// and the properties that differ, `-` before in red and `+` after in
  /// green (a selector that changes is two such lines too). Blocks are
  /// separated by a blank line; a line of totals ends it. Ends with a newline.
  public func nodeDiff(_ diff: NodeDiff) -> String {
    var text = ""
    for change in diff.changes {
      for node in change.nodes { text += palette.bold(node) + "\n" }
      let (before, after) = (change.before, change.after)
      if Self.selectorText(before) == Self.selectorText(after) {
        var sources = [before.source, after.source].compactMap { $0?.description }
        if sources.count == 2 && sources[0] == sources[1] { sources.removeLast() }
        text += "    selector: \(Self.selectorText(after))" + sourcesText(sources) + "\n"
      } else {
        text +=
          palette.red("  - selector: \(Self.selectorText(before))")
          + sourcesText([before.source?.description].compactMap { $0 }) + "\n"
        text +=
          palette.green("  + selector: \(Self.selectorText(after))")
          + sourcesText([after.source?.description].compactMap { $0 }) + "\n"
      }
      text += propertyLines(before.properties ?? [:], after.properties ?? [:], indent: "  ")
      text += "\n"
    }
    let changed = diff.changedNodes
    let nodes = "\(diff.nodes) \(diff.nodes == 1 ? "node" : "nodes")"
    return text + "\(changed) of \(nodes) \(changed == 1 ? "changes" : "change")\n"
  }

  /// A sheet diff (`diff` without nodes) as people read it: the added and
  /// the removed styles, one a line as `file:line:col: selector` (so an
  /// editor can jump to each), and the added and removed variables as
  /// `file:line:col: path = value`; then, for each set of themes that
  /// changes something, the styles that change there, each where the new
  /// sheets write it (the old place is in the JSON), with the properties
  /// that differ (`-` before, `+` after), and the variables whose values
  /// change; then a line of totals. A group with nothing in it is left
  /// out. Ends with a newline.
  public func sheetDiff(_ diff: SheetDiff) -> String {
    var text = ""
    let groups: [(String, [SheetDiff.Entry], (String) -> String)] = [
      ("added", diff.added, palette.green), ("removed", diff.removed, palette.red),
    ]
    for (heading, entries, mark) in groups where !entries.isEmpty {
      text += palette.bold("\(heading) (\(entries.count)):") + "\n"
      for entry in entries { text += Self.located(entry) + mark(Self.selectorText(entry)) + "\n" }
    }
    let variableGroups: [(String, [SheetDiff.Variable], (String) -> String)] = [
      ("added variables", diff.addedVariables, palette.green),
      ("removed variables", diff.removedVariables, palette.red),
    ]
    for (heading, variables, mark) in variableGroups where !variables.isEmpty {
      text += palette.bold("\(heading) (\(variables.count)):") + "\n"
      for variable in variables {
        text += "\(variable.source): " + mark("\(variable.path) = \(Self.displayText(variable.value))") + "\n"
      }
    }
    for themed in diff.changed {
      let under = themed.themes.isEmpty ? "" : " under " + themed.themes.joined(separator: ", ")
      if !themed.styles.isEmpty {
        text += palette.bold("changed\(under) (\(themed.styles.count)):") + "\n"
        for change in themed.styles {
          text += Self.located(change.after) + Self.selectorText(change.after) + "\n"
          text += propertyLines(change.before.properties, change.after.properties, indent: "  ")
        }
      }
      if !themed.variables.isEmpty {
        text += palette.bold("variables changed\(under) (\(themed.variables.count)):") + "\n"
        for change in themed.variables {
          text += "\(change.after.source): \(change.after.path)\n"
          text += palette.red("  - \(Self.displayText(change.before.value))") + "\n"
          text += palette.green("  + \(Self.displayText(change.after.value))") + "\n"
        }
      }
    }
    let changed = Set(diff.changed.flatMap { $0.styles.map(\.after.selector) }).count
    let changedVariables = Set(diff.changed.flatMap { $0.variables.map(\.after.path) }).count
    let sets = diff.themeSets.count
    return text + "\(diff.added.count) added, \(diff.removed.count) removed, \(changed) changed; "
      + "variables \(diff.addedVariables.count) added, \(diff.removedVariables.count) removed, "
      + "\(changedVariables) changed; \(sets) \(sets == 1 ? "set" : "sets") of themes compared\n"
  }

  /// The properties that differ (``PropertyValue/isSame(as:)``: NaN is
  /// NaN), names in `after`'s order then those only `before` has:
  /// `- name: value` for before, `+ name: value` for after.
  private func propertyLines(_ before: Properties, _ after: Properties, indent: String) -> String {
    var text = ""
    for (name, value) in after where before[name].map({ !$0.isSame(as: value) }) ?? true {
      if let old = before[name] { text += palette.red("\(indent)- \(name): \(Self.displayText(old))") + "\n" }
      text += palette.green("\(indent)+ \(name): \(Self.displayText(value))") + "\n"
    }
    for (name, value) in before where after[name] == nil {
      text += palette.red("\(indent)- \(name): \(Self.displayText(value))") + "\n"
    }
    return text
  }

  private static func selectorText(_ answer: NodeDiff.Answer) -> String {
    answer.selector ?? (answer.isDefault ? "(default)" : "(no style)")
  }

  private static func selectorText(_ entry: SheetDiff.Entry) -> String { entry.selector ?? "(default)" }

  /// `file:line:col: ` where the entry is written, or nothing.
  private static func located(_ entry: SheetDiff.Entry) -> String {
    entry.source.map { "\($0): " } ?? ""
  }

  /// `  (a, b)` after a selector: where it is written.
  private func sourcesText(_ sources: [String]) -> String {
    sources.isEmpty ? "" : "  " + palette.dim("(" + sources.joined(separator: ", ") + ")")
  }
}
