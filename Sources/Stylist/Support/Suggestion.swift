/// "Did you mean …?": the existing name closest to a mistyped one.
///
/// Closeness is the optimal-string-alignment distance (insertions,
/// deletions, substitutions and swaps of neighbours, each 1) over Unicode
/// scalars, with letter case ignored. A name is suggested only when it is
/// within a quarter of the typed name's length (at least 1, at most 3
/// edits), so short names need a near miss and nothing far-fetched is
/// offered. Ties go to the name listed first.
package enum Suggestion {
  /// The closest of `candidates` to `typed`, or nil when none is close
  /// enough or `typed` is itself one of them.
  static func closest(to typed: String, among candidates: some Sequence<String>) -> String? {
    let target = Array(typed.lowercased().unicodeScalars)
    let limit = max(1, min(3, target.count / 4))
    var best: (name: String, distance: Int)?
    for candidate in candidates where candidate != typed {
      let scalars = Array(candidate.lowercased().unicodeScalars)
      guard abs(scalars.count - target.count) <= limit else { continue }
      let distance = Self.distance(target, scalars, limit: best.map { min($0.distance - 1, limit) } ?? limit)
      if let distance, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    return best?.name
  }

  /// `"; did you mean 'X'?"` when a candidate is close, else empty: the
  /// tail diagnostics append to their message.
  package static func hint(for typed: String, among candidates: some Sequence<String>) -> (text: String, name: String?)
  {
    guard let name = closest(to: typed, among: candidates) else { return ("", nil) }
    return ("; did you mean '\(name)'?", name)
  }

  /// The distance between `a` and `b`, or nil when it is over `limit`.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
    guard limit >= 0 else { return nil }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit ? max(a.count, b.count) : nil }
    // Three rows of the dynamic-programming table: two back (for swaps), one back, current.
    var twoBack = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, twoBack[j - 2] + 1) }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return nil }
      (twoBack, previous, current) = (previous, current, twoBack)
    }
    return previous[b.count] <= limit ? previous[b.count] : nil
  }
}
