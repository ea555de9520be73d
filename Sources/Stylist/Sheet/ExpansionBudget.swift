/// The values one load may build, shared by all its evaluators (one per
/// theme): every theme evaluates the bodies that reach its variables again,
/// so a budget per theme let a sheet of many themes and many styles build
/// themes × styles values (3,000 of each took 4.5 s and 1.4 GB from a
/// 190 KB file). Copies count: aliases, merge keys, variable uses and what
/// `extends` and themed variants copy.
final class ExpansionBudget {
  private(set) var remaining: Int
  /// Spent: everything after the first overdraft is refused without a report.
  private(set) var isExhausted = false

  /// A budget of `values`; a negative one allows nothing.
  init(_ values: Int) { remaining = max(0, values) }

  /// What spending did.
  enum Outcome {
    case spent
    /// This spend ran the budget out: its place is where to report it.
    case ranOut
    /// It had run out before (and was reported then).
    case refused
  }

  /// Takes `values` (not negative) from what remains. Compared before it
  /// is taken, so that `remaining` never goes below zero and no budget, up
  /// to `Int.max`, can overflow.
  func spend(_ values: Int) -> Outcome {
    guard !isExhausted else { return .refused }
    guard values > remaining else {
      remaining -= values
      return .spent
    }
    isExhausted = true
    return .ranOut
  }
}
