import Foundation

/// One row of the results table.
struct Row {
  var workload: String
  var figure: Double
  var unit: String
  var baselineName: String
  var baseline: Double?
  /// How many times better than the baseline (or, for growth and memory, the measured ratio).
  var ratio: Double?
  var goal: String
  var met: Bool
}

enum Report {
  static func table(_ rows: [Row], baselineHeader: String = "baseline") -> String {
    let header = ["workload", "figure", baselineHeader, "ratio", "goal", "met"]
    let cells = rows.map { row in
      [
        row.workload, "\(format(row.figure)) \(row.unit)",
        row.baseline.map { [row.baselineName, format($0), row.unit].filter { !$0.isEmpty }.joined(separator: " ") }
          ?? row.baselineName,
        row.ratio.map { ratio($0) + "×" } ?? "—", row.goal, row.goal == "—" ? "—" : row.met ? "yes" : "NO",
      ]
    }
    let widths = header.indices.map { column in ([header] + cells).map { $0[column].count }.max()! }
    func line(_ values: [String]) -> String {
      zip(values, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: " | ")
    }
    return
      ([line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-")]
      + cells.map(line)).joined(separator: "\n")
  }

  static func json(_ rows: [Row]) -> String {
    let objects = rows.map { row -> String in
      var fields = [
        "\"workload\":\(quoted(row.workload))", "\"figure\":\(row.figure)", "\"unit\":\(quoted(row.unit))",
        "\"baselineName\":\(quoted(row.baselineName))",
      ]
      fields.append("\"baseline\":" + (row.baseline.map { "\($0)" } ?? "null"))
      fields.append("\"ratio\":" + (row.ratio.map { "\($0)" } ?? "null"))
      fields.append("\"goal\":\(quoted(row.goal))")
      fields.append("\"met\":\(row.met)")
      return "{" + fields.joined(separator: ",") + "}"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
  }

  private static func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
  }

  /// Three significant digits, trailing zeros kept below 100 (`1.00`, not `1`).
  static func ratio(_ value: Double) -> String {
    value >= 100 ? format(value) : String(format: "%#.3g", value)
  }

  static func format(_ value: Double) -> String {
    if value >= 1e6 { return String(format: "%.2fM", value / 1e6) }
    if value >= 1e4 { return String(format: "%.0fk", value / 1e3) }
    if value >= 100 { return String(format: "%.0f", value) }
    return String(format: "%.3g", value)
  }
}
