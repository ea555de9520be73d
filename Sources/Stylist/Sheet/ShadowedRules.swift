/// Finds rules that can never win because another rule of the same sheet
/// outranks them wherever they apply (`StyleSelector.outranks`), for `lint`.
///
/// Only rules with the same skeleton can outrank each other: same theme,
/// same number of components, and at each position (token included) the same
/// exact name or a pattern. (A pattern covering an exact name weighs less
/// than it, and an exact name covers nothing but itself.) Rules are grouped
/// by skeleton and compared within their group, with a comparison budget so
/// a hostile sheet cannot make `lint` quadratic.
enum ShadowedRules {
  /// Most selector pairs compared per sheet.
  static let comparisonBudget = 1_000_000

  static func warnings(for rules: [StyleRule]) -> [SheetDiagnostic] {
    var groups: [Skeleton: [Int]] = [:]
    for (index, rule) in rules.enumerated() {
      groups[Skeleton(rule.selector), default: []].append(index)
    }
    let selectors = rules.map(\.selector)
    var warnings: [SheetDiagnostic] = []
    var budget = comparisonBudget
    for index in rules.indices {
      let members = groups[Skeleton(rules[index].selector)]!
      guard members.count > 1, let location = rules[index].style.source else { continue }
      budget -= members.count
      if budget < 0 { break }
      if let (winner, outranking) = firstOutranking(index, among: members, in: selectors) {
        warnings.append(warning(rules[index], at: location, shadowedBy: rules[winner], outranking))
      }
    }
    return warnings
  }

  private static func firstOutranking(
    _ index: Int, among members: [Int], in selectors: [StyleSelector]
  ) -> (Int, Outranking)? {
    for other in members where other != index {
      switch selectors[other].outranks(selectors[index]) {
      case .always?: return (other, .always)
      case .whenDefinedLater? where other > index: return (other, .whenDefinedLater)
      default: continue
      }
    }
    return nil
  }

  private static func warning(
    _ shadowed: StyleRule, at location: SourceLocation, shadowedBy winner: StyleRule, _ outranking: Outranking
  ) -> SheetDiagnostic {
    let reason =
      outranking == .always
      ? "applies wherever it does and always ranks higher"
      : "applies wherever it does, ranks as high, and is defined later"
    let at = winner.style.source.map { " (\($0))" } ?? ""
    return SheetDiagnostic(
      .warning, "selector '\(shadowed.name)' can never win: '\(winner.name)'\(at) \(reason)", kind: .neverWins,
      at: location)
  }

  /// What two selectors must share for one to outrank the other.
  private struct Skeleton: Hashable {
    var theme: String?
    var names: [String?]

    init(_ selector: StyleSelector) {
      theme = selector.theme
      names = selector.components.map(\.name.exactName) + [selector.token.name.exactName]
    }
  }
}

extension NamePattern {
  fileprivate var exactName: String? {
    if case .exact(let name) = self { return name }
    return nil
  }
}
