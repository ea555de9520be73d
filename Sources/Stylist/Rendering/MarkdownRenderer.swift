/// Diffs as GitHub-flavoured Markdown, for a pull-request comment
/// (`stylist diff --format markdown`, docs/CLI.md: Reviewing changes): a
/// summary line, then a table per set of themes with a row per node (or
/// style, or variable) that changes, each changed property as
/// `name: before → after` in the text form (``PropertyValue/text``).
///
/// Every text from a sheet or a node file stands in a code span, so
/// nothing in it is read as Markdown, HTML, a link or an `@` mention; a
/// `|` in it is `\|` (GitHub's tables split cells at any other), a line
/// break ends the span and the next line is another after `<br>`, and the
/// span's fence is one backtick longer than the longest run of backticks
/// it holds. At most ``maximumRows`` rows are written, all tables
/// together; a line after them says how many more there are.
public struct MarkdownRenderer: Sendable {
  /// The rows written at most, all tables together.
  public var maximumRows: Int

  /// A renderer writing at most `maximumRows` rows.
  public init(maximumRows: Int = 200) { self.maximumRows = maximumRows }

  /// A node diff (`diff --nodes`, `--tree`): `N of M nodes change`, then
  /// the changed nodes grouped by the themes they name (their `@` parts;
  /// the nodes that name none first), a table each, one row per node:
  /// the node, the winning selector (`before → after` when it changes,
  /// `(default)` for the default style, `(no style)` for none) and the
  /// properties that change. Ends with a newline.
  public func nodeDiff(_ diff: NodeDiff) -> String {
    let nodes = "\(diff.nodes) \(diff.nodes == 1 ? "node" : "nodes")"
    let text = "**\(diff.changedNodes) of \(nodes) \(diff.changedNodes == 1 ? "changes" : "change")**\n"
    var groups: [[String]: [[String]]] = [:]
    var order: [[String]] = []
    for change in diff.changes {
      let selector = Self.code(Self.change(Self.selectorText(change.before), Self.selectorText(change.after)))
      let properties = Self.propertyChanges(change.before.properties ?? [:], change.after.properties ?? [:])
      for node in change.nodes {
        let themes = (try? NodeIdentifier(parsing: node))?.themes ?? []
        if groups[themes] == nil { order.append(themes) }
        groups[themes, default: []].append([Self.code(node), selector, properties])
      }
    }
    order.sort { $0.isEmpty && !$1.isEmpty }
    var tables = Tables(maximumRows: maximumRows)
    for themes in order {
      let heading =
        themes.isEmpty
        ? "Nodes that name no theme" : "Nodes under " + themes.map { Self.code("@" + $0) }.joined(separator: ", ")
      tables.add(heading: heading, columns: ["Node", "Selector", "Changes"], rows: groups[themes]!)
    }
    return text + tables.text(more: "nodes")
  }

  /// A sheet diff (`diff` without nodes): the totals line `text` output
  /// ends with, then a table per set of themes that changes something
  /// (`No theme`, `Under dark`), one row per style (`added` or `removed`
  /// under the first set, else its properties that change) and per
  /// variable (`$path`, its value before → after). Ends with a newline.
  public func sheetDiff(_ diff: SheetDiff) -> String {
    let changed = Set(diff.changed.flatMap { $0.styles.map(\.after.selector) }).count
    let changedVariables = Set(diff.changed.flatMap { $0.variables.map(\.after.path) }).count
    let sets = diff.themeSets.count
    let text =
      "**\(diff.added.count) added, \(diff.removed.count) removed, \(changed) changed; "
      + "variables \(diff.addedVariables.count) added, \(diff.removedVariables.count) removed, "
      + "\(changedVariables) changed; \(sets) \(sets == 1 ? "set" : "sets") of themes compared**\n"
    var tables = Tables(maximumRows: maximumRows)
    var sections: [(themes: [String], rows: [[String]])] = []
    var first: [[String]] = []
    first += diff.added.map { [Self.code($0.selector ?? "(default)"), "added"] }
    first += diff.removed.map { [Self.code($0.selector ?? "(default)"), "removed"] }
    first += diff.addedVariables.map { [Self.code("$" + $0.path), "added: " + Self.code($0.value.text)] }
    first += diff.removedVariables.map { [Self.code("$" + $0.path), "removed: " + Self.code($0.value.text)] }
    if !first.isEmpty { sections.append((diff.themeSets.first ?? [], first)) }
    for themed in diff.changed {
      var rows = themed.styles.map { change in
        [
          Self.code(change.after.selector ?? "(default)"),
          Self.propertyChanges(change.before.properties, change.after.properties),
        ]
      }
      rows += themed.variables.map { change in
        [Self.code("$" + change.after.path), Self.code(Self.change(change.before.value.text, change.after.value.text))]
      }
      if let index = sections.firstIndex(where: { $0.themes == themed.themes }) {
        sections[index].rows += rows
      } else {
        sections.append((themed.themes, rows))
      }
    }
    for (themes, rows) in sections {
      let heading = themes.isEmpty ? "No theme" : "Under " + themes.map(Self.code).joined(separator: ", ")
      tables.add(heading: heading, columns: ["Style", "Changes"], rows: rows)
    }
    return text + tables.text(more: "rows")
  }

