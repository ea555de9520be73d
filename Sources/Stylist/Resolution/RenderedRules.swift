/// Rules' answers rendered once in pieces, so that a cascade's answer is
/// written by copying them rather than by merging dictionaries of strings
/// and rendering every value again (`AnswerWriter`, `batch --cascade`):
/// the winner's fields up to its properties (`Resolution.Fields.writeHead`)
/// and each rule's properties as JSON object members.
///
/// A rule's pieces are rendered the first time a cascade asks for them, by
/// the writers behind every answer (`Resolution.Fields`,
/// `PropertyValue.writeJSONKey`, `writeJSON`), and kept: at most one head
/// per rule and one list of members per rule and theme it has values for,
/// bounded by the sheets.
struct RenderedRules {
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
    var theme: ThemeSet
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
  /// The head of rule `r`'s answer as a cascade's winner is `bytes[heads[r]]`.
  private var heads: [Range<Int>?] = []

  /// Appends a cascade's answer after its node: the winner's (`orders[0]`)
  /// fields, then the merged properties (`writeMerged`) and `}`.
  /// (`valuesKey` is the key of `Style.themed` for the query's themes.)
  mutating func writeCascade(
    _ orders: [RuleID], valuesKey theme: ThemeSet, rules: [StyleRule], to output: inout [UInt8]
  ) {
    let winner = orders[0].index
    if winner >= heads.count { heads += repeatElement(nil, count: winner + 1 - heads.count) }
    if heads[winner] == nil {
      let start = bytes.count
      let rule = rules[winner]
      Resolution.Fields(rule: rule, isDefault: false, source: rule.source, properties: nil).writeHead(to: &bytes)
      heads[winner] = start..<bytes.count
    }
    bytes.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[heads[winner]!])) }
    writeMerged(orders, theme: theme, rules: rules, to: &output)
    output.append(UInt8(ascii: "}"))
  }

  /// Appends `{…}`: the properties of `rules` at `orders` (strongest
  /// first) under `theme`, merged as `CascadedRules.merged` merges them:
  /// weakest first, a stronger rule's value replacing a weaker one's of
  /// the same name where the name first appeared, under its first spelling.
  private mutating func writeMerged(_ orders: [RuleID], theme: ThemeSet, rules: [StyleRule], to output: inout [UInt8]) {
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
  private mutating func members(of order: RuleID, theme: ThemeSet, rules: [StyleRule]) -> Range<Int> {
    // The rule's style is read in place: a copy costs a retain per table.
    if let values = rules[order.index].themedProperties(under: theme) {
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
