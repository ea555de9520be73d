/// Finds rules that can never win because another rule of the same sheet
/// outranks them wherever they apply (`StyleSelector.outranks`), for `lint`.
///
/// Only rules with the same skeleton can outrank each other: same theme,
/// same number of components, and at each position (token included) the same
/// exact name or a pattern. (A pattern covering an exact name weighs less
/// than it, and an exact name covers nothing but itself.) Rules are grouped
/// by their skeleton's hash and compared within their group, with a
/// comparison budget so a hostile sheet cannot make `lint` quadratic. Two
/// skeletons with one hash share a group: that costs comparisons, never a
/// wrong warning, since `outranks` compares the selectors themselves.
enum ShadowedRules {
  /// Most selector pairs compared per sheet.
  static let comparisonBudget = 1_000_000

  static func warnings(for rules: [StyleRule]) -> [SheetDiagnostic] {
    var groupOfSkeleton: [Int: Int] = [:]
    groupOfSkeleton.reserveCapacity(rules.count)
    var members: [[Int]] = []
    var groupOfRule: [Int] = []
    groupOfRule.reserveCapacity(rules.count)
    for index in rules.indices {
      let skeleton = skeletonHash(rules[index].selector)
      let group = groupOfSkeleton[skeleton] ?? members.count
      if group == members.count {
        groupOfSkeleton[skeleton] = group
        members.append([])
      }
      members[group].append(index)
      groupOfRule.append(group)
    }
    var warnings: [SheetDiagnostic] = []
    var budget = comparisonBudget
    for index in rules.indices {
      let group = members[groupOfRule[index]]
      guard group.count > 1, let location = rules[index].style.source else { continue }
      budget -= group.count
      if budget < 0 { break }
      if let (winner, outranking) = firstOutranking(index, among: group, in: rules) {
        warnings.append(warning(rules[index], at: location, shadowedBy: rules[winner], outranking))
      }
    }
    return warnings
  }

  private static func firstOutranking(
    _ index: Int, among members: [Int], in rules: [StyleRule]
  ) -> (Int, Outranking)? {
    for other in members where other != index {
      switch rules[other].selector.outranks(rules[index].selector) {
      case .always?: return (other, .always)
      case .whenDefinedLater? where other > index: return (other, .whenDefinedLater)
      default: continue
      }
    }
    return nil
  }

  /// The hash of what two selectors must share for one to outrank the
  /// other: theme, and each position's exact name or none (a pattern).
  private static func skeletonHash(_ selector: StyleSelector) -> Int {
    var hasher = Hasher()
    hasher.combine(selector.theme)
    hasher.combine(selector.components.count)
    for component in selector.components { combine(component.name, into: &hasher) }
    combine(selector.token.name, into: &hasher)
    return hasher.finalize()
  }

  private static func combine(_ name: NamePattern, into hasher: inout Hasher) {
    if case .exact(let name) = name {
      hasher.combine(true)
      hasher.combine(name)
    } else {
      hasher.combine(false)
    }
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
}
