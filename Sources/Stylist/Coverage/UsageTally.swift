/// What one worker counted of a usage report: per rule (by load position)
/// the answers it won and applied in, and how often each rule lost to each
/// winner. Counts add up, so the workers' tallies merge into the same
/// report whatever worker counted which node.
struct UsageTally {
  /// A rule that applied and lost, and the rule that won that answer.
  struct BeatenPair: Hashable {
    var loser: RuleID
    var winner: RuleID
  }

  private(set) var wins: [Int]
  private(set) var applies: [Int]
  private(set) var beaten: [BeatenPair: Int] = [:]

  /// Counts for `ruleCount` rules, all zero.
  init(ruleCount: Int) {
    wins = Array(repeating: 0, count: ruleCount)
    applies = Array(repeating: 0, count: ruleCount)
  }

  /// Counts one answer from its ranking (every applicable rule, best
  /// first: the first won); false when no rule applied.
  mutating func add(_ ranking: [RankKey]) -> Bool {
    guard let winner = ranking.first?.order else { return false }
    wins[winner.index] += 1
    applies[winner.index] += 1
    for key in ranking.dropFirst() {
      applies[key.order.index] += 1
      beaten[BeatenPair(loser: key.order, winner: winner), default: 0] += 1
    }
    return true
  }

  /// Adds `other`'s counts.
  mutating func merge(_ other: UsageTally) {
    for index in wins.indices {
      wins[index] += other.wins[index]
      applies[index] += other.applies[index]
    }
    beaten.merge(other.beaten, uniquingKeysWith: +)
  }

  /// For each rule that won nothing and applied, the rule that beat it
  /// most often; of several as often, the one defined first (the lower
  /// load position).
  func mostFrequentWinners() -> [RuleID: RuleID] {
    var best: [RuleID: (winner: RuleID, count: Int)] = [:]
    for (pair, count) in beaten where wins[pair.loser.index] == 0 {
      if let kept = best[pair.loser], kept.count > count || (kept.count == count && kept.winner < pair.winner) {
        continue
      }
      best[pair.loser] = (pair.winner, count)
    }
    return best.mapValues(\.winner)
  }
}

/// A worker's tally and its scratch for rankings, which a ranking reuses
/// node after node (`RuleTrie.rank`: no allocation once they have room).
struct UsageWorker {
  var tally: UsageTally
  var keys: [RankKey] = []
  var vectors = RankedVectors()

  init(ruleCount: Int) {
    tally = UsageTally(ruleCount: ruleCount)
    keys.reserveCapacity(16)
  }
}
