/// Compares the answers of node after node on two sets of sheets, on every
/// core: what `stylist diff --nodes` and ``StyleEngine/diff(to:nodes:)`` run.
///
/// Each node is answered by the one query from text
/// (`StyleIndex.best(utf8:)`, `batch`'s) on the old index and on the new
/// one; only the winners' positions and the values keys come out. Whether
/// such a pair of answers differs depends on nothing else, so a worker
/// compares each pair once (``NodeDiff/Answer``: selector, default,
/// properties) and looks it up for every later node. Nodes come in batches
/// (a node file's lines a block at a time, or a tree's atoms); a batch is
/// cut into parts of consecutive nodes that the workers (`Workers`,
/// through Dispatch) compare, and the parts' changed nodes and invalid
/// lines come back in input order, so the diff is the one a single worker
/// makes.
public struct NodeDiffer {
  private let old: Side
  private let new: Side
  private var workers: Workers<Worker>
  private var nodes = 0
  /// The changes so far, in order of their first node.
  private var changes: [NodeDiff.Change] = []
  /// A change's place in `changes`, by its winners and values keys.
  private var changeByPair: [AnswerPair: Int] = [:]
  /// A change's place by what it says: two pairs can say the same
  /// (values keys that give the same values).
  private var changeByContent: [ContentPair: Int] = [:]
  /// The nodes already listed, by change.
  private var listed: [Set<String>] = []

  /// One side of the comparison: an index and the options its queries start from.
  private struct Side: Sendable {
    let index: StyleIndex
    let options: QueryOptions

    /// The answer whose winner is `winner` under `valuesKey`.
    func answer(_ winner: RuleID?, valuesKey: ThemeSet) -> NodeDiff.Answer {
      NodeDiff.Answer(index.fields(valuesKey: valuesKey, winner: winner))
    }

    /// The values key an answer is told by: none when the winner's
    /// values are the same under it as under no theme.
    func answerKey(_ winner: RuleID?, _ valuesKey: ThemeSet) -> ThemeSet {
      guard let winner else { return valuesKey }
      return index.valuesAreUnthemed(CollectionOfOne(winner), valuesKey: valuesKey) ? .none : valuesKey
    }
  }

  /// What a query found on both sides: an answer is told by its winner
  /// (nil: the default style, or nothing) and its values key.
  private struct AnswerPair: Hashable, Sendable {
    var before: RuleID?
    var beforeKey: ThemeSet
    var after: RuleID?
    var afterKey: ThemeSet
  }

  private struct ContentPair: Hashable {
    var before: NodeDiff.Answer.Compared
    var after: NodeDiff.Answer.Compared
  }

  /// A worker's own memory: whether each pair it met differs.
  private struct Worker {
    var differs: [AnswerPair: Bool] = [:]
  }

  /// A differ from `old`'s current sheets, themes and mode to `new`'s, on
  /// `jobs` workers (default: the cores; the diff is the same for any number).
  public init(old: StyleEngine, new: StyleEngine, jobs: Int? = nil) {
    let (oldIndex, oldOptions) = old.snapshot
    let (newIndex, newOptions) = new.snapshot
    self.init(
      old: (oldIndex, oldOptions), new: (newIndex, newOptions), jobs: jobs)
  }

  /// A differ for the atoms of `tree`: its themes apply on a side whose
  /// engine has none set explicitly, as ``StyleEngine/resolve(_:)`` does.
  public init(old: StyleEngine, new: StyleEngine, tree: StyleTree, jobs: Int? = nil) {
    func side(_ engine: StyleEngine) -> (StyleIndex, QueryOptions) {
      var (index, options) = engine.snapshot
      if options.themes.isEmpty { options = index.options(themes: tree.themes, mode: options.mode) }
      return (index, options)
    }
    self.init(old: side(old), new: side(new), jobs: jobs)
  }

  private init(old: (StyleIndex, QueryOptions), new: (StyleIndex, QueryOptions), jobs: Int?) {
    self.old = Side(index: old.0, options: old.1)
    self.new = Side(index: new.0, options: new.1)
    workers = Workers(count: jobs ?? Workers<Worker>.cores) { Worker() }
  }

