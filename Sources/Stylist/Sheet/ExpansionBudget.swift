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

  init(_ values: Int) { remaining = values }

  /// What spending did.
  enum Outcome {
    case spent
    /// This spend ran the budget out: its place is where to report it.
    case ranOut
    /// It had run out before (and was reported then).
    case refused
  }

  func spend(_ values: Int) -> Outcome {
    guard !isExhausted else { return .refused }
    remaining -= values
    guard remaining < 0 else { return .spent }
    isExhausted = true
    return .ranOut
  }
}
