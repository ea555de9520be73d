/// What one load may build, shared by all its evaluators (one per set of
/// themes): every set evaluates the bodies that reach its variables again,
/// so a budget per theme let a sheet of many themes and many styles build
/// themes × styles values (3,000 of each took 4.5 s and 1.4 GB from a
/// 190 KB file).
///
/// Two counts, each with its own limit: values (copies count: aliases,
/// merge keys, variable uses and what `extends` and themed variants copy)
/// and the bytes interpolated strings copy (`"$a$a"`: a string doubled
/// through 32 variables asked for 2.7 GB from 608 bytes).
final class ExpansionBudget {
  private(set) var remaining: Int
  private(set) var remainingBytes: Int
  /// Spent: everything after the first overdraft, of either count, is
  /// refused without a report.
  private(set) var isExhausted = false

  /// A budget of `values` and `bytes`; a negative one allows nothing.
  init(values: Int, bytes: Int) {
    remaining = max(0, values)
    remainingBytes = max(0, bytes)
  }

  /// What spending did.
  enum Outcome {
    case spent
    /// This spend ran the budget out: its place is where to report it.
    case ranOut
    /// It had run out before (and was reported then).
    case refused
  }

  /// Takes `values` (not negative) from what remains.
  func spend(_ values: Int) -> Outcome { spend(values, from: &remaining) }

  /// Takes `bytes` (not negative) from what interpolation may copy.
  func spend(bytes: Int) -> Outcome { spend(bytes, from: &remainingBytes) }

  /// Compared before it is taken, so that a count never goes below zero
  /// and no budget, up to `Int.max`, can overflow.
  private func spend(_ amount: Int, from count: inout Int) -> Outcome {
    guard !isExhausted else { return .refused }
    guard amount > count else {
      count -= amount
      return .spent
    }
    isExhausted = true
    return .ranOut
  }
}
