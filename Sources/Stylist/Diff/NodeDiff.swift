/// What merging a change to the sheets does to an app's nodes: every node
/// whose answer differs between the old sheets and the new ones, grouped by
/// the change (`stylist diff --nodes`, ``NodeDiffer``).
///
/// An answer differs when its winning selector does, when the default
/// style answers on one side only, or when a resolved property is added,
/// removed or given another value. Sources are shown, not compared: a
/// style that only moved (to another line or file) changes nothing, and
/// neither does a property that only moved within its style.
public struct NodeDiff: Hashable, Sendable {
  /// The node lines (or tree atoms) compared, repeats included.
  public var nodes: Int
  /// One entry per distinct change, in the order of the first node it
  /// changes: the nodes a variable's new value repaints are one group.
  public var changes: [Change]

  /// Whether some node's answer changes.
  public var hasChanges: Bool { !changes.isEmpty }

  /// The distinct nodes that change, all groups together.
  public var changedNodes: Int { changes.reduce(0) { $0 + $1.nodes.count } }

  /// A diff with these fields.
  public init(nodes: Int, changes: [Change]) { (self.nodes, self.changes) = (nodes, changes) }

  /// The answer before and after, and the nodes that go from one to the other.
  public struct Change: Hashable, Sendable {
    /// The answer on the old sheets.
    public var before: Answer
    /// The answer on the new sheets.
    public var after: Answer
    /// Each node once, in input order.
    public var nodes: [String]

    /// A change with these fields.
    public init(before: Answer, after: Answer, nodes: [String]) {
      (self.before, self.after, self.nodes) = (before, after, nodes)
    }
  }

  /// What an answer says besides its node: the fields of `batch`'s
  /// answer object, compared all but ``source``.
  public struct Answer: Hashable, Sendable {
    /// The winner's registered selector; nil for the default style or nothing.
    public var selector: String?
    /// Whether the sheets' `default:` style answered.
    public var isDefault: Bool
    /// Where the winner (or the default style) is written.
    public var source: SourceLocation?
    /// The resolved properties; nil when nothing applies and there is no default.
    public var properties: Properties?

    /// An answer with these fields.
    public init(selector: String?, isDefault: Bool, source: SourceLocation?, properties: Properties?) {
      (self.selector, self.isDefault, self.source, self.properties) = (selector, isDefault, source, properties)
    }

    /// The answer `fields` describes.
    init(_ fields: Resolution.Fields) {
      self.init(
        selector: fields.rule?.name, isDefault: fields.isDefault, source: fields.source, properties: fields.properties)
    }

    /// Whether `other` says something else: another selector, default or
    /// property (a property is the same wherever it sits in its style).
    func differs(from other: Answer) -> Bool {
      selector != other.selector || isDefault != other.isDefault
        || !Self.sameProperties(properties, other.properties)
    }

    /// The same names with the same values (`PropertyValue.isSame(as:)`), in any order.
    static func sameProperties(_ left: Properties?, _ right: Properties?) -> Bool {
      guard let left, let right else { return left == nil && right == nil }
      return PropertyValue.sameEntries(left, right)
    }

    /// Equal when what is compared is: ``source`` is not.
    var compared: Compared { Compared(selector: selector, isDefault: isDefault, properties: properties) }

    /// The compared fields, properties in any order.
    struct Compared: Hashable {
      var selector: String?
      var isDefault: Bool
      var properties: Properties?

      static func == (lhs: Compared, rhs: Compared) -> Bool {
        lhs.selector == rhs.selector && lhs.isDefault == rhs.isDefault
          && Answer.sameProperties(lhs.properties, rhs.properties)
      }

      /// Hashes what `==` compares; the properties by their names and
      /// values, whatever their order.
      func hash(into hasher: inout Hasher) {
        hasher.combine(selector)
        hasher.combine(isDefault)
        guard let properties else { return hasher.combine(-1) }
        hasher.combine(properties.count)
        var combined = 0
        for (name, value) in properties {
          var entry = Hasher()
          entry.combine(name)
          entry.combine(value)
          combined ^= entry.finalize()
        }
        hasher.combine(combined)
      }
    }
  }
}
