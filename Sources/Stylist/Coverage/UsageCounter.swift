/// Counts a usage report (``UsageReport``) node by node, on every core:
/// what `stylist coverage` and `StyleEngine.usage(of:themes:)` run.
///
/// Each node is ranked by the engine's one ranking (every applicable rule,
/// best first, as `cascade` ranks them) under each set of themes asked
/// for; the first rule wins the answer. Nodes come in batches (a node
/// file's lines a block at a time, or a tree's atoms); a batch is cut into
/// parts of consecutive nodes that the workers (`Workers`, through
/// Dispatch) rank into tallies of their own, and the parts' default-only
/// nodes and invalid lines come back in input order. Counts add up, so the
/// report is the one a single worker makes.
public struct UsageCounter {
  /// The most sets of current themes ``UsageThemes/eachSet`` answers
  /// under: each multiplies the work by the number of nodes.
  public static let maxThemeSets = 4096
  private let index: StyleIndex
  /// The options of each set of themes every node is answered under.
  private let optionsBySet: [QueryOptions]
  private var workers: Workers<UsageWorker>
  private var nodes = 0
  private var defaultOnly: [String] = []
  private var seenDefaultOnly: Set<String> = []

  /// A counter on `engine`'s current sheets, themes and mode, answering
  /// under `themes`, on `jobs` workers (default: the cores; the report is
  /// the same for any number). Throws when ``UsageThemes/eachSet`` gives
  /// more than ``maxThemeSets`` sets.
  public init(engine: StyleEngine, themes: UsageThemes = .current, jobs: Int? = nil) throws(UsageError) {
    let (index, options) = engine.snapshot
    try self.init(index: index, options: options, themes: themes, jobs: jobs)
  }

  /// A counter on `index` whose queries start from `options`.
  init(index: StyleIndex, options: QueryOptions, themes: UsageThemes, jobs: Int?) throws(UsageError) {
    self.index = index
    switch themes {
    case .current:
      optionsBySet = [options]
    case .eachSet:
      let choices = index.axes.queryChoices(unlisted: index.themes, fixed: options.themes)
      guard ThemeAxes.setCount(of: choices, limit: Self.maxThemeSets) != nil else {
        throw .tooManyThemeSets(limit: Self.maxThemeSets)
      }
      optionsBySet = ThemeAxes.querySets(of: choices).map { index.options(themes: $0.themes, mode: options.mode) }
    }
    let ruleCount = index.rules.count
    workers = Workers(count: jobs ?? Workers<UsageWorker>.cores) { UsageWorker(ruleCount: ruleCount) }
  }

  /// How many sets of themes each node is answered under.
  public var themeSetCount: Int { optionsBySet.count }

  /// Counts `batch`, in order.
  public mutating func count(_ batch: [NodeIdentifier]) {
    let (index, optionsBySet) = (index, optionsBySet)
    let parts = batch.withUnsafeBufferPointer { nodes in
      workers.map(consecutive: nodes.count) { worker, range in
        var part = CountedPart()
        for node in nodes[range] {
          var applied = true
          for options in optionsBySet {
            let current = index.currentThemes(options, node: node.themes)
            node.withView {
              index.trie.rank(
                $0, themeSets: current.themeSets, mode: options.mode, into: &worker.keys, vectors: &worker.vectors)
            }
            if !worker.tally.add(worker.keys) { applied = false }
          }
          part.nodes += 1
          if !applied { part.noteDefaultOnly(node.description) }
        }
        return part
      }
    }
    merge(parts)
  }

  /// Counts the node identifiers of `lines` (UTF-8, each its line number
  /// and its bytes in `bytes`, without the line break), in order; returns
  /// the lines that are not node identifiers, in order, which count nothing.
  package mutating func count(lines: [NumberedLine], in bytes: UnsafeBufferPointer<UInt8>) -> [InvalidNodeLine] {
    let (index, optionsBySet) = (index, optionsBySet)
    let parts = lines.withUnsafeBufferPointer { lines in
      workers.map(consecutive: lines.count) { worker, range in
        var part = CountedPart()
        for line in lines[range] {
          let text = UnsafeBufferPointer(rebasing: bytes[line.bytes])
          var applied = true
          do throws(SyntaxError) {
            for options in optionsBySet {
              _ = try index.rank(utf8: text, options: options, into: &worker.keys, vectors: &worker.vectors)
              if !worker.tally.add(worker.keys) { applied = false }
            }
          } catch {
            part.invalid.append(
              InvalidNodeLine(number: line.number, utf8: text, error: error))
            continue
          }
          part.nodes += 1
          if !applied { part.noteDefaultOnly(String(decoding: text, as: UTF8.self)) }
        }
        return part
      }
    }
    return merge(parts)
  }

  /// The report of every node counted so far.
  public func report() -> UsageReport {
    var tally = workers.states[0].tally
    for worker in workers.states.dropFirst() { tally.merge(worker.tally) }
    let rules = index.rules
    let beatenBy = tally.mostFrequentWinners()
    var styles: [UsageReport.StyleUsage] = []
    var unused: [UsageReport.UnusedStyle] = []
    styles.reserveCapacity(rules.count)
    for (position, rule) in rules.enumerated() {
      let (wins, applies) = (tally.wins[position], tally.applies[position])
      styles.append(.init(selector: rule.name, source: rule.source, wins: wins, applies: applies))
      guard wins == 0 else { continue }
      let winner = beatenBy[RuleID(position)]
      unused.append(
        .init(
          selector: rule.name, source: rule.source, reason: applies == 0 ? .neverApplies : .alwaysBeaten,
          beatenBy: winner.map { rules[$0.index].name }))
    }
    return UsageReport(
      nodes: nodes, answers: nodes * optionsBySet.count, styles: styles, unused: unused, defaultOnly: defaultOnly)
  }

  /// What a part of a batch counted besides its worker's tally.
  private struct CountedPart: Sendable {
    var nodes = 0
    /// Its nodes to which no selector applied in some answer, each once, in order.
    var defaultOnly: [String] = []
    var seen: Set<String> = []
    var invalid: [InvalidNodeLine] = []

    mutating func noteDefaultOnly(_ node: String) {
      if seen.insert(node).inserted { defaultOnly.append(node) }
    }
  }

  /// Adds the parts' nodes and default-only nodes in order; their invalid lines.
  @discardableResult
  private mutating func merge(_ parts: [CountedPart]) -> [InvalidNodeLine] {
    var invalid: [InvalidNodeLine] = []
    for part in parts {
      nodes += part.nodes
      for node in part.defaultOnly where seenDefaultOnly.insert(node).inserted { defaultOnly.append(node) }
      invalid += part.invalid
    }
    return invalid
  }
}

/// A line of a node file: its number (from 1) and its bytes.
package struct NumberedLine: Sendable {
  package var number: Int
  package var bytes: Range<Int>

  package init(number: Int, bytes: Range<Int>) { (self.number, self.bytes) = (number, bytes) }
}

/// A line of a node file that is not a node identifier: where, and why.
package struct InvalidNodeLine: Hashable, Sendable {
  package var number: Int
  /// The 1-based column the error is at.
  package var column: Int
  package var node: String
  package var message: String

  /// Line `number`, whose text `utf8` does not parse: where and why.
  init(number: Int, utf8 text: UnsafeBufferPointer<UInt8>, error: SyntaxError) {
    self.number = number
    column = error.column
    node = String(decoding: text, as: UTF8.self)
    message = error.message
  }
}