  /// Compares `batch`, in order.
  public mutating func compare(_ batch: [NodeIdentifier]) {
    var bytes: [UInt8] = []
    var lines: [NumberedLine] = []
    lines.reserveCapacity(batch.count)
    for (offset, node) in batch.enumerated() {
      let start = bytes.count
      bytes.append(utf8Of: node.description)
      lines.append(NumberedLine(number: offset + 1, bytes: start..<bytes.count))
    }
    let invalid = bytes.withUnsafeBufferPointer { compare(lines: lines, in: $0) }
    assert(invalid.isEmpty, "a node identifier's text reads back as itself")
  }

  /// Compares the node identifiers of `lines` (UTF-8, each its line number
  /// and its bytes in `bytes`, without the line break), in order; returns
  /// the lines that are not node identifiers on either side (a line can
  /// name two themes of one axis of the new sheets only), in order, which
  /// count nothing.
  package mutating func compare(lines: [NumberedLine], in bytes: UnsafeBufferPointer<UInt8>) -> [InvalidNodeLine] {
    guard !lines.isEmpty else { return [] }
    let (old, new) = (old, new)
    let compared = lines.withUnsafeBufferPointer { lines in
      workers.map(consecutive: lines.count) { worker, range in
        var result = ComparedPart()
        for line in lines[range] {
          let text = UnsafeBufferPointer(rebasing: bytes[line.bytes])
          let pair: AnswerPair
          do throws(SyntaxError) {
            let before = try old.index.best(utf8: text, options: old.options, keepingVector: false)
            let after = try new.index.best(utf8: text, options: new.options, keepingVector: false)
            let (beforeWinner, afterWinner) = (before.winner?.order, after.winner?.order)
            pair = AnswerPair(
              before: beforeWinner, beforeKey: old.answerKey(beforeWinner, before.current.valuesKey),
              after: afterWinner, afterKey: new.answerKey(afterWinner, after.current.valuesKey))
          } catch {
            result.invalid.append(
              InvalidNodeLine(number: line.number, utf8: text, error: error))
            continue
          }
          result.nodes += 1
          let differs =
            worker.differs[pair]
            ?? {
              let differs = old.answer(pair.before, valuesKey: pair.beforeKey)
                .differs(from: new.answer(pair.after, valuesKey: pair.afterKey))
              worker.differs[pair] = differs
              return differs
            }()
          if differs { result.changed.append((String(decoding: text, as: UTF8.self), pair)) }
        }
        return result
      }
    }
    var invalid: [InvalidNodeLine] = []
    for part in compared {
      nodes += part.nodes
      invalid += part.invalid
      for (node, pair) in part.changed { note(node, changedBy: pair) }
    }
    return invalid
  }

  /// What a part of a batch found.
  private struct ComparedPart: Sendable {
    var nodes = 0
    /// The nodes whose answers differ, in order, with their answers.
    var changed: [(node: String, pair: AnswerPair)] = []
    var invalid: [InvalidNodeLine] = []
  }

  /// Lists `node` under the change `pair` makes, once.
  private mutating func note(_ node: String, changedBy pair: AnswerPair) {
    let position: Int
    if let known = changeByPair[pair] {
      position = known
    } else {
      let before = old.answer(pair.before, valuesKey: pair.beforeKey)
      let after = new.answer(pair.after, valuesKey: pair.afterKey)
      let content = ContentPair(before: before.compared, after: after.compared)
      if let same = changeByContent[content] {
        position = same
      } else {
        position = changes.count
        changes.append(NodeDiff.Change(before: before, after: after, nodes: []))
        listed.append([])
        changeByContent[content] = position
      }
      changeByPair[pair] = position
    }
    if listed[position].insert(node).inserted { changes[position].nodes.append(node) }
  }

  /// The diff of every node compared so far.
  public func diff() -> NodeDiff { NodeDiff(nodes: nodes, changes: changes) }
}

extension StyleEngine {
  /// What the answers of `nodes` on this engine's sheets become on
  /// `other`'s, each engine with its own themes and mode (``NodeDiff``).
  public func diff(to other: StyleEngine, nodes: [NodeIdentifier]) -> NodeDiff {
    var differ = NodeDiffer(old: self, new: other)
    differ.compare(nodes)
    return differ.diff()
  }

  /// What the answers of `tree`'s atoms on this engine's sheets become on
  /// `other`'s; the tree's themes apply on an engine that has none set.
  public func diff(to other: StyleEngine, tree: StyleTree) -> NodeDiff {
    var differ = NodeDiffer(old: self, new: other, tree: tree)
    differ.compare(tree.identifiers)
    return differ.diff()
  }
}
