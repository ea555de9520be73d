/// Rules' properties rendered once as JSON object members, so that a
/// cascade's merged properties are written by copying members rather than
/// by merging dictionaries of strings and rendering every value again
/// (`AnswerWriter`, `batch --cascade`).
///
/// A rule's members under a theme are rendered the first time a cascade
/// asks for them, by the writer behind every object
/// (`PropertyValue.writeJSONKey`, `writeJSON`), and kept: at most one list
/// per rule and theme it has values for, bounded by the sheets.
struct RenderedMembers {
  /// One property of a rule, rendered.
  private struct Member {
    /// The property's name, as an id: names compare as strings, as the
    /// keys of `Properties` do.
    var name: Int32
    /// `"name":` in `bytes`.
    var key: Range<Int>
    /// The value's JSON in `bytes`.
    var value: Range<Int>
  }

  private struct ThemedRule: Hashable {
    var rule: RuleID
    var theme: String
  }

  private var nameIDs: [String: Int32] = [:]
  private var bytes: [UInt8] = []
  private var members: [Member] = []
  /// The members of rule `r` under no theme (or a theme that changes none
  /// of its values) are `members[unthemed[r]]`.
  private var unthemed: [Range<Int>?] = []
  /// The members of a rule under a theme that changes its values.
  private var themed: [ThemedRule: Range<Int>] = [:]
  /// A merge's members, reused from one merge to the next.
  private var merged: [Member] = []

  /// Appends `{…}`: the properties of `rules` at `orders` (strongest
  /// first) under `theme`, merged as `CascadedRules.merged` merges them:
  /// weakest first, a stronger rule's value replacing a weaker one's of
  /// the same name where the name first appeared, under its first spelling.
  mutating func writeMerged(_ orders: [RuleID], theme: String?, rules: [StyleRule], to output: inout [UInt8]) {
    merged.removeAll(keepingCapacity: true)
    for order in orders.reversed() {
      for member in members[self.members(of: order, theme: theme, rules: rules)] {
        // A cascade merges tens of members: a search beats a table.
        if let at = merged.firstIndex(where: { $0.name == member.name }) {
          merged[at].value = member.value
        } else {
          merged.append(member)
        }
      }
    }
    output.append(UInt8(ascii: "{"))
    bytes.withUnsafeBufferPointer { bytes in
      for (index, member) in merged.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        // A member as rendered is one run of bytes; a replaced value is elsewhere.
        if member.key.upperBound == member.value.lowerBound {
          output.append(
            contentsOf: UnsafeBufferPointer(rebasing: bytes[member.key.lowerBound..<member.value.upperBound]))
        } else {
          output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[member.key]))
          output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[member.value]))
        }
      }
    }
    output.append(UInt8(ascii: "}"))
  }

  /// Where the members of the rule at `order` under `theme` are, rendered now if they are not yet.
  private mutating func members(of order: RuleID, theme: String?, rules: [StyleRule]) -> Range<Int> {
    // The rule's style is read in place: a copy costs a retain per table.
    if let theme, let values = rules[order.index].style.themed[theme] {
      let key = ThemedRule(rule: order, theme: theme)
      if let kept = themed[key] { return kept }
      let range = render(values)
      themed[key] = range
      return range
    }
    if order.index >= unthemed.count { unthemed += repeatElement(nil, count: order.index + 1 - unthemed.count) }
    if let kept = unthemed[order.index] { return kept }
    let range = render(rules[order.index].style.properties)
    unthemed[order.index] = range
    return range
  }

  private mutating func render(_ properties: Properties) -> Range<Int> {
    let first = members.count
    for (name, value) in properties {
      let id = nameIDs[name] ?? Int32(nameIDs.count)
      if id == nameIDs.count { nameIDs[name] = id }
      let keyStart = bytes.count
      PropertyValue.writeJSONKey(name, to: &bytes)
      let valueStart = bytes.count
      value.writeJSON(to: &bytes)
      members.append(Member(name: id, key: keyStart..<valueStart, value: valueStart..<bytes.count))
    }
    return first..<members.count
  }
}
