import Stylist

/// A block of `batch` lines, matched and ready to write: what the thread
/// that reads and matches lines hands to the one that writes the answers
/// (`BatchWriter`).
///
/// A line carries plain values only (its node's bytes, the winners' load
/// positions, the theme): no `Answer`, whose reference to the index the two
/// threads would count up and down on every line, each count a cache line
/// moved from one core to the other.
struct AnsweredLines: Sendable {
  enum Outcome: Sendable {
    /// A best match: the winner's load position (nil: none) and the theme.
    case bestMatch(order: Int?, theme: String?)
    /// A cascade: the applicable rules are `orders[range]`, best first.
    case cascade(Range<Int>, theme: String?)
    /// A node that is not an identifier: the error, with its location.
    case syntaxError(String)
    /// A line over the length limit (no node is echoed): the error.
    case tooLong(String)
  }

  struct Line: Sendable {
    /// The node's bytes are `text[previous line's end..<end]`.
    var end: Int
    var outcome: Outcome
  }

  /// Every line's node bytes, one after another.
  private(set) var text: [UInt8] = []
  private(set) var lines: [Line] = []
  /// The cascades' rule orders, one after another.
  private(set) var orders: [Int] = []
  /// Whether the writer flushes its output after this block: the reader is
  /// about to wait for input, and a tool may be waiting for these answers.
  var flushes = false

  /// Lines a block holds before it is handed over: enough that handing
  /// over costs nothing per line, few enough that the writer starts early.
  static let capacity = 1024
  /// Bytes of node text and cascade orders a block holds before it is
  /// handed over (it is full with the line that reaches this): with the
  /// bound on waiting blocks, memory stays bounded however long the lines
  /// (up to `LineReader.maxLineLength`) and however many rules apply.
  static let byteCapacity = 1 << 18
  /// Blocks that may wait for the writer before the matching thread does.
  /// The writer renders each distinct answer the first time it wins, and
  /// on a large sheet most first wins come early in a run: there it falls
  /// tens of thousands of lines behind for a while, and a short queue made
  /// the matching thread wait for it. At most 64 blocks of 256 KiB, plus
  /// the line that filled each.
  static let waitingLimit = 64

  var isFull: Bool {
    lines.count >= Self.capacity || text.count + orders.count * MemoryLayout<Int>.size >= Self.byteCapacity
  }

  init() {
    lines.reserveCapacity(Self.capacity)
    text.reserveCapacity(Self.capacity * 64)
  }

  mutating func append(node: UnsafeBufferPointer<UInt8>, _ outcome: Outcome) {
    text.append(contentsOf: node)
    lines.append(Line(end: text.count, outcome: outcome))
  }

  /// Adds a cascade line: `cascaded` are the applicable rules' load positions, best first.
  mutating func appendCascade(node: UnsafeBufferPointer<UInt8>, _ cascaded: [Int], theme: String?) {
    let start = orders.count
    orders.append(contentsOf: cascaded)
    append(node: node, .cascade(start..<orders.count, theme: theme))
  }

  /// Adds a line over the length limit.
  mutating func appendTooLong(_ message: String) {
    lines.append(Line(end: text.count, outcome: .tooLong(message)))
  }
}
