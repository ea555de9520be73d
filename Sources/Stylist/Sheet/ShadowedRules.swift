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

  /// A rule that can never win, and the first rule found to outrank it
  /// (positions in the list searched).
  struct Finding: Equatable, Sendable {
    var shadowed: Int
    var winner: Int
    var outranking: Outranking
  }

  /// The rules of `selectors` (a rule's position is its id) that can never
  /// win. Reads only the selectors, so it can run beside the compile
  /// (`SheetCompiler`), as the trie does.
  static func findings(in selectors: [StyleSelector]) -> [Finding] {
    var groupOfSkeleton: [Int: Int] = [:]
    groupOfSkeleton.reserveCapacity(selectors.count)
    var members: [[Int]] = []
    var groupOfRule: [Int] = []
    groupOfRule.reserveCapacity(selectors.count)
    for index in selectors.indices {
      let skeleton = skeletonHash(selectors[index])
      let group = groupOfSkeleton[skeleton] ?? members.count
      if group == members.count {
        groupOfSkeleton[skeleton] = group
        members.append([])
      }
      members[group].append(index)
      groupOfRule.append(group)
    }
    var findings: [Finding] = []
    var budget = comparisonBudget
    for index in selectors.indices {
      let group = members[groupOfRule[index]]
      guard group.count > 1 else { continue }
      budget -= group.count
      if budget < 0 { break }
      if let found = firstOutranking(index, among: group, in: selectors) { findings.append(found) }
    }
    return findings
  }

  /// The warnings of `findings` about `rules`, the rules they were found in.
  static func warnings(_ findings: [Finding], rules: [StyleRule]) -> [SheetDiagnostic] {
    findings.compactMap { found in
      rules[found.shadowed].style.source.map {
        warning(rules[found.shadowed], at: $0, shadowedBy: rules[found.winner], found.outranking)
      }
    }
  }

  private static func firstOutranking(_ index: Int, among members: [Int], in selectors: [StyleSelector]) -> Finding? {
    for other in members where other != index {
      switch selectors[other].outranks(selectors[index]) {
      case .always?: return Finding(shadowed: index, winner: other, outranking: .always)
      case .whenDefinedLater? where other > index:
        return Finding(shadowed: index, winner: other, outranking: .whenDefinedLater)
      default: continue
      }
    }
    return nil
  }

  /// The hash of what two selectors must share for one to outrank the
  /// other: theme, and each position's exact name or none (a pattern).
  private static func skeletonHash(_ selector: StyleSelector) -> Int {
    var hasher = Hasher()
    hasher.combine(selector.themes)
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