  /// Tables filled up to a number of rows, and what did not fit.
  private struct Tables {
    let maximumRows: Int
    var text = ""
    var rows = 0
    var left = 0

    mutating func add(heading: String, columns: [String], rows newRows: [[String]]) {
      guard !newRows.isEmpty else { return }
      let room = max(0, maximumRows - rows)
      left += max(0, newRows.count - room)
      guard room > 0 else { return }
      text += "\n### \(heading)\n\n"
      text += "| " + columns.joined(separator: " | ") + " |\n"
      text += "|" + String(repeating: " --- |", count: columns.count) + "\n"
      for row in newRows.prefix(room) { text += "| " + row.joined(separator: " | ") + " |\n" }
      rows += min(room, newRows.count)
    }

    func text(more noun: String) -> String {
      left == 0 ? text : text + "\n… and \(left) more \(noun) not shown (`--format json` lists every one).\n"
    }
  }

  /// `before → after`, or the one text when both are the same.
  private static func change(_ before: String, _ after: String) -> String {
    before == after ? before : before + " → " + after
  }

  private static func selectorText(_ answer: NodeDiff.Answer) -> String {
    answer.selector ?? (answer.isDefault ? "(default)" : "(no style)")
  }

  /// The properties that differ, one code span a line (`<br>` between):
  /// `name: before → after`, names in `after`'s order then those only
  /// `before` has; `(none)` for a side without the property.
  private static func propertyChanges(_ before: Properties, _ after: Properties) -> String {
    var lines: [String] = []
    for (name, value) in after where before[name].map({ !$0.isSame(as: value) }) ?? true {
      lines.append(code(name + ": " + change(before[name]?.text ?? "(none)", value.text)))
    }
    for (name, value) in before where after[name] == nil {
      lines.append(code(name + ": " + value.text + " → (none)"))
    }
    return lines.joined(separator: "<br>")
  }

  /// `text` as code spans inside a table cell (see the type's rules).
  static func code(_ text: String) -> String {
    var lines: [Substring] = []
    var rest = Substring(text)
    while let end = rest.firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
      lines.append(rest[..<end])
      rest = rest[rest.index(after: end)...]
    }
    lines.append(rest)
    return lines.map(span).joined(separator: "<br>")
  }

  private static func span(_ line: Substring) -> String {
    fenced(line.map { $0 == "|" ? "\\|" : String($0) }.joined(), holding: line)
  }

  /// `text` as one Markdown code span outside a table: its fence one
  /// backtick longer than the longest run of backticks in it, a space
  /// inside each fence where it starts or ends with a backtick or a space,
  /// so that it reads back as written (CommonMark's code spans).
  public static func codeSpan(_ text: String) -> String { fenced(text, holding: Substring(text)) }

  /// `written` between fences that `original`'s backticks cannot close.
  private static func fenced(_ written: String, holding original: Substring) -> String {
    var longest = 0
    var run = 0
    for character in original {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    let fence = String(repeating: "`", count: longest + 1)
    let padded =
      original.first == "`" || original.last == "`" || original.first == " " || original.last == " "
      || original.isEmpty
    let space = padded ? " " : ""
    return fence + space + written + space + fence
  }
}
