extension TextRenderer {
  /// A usage report (`coverage`) as people read it: the unused styles
  /// grouped by reason, one a line as `file:line:col: selector` (so an
  /// editor can jump to each), the always-beaten ones with the selector
  /// that beat them; then the nodes nothing applied to; then one line of
  /// totals. A group with nothing in it is left out. Ends with a newline.
  public func usage(_ report: UsageReport) -> String {
    var text = ""
    for reason in UsageReport.UnusedStyle.Reason.allCases {
      let styles = report.unused.filter { $0.reason == reason }
      guard !styles.isEmpty else { continue }
      text += palette.bold("\(Self.heading(reason)) (\(styles.count)):") + "\n"
      for style in styles {
        let location = style.source?.description ?? "(defined in code)"
        let beaten = style.beatenBy.map { "  " + palette.dim("beaten by \($0)") } ?? ""
        text += "\(location): \(palette.red(style.selector))\(beaten)\n"
      }
    }
    if !report.defaultOnly.isEmpty {
      text += palette.bold("default only (\(report.defaultOnly.count)):") + "\n"
      for node in report.defaultOnly { text += "  \(node)\n" }
    }
    return text + Self.totals(report) + "\n"
  }

  private static func heading(_ reason: UsageReport.UnusedStyle.Reason) -> String {
    switch reason {
    case .neverApplies: "never applies"
    case .alwaysBeaten: "always beaten"
    }
  }

  /// `12 styles: 9 used, 3 unused; 40 nodes, 80 answers, 2 default only`.
  private static func totals(_ report: UsageReport) -> String {
    let styles = report.styles.count
    return "\(counted(styles, "style")): \(styles - report.unused.count) used, \(report.unused.count) unused; "
      + "\(counted(report.nodes, "node")), \(counted(report.answers, "answer")), "
      + "\(report.defaultOnly.count) default only"
  }

  private static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
