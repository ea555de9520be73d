/// The query-time form of an index's rules: names interned to integers,
/// `>` chunks precomputed, everything in flat arrays of plain values, so
/// `bestMatch` does no string work beyond looking up the node's names once
/// and allocates nothing but the answer.
///
/// Candidates come from two places. Rules with a literal token sit in a list
/// per token id. The few with a `*` or glob token sit in a list per *anchor*:
/// the id of their innermost literal component name (a node can only match
/// if it has a component of that name), or in one list when they have none.
/// Each rule also carries a 64-bit mask of its literal component names; a
/// rule whose mask is not inside the node's is skipped with one AND.
///
/// `@unchecked Sendable`: the buffers are written in `init` only and read-only
/// after, so sharing a snapshot across threads is safe.
final class CompiledRules: @unchecked Sendable {
  private struct Rule {
    var order: Int32
    /// Interned theme, or `unthemed`.
    var theme: Int32
    /// Interned token, or `anyName` / `globName`.
    var token: Int32
    var tokenGlob: Int32
    var tokenWeight: Int32
    var tokenIsDirectChild: Bool
    var firstComponent: Int32
    var componentCount: Int32
    /// Offsets into `chunkBounds`: `chunkCount + 1` entries, relative starts of each `>` chunk.
    var firstChunk: Int32
    var chunkCount: Int32
    var rootAnchored: Bool
    var requiredNames: UInt64
  }

  private struct Component {
    /// Interned name, or `anyName` / `globName`.
    var name: Int32
    var nameGlob: Int32
    /// Interned variant, or `unspecified` / `anyVariant` / `globVariant`.
    var variant: Int32
    var variantGlob: Int32
    var weight: Int32
  }

  private static let unthemed: Int32 = -2
  private static let anyName: Int32 = -2
  private static let globName: Int32 = -3
  private static let unspecified: Int32 = -2
  private static let anyVariant: Int32 = -3
  private static let globVariant: Int32 = -4
  /// A node component without a variant (distinct from an unknown one, `NameTable.absent`).
  private static let noVariant: Int32 = -2

  private let names: NameTable
  // Plain buffers owned by this object: reading a class's array property in
  // the query loop would retain and release it at every access.
  private let rules: UnsafeMutableBufferPointer<Rule>
  private let components: UnsafeMutableBufferPointer<Component>
  private let chunkBounds: UnsafeMutableBufferPointer<Int32>
  private let globs: [Glob]
  /// `globMatchesName[glob * names.count + id]` is 1 when the glob matches that
  /// interned name; computed at build (when not too large), so a query calls
  /// `regexec` only for names no rule spells out.
  private let globMatchesName: UnsafeMutableBufferPointer<UInt8>
  private let hasGlobTable: Bool
  /// Largest glob × name table built; beyond it queries call `regexec`.
  static let maxGlobTable = 4_000_000
  /// Rule indices per token id.
  private let byToken: [[Int32]]
  /// Rules with a pattern token, per anchor name id; and those without an anchor.
  private let patternByAnchor: [Int32: [Int32]]
  private let patternUnanchored: [Int32]
  private let longestSelector: Int

  init(_ styleRules: [StyleRule]) {
    var names = NameTable(capacity: styleRules.count)
    var rules: [Rule] = []
    var components: [Component] = []
    var chunkBounds: [Int32] = []
    var globs: [Glob] = []
    var globIndex: [String: Int32] = [:]
    var longest = 0
    rules.reserveCapacity(styleRules.count)

    func glob(_ glob: Glob) -> Int32 {
      if let index = globIndex[glob.pattern] { return index }
      globs.append(glob)
      globIndex[glob.pattern] = Int32(globs.count - 1)
      return Int32(globs.count - 1)
    }

    for (order, styleRule) in styleRules.enumerated() {
      let selector = styleRule.selector
      var rule = Rule(
        order: Int32(order), theme: selector.theme.map { names.intern($0) } ?? Self.unthemed,
        token: Self.anyName, tokenGlob: -1, tokenWeight: Int32(selector.token.weight),
        tokenIsDirectChild: selector.token.isDirectChild, firstComponent: Int32(components.count),
        componentCount: Int32(selector.components.count), firstChunk: Int32(chunkBounds.count), chunkCount: 0,
        rootAnchored: selector.components.first?.isDirectChild ?? false, requiredNames: 0)
      switch selector.token.name {
      case .exact(let token): rule.token = names.intern(token)
      case .any: rule.token = Self.anyName
      case .glob(let pattern):
        rule.token = Self.globName
        rule.tokenGlob = glob(pattern)
      }
      for (index, component) in selector.components.enumerated() {
        var compiled = Component(
          name: Self.anyName, nameGlob: -1, variant: Self.unspecified, variantGlob: -1, weight: Int32(component.weight))
        switch component.name {
        case .exact(let name):
          compiled.name = names.intern(name)
          rule.requiredNames |= Self.bit(compiled.name)
        case .any: compiled.name = Self.anyName
        case .glob(let pattern):
          compiled.name = Self.globName
          compiled.nameGlob = glob(pattern)
        }
        switch component.variant {
        case .unspecified: compiled.variant = Self.unspecified
        case .exact(let variant): compiled.variant = names.intern(variant)
        case .any: compiled.variant = Self.anyVariant
        case .glob(let pattern):
          compiled.variant = Self.globVariant
          compiled.variantGlob = glob(pattern)
        }
        components.append(compiled)
        if index == 0 || !component.isDirectChild { chunkBounds.append(Int32(index)) }
      }
      if !selector.components.isEmpty {
        rule.chunkCount = Int32(chunkBounds.count) - rule.firstChunk
        chunkBounds.append(Int32(selector.components.count))
      }
      longest = max(longest, selector.components.count)
      rules.append(rule)
    }

    var byToken = [[Int32]](repeating: [], count: names.count)
    var patternByAnchor: [Int32: [Int32]] = [:]
    var patternUnanchored: [Int32] = []
    for (index, rule) in rules.enumerated() {
      if rule.token >= 0 {
        byToken[Int(rule.token)].append(Int32(index))
        continue
      }
      let own = components[Int(rule.firstComponent)..<Int(rule.firstComponent + rule.componentCount)]
      if let anchor = own.last(where: { $0.name >= 0 }) {
        patternByAnchor[anchor.name, default: []].append(Int32(index))
      } else {
        patternUnanchored.append(Int32(index))
      }
    }
    self.names = names
    self.rules = Self.buffer(rules)
    self.components = Self.buffer(components)
    self.chunkBounds = Self.buffer(chunkBounds)
    self.globs = globs
    var table: [UInt8] = []
    hasGlobTable = globs.count * names.count <= Self.maxGlobTable
    if hasGlobTable {
      table.reserveCapacity(globs.count * names.count)
      for glob in globs {
        for name in names.names { table.append(glob.matches(name) ? 1 : 0) }
      }
    }
    self.globMatchesName = Self.buffer(table)
    self.byToken = byToken
    self.patternByAnchor = patternByAnchor
    self.patternUnanchored = patternUnanchored
    self.longestSelector = longest
  }

  deinit {
    rules.deallocate()
    components.deallocate()
    chunkBounds.deallocate()
    globMatchesName.deallocate()
  }

  private static func buffer<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
    let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
    _ = buffer.initialize(from: array)
    return buffer
  }

  /// Whether glob `glob` matches `text`, whose interned id is `id`.
  private func glob(_ glob: Int32, matches text: String, id: Int32) -> Bool {
    if id >= 0 && hasGlobTable {
      return globMatchesName[Int(glob) * names.count + Int(id)] != 0
    }
    return globs[Int(glob)].matches(text)
  }

  private static func bit(_ id: Int32) -> UInt64 { 1 << UInt64(id & 63) }

  /// Load order of the rule that wins for `node` under `theme` (SPEC §4), or nil.
  func bestOrder(for node: NodeIdentifier, theme: String?, mode: PrecedenceMode) -> Int? {
    let depth = node.path.count
    let scratchSize = 2 * depth + 3 * longestSelector
    return withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(scratchSize, 1)) { scratch in
      var query = Query(
        compiled: self, node: node, depth: depth, mode: mode,
        theme: theme.map { names.id($0) } ?? Self.unthemed,
        nameIDs: UnsafeMutableBufferPointer(rebasing: scratch[0..<depth]),
        variantIDs: UnsafeMutableBufferPointer(rebasing: scratch[depth..<2 * depth]),
        positions: UnsafeMutableBufferPointer(rebasing: scratch[2 * depth..<2 * depth + longestSelector]),
        bestPositions: UnsafeMutableBufferPointer(
          rebasing: scratch[2 * depth + longestSelector..<2 * depth + 2 * longestSelector]),
        bestWeights: UnsafeMutableBufferPointer(
          rebasing: scratch[2 * depth + 2 * longestSelector..<2 * depth + 3 * longestSelector]))
      return query.run()
    }
  }

  /// One query's state: the node's interned names and the best rule so far.
  private struct Query {
    let compiled: CompiledRules
    let node: NodeIdentifier
    let depth: Int
    let mode: PrecedenceMode
    let theme: Int32
    let nameIDs: UnsafeMutableBufferPointer<Int32>
    let variantIDs: UnsafeMutableBufferPointer<Int32>
    /// Node path index of each component of the rule being tried.
    let positions: UnsafeMutableBufferPointer<Int32>
    /// The best rule's vector entries, innermost first: position from the innermost, weight.
    let bestPositions: UnsafeMutableBufferPointer<Int32>
    let bestWeights: UnsafeMutableBufferPointer<Int32>
    var best: Int32 = -1
    var bestCount = 0
    var tokenID = NameTable.absent

    init(
      compiled: CompiledRules, node: NodeIdentifier, depth: Int, mode: PrecedenceMode, theme: Int32,
      nameIDs: UnsafeMutableBufferPointer<Int32>, variantIDs: UnsafeMutableBufferPointer<Int32>,
      positions: UnsafeMutableBufferPointer<Int32>, bestPositions: UnsafeMutableBufferPointer<Int32>,
      bestWeights: UnsafeMutableBufferPointer<Int32>
    ) {
      (self.compiled, self.node, self.depth, self.mode, self.theme) = (compiled, node, depth, mode, theme)
      (self.nameIDs, self.variantIDs, self.positions) = (nameIDs, variantIDs, positions)
      (self.bestPositions, self.bestWeights) = (bestPositions, bestWeights)
    }

    mutating func run() -> Int? {
      let names = compiled.names
      var nodeNames: UInt64 = 0
      for (index, component) in node.path.enumerated() {
        let id = names.id(component.name)
        nameIDs[index] = id
        if id >= 0 { nodeNames |= CompiledRules.bit(id) }
        variantIDs[index] = component.variant.map { names.id($0) } ?? CompiledRules.noVariant
      }
      let token = names.id(node.token)
      tokenID = token
      if token >= 0 {
        for rule in compiled.byToken[Int(token)] { consider(rule, nodeNames: nodeNames) }
      }
      if !compiled.patternByAnchor.isEmpty {
        for index in 0..<depth where nameIDs[index] >= 0 {
          // A name repeated in the path visits its list again; a rule tried twice changes nothing.
          for rule in compiled.patternByAnchor[nameIDs[index]] ?? [] { consider(rule, nodeNames: nodeNames) }
        }
      }
      for rule in compiled.patternUnanchored { consider(rule, nodeNames: nodeNames) }
      return best < 0 ? nil : Int(compiled.rules[Int(best)].order)
    }

    private mutating func consider(_ index: Int32, nodeNames: UInt64) {
      let rule = compiled.rules[Int(index)]
      if rule.requiredNames & ~nodeNames != 0 { return }
      if rule.theme != CompiledRules.unthemed && rule.theme != theme { return }
      if rule.token == CompiledRules.globName && !compiled.glob(rule.tokenGlob, matches: node.token, id: tokenID) {
        return
      }
      guard place(rule) else { return }
      if best >= 0 && !precedesBest(rule) { return }
      best = index
      let count = Int(rule.componentCount)
      for offset in 0..<count {
        let component = count - 1 - offset
        bestPositions[offset] = Int32(depth) - 1 - positions[component]
        bestWeights[offset] = compiled.components[Int(rule.firstComponent) + component].weight
      }
      bestCount = count
    }

    /// SPEC §4 precedence of `rule` (just placed) over the best so far.
    private func precedesBest(_ rule: Rule) -> Bool {
      let incumbent = compiled.rules[Int(best)]
      let themed = rule.theme != CompiledRules.unthemed
      let incumbentThemed = incumbent.theme != CompiledRules.unthemed
      if mode == .themed && themed != incumbentThemed { return themed }
      let comparison = compareWithBest(rule, tokenWeight: incumbent.tokenWeight)
      if comparison != 0 { return comparison > 0 }
      if mode == .classic && themed != incumbentThemed { return themed }
      return rule.order > incumbent.order
    }

    /// Lexicographic comparison of the placed rule's vector with the best's
    /// (as `Specificity.<`): -1, 0 or 1.
    private func compareWithBest(_ rule: Rule, tokenWeight: Int32) -> Int {
      if rule.tokenWeight != tokenWeight { return rule.tokenWeight < tokenWeight ? -1 : 1 }
      let count = Int(rule.componentCount)
      var offset = 0
      while offset < count && offset < bestCount {
        let component = count - 1 - offset
        let position = Int32(depth) - 1 - positions[component]
        if position != bestPositions[offset] { return position < bestPositions[offset] ? 1 : -1 }
        let weight = compiled.components[Int(rule.firstComponent) + component].weight
        if weight != bestWeights[offset] { return weight < bestWeights[offset] ? -1 : 1 }
        offset += 1
      }
      return count == bestCount ? 0 : (count < bestCount ? -1 : 1)
    }

    private func matches(_ component: Component, at index: Int) -> Bool {
      let name = component.name
      if name >= 0 {
        if nameIDs[index] != name { return false }
      } else if name == CompiledRules.globName {
        if !compiled.glob(component.nameGlob, matches: node.path[index].name, id: nameIDs[index]) { return false }
      }
      let variant = component.variant
      if variant >= 0 { return variantIDs[index] == variant }
      switch variant {
      case CompiledRules.unspecified: return true
      case CompiledRules.anyVariant: return variantIDs[index] != CompiledRules.noVariant
      default:
        guard let text = node.path[index].variant else { return false }
        return compiled.glob(component.variantGlob, matches: text, id: variantIDs[index])
      }
    }

    private func chunkFits(_ rule: Rule, _ chunk: Int, at start: Int) -> Bool {
      let bounds = Int(rule.firstChunk) + chunk
      var node = start
      for index in Int(compiled.chunkBounds[bounds])..<Int(compiled.chunkBounds[bounds + 1]) {
        if !matches(compiled.components[Int(rule.firstComponent) + index], at: node) { return false }
        node += 1
      }
      return true
    }

    private func chunkLength(_ rule: Rule, _ chunk: Int) -> Int {
      let bounds = Int(rule.firstChunk) + chunk
      return Int(compiled.chunkBounds[bounds + 1] - compiled.chunkBounds[bounds])
    }

    /// The greedy two-pass placement of `Placement.swift`, into `positions`.
    private func place(_ rule: Rule) -> Bool {
      let count = Int(rule.componentCount)
      if count == 0 { return !(rule.tokenIsDirectChild && depth > 0) }
      if count > depth { return false }
      let chunkCount = Int(rule.chunkCount)
      let endAnchored = rule.tokenIsDirectChild

      // Forward: the earliest end of each chunk, kept in the slot of the chunk's
      // first component until the backward pass (innermost first) overwrites it.
      var next = 0
      for chunk in 0..<chunkCount {
        let length = chunkLength(rule, chunk)
        var start = next
        if chunk == chunkCount - 1 && endAnchored {
          start = depth - length
          if start < next || (chunk == 0 && rule.rootAnchored && start != 0) || !chunkFits(rule, chunk, at: start) {
            return false
          }
        } else if chunk == 0 && rule.rootAnchored {
          if !chunkFits(rule, 0, at: 0) { return false }
        } else {
          while start + length <= depth && !chunkFits(rule, chunk, at: start) { start += 1 }
          if start + length > depth { return false }
        }
        positions[Int(compiled.chunkBounds[Int(rule.firstChunk) + chunk])] = Int32(start + length - 1)
        next = start + length
      }

      // Backward: the latest placement of each chunk, innermost first.
      var limit = depth - 1
      for chunk in stride(from: chunkCount - 1, through: 0, by: -1) {
        let length = chunkLength(rule, chunk)
        let first = Int(compiled.chunkBounds[Int(rule.firstChunk) + chunk])
        let lower = chunk == 0 ? 0 : Int(positions[Int(compiled.chunkBounds[Int(rule.firstChunk) + chunk - 1])]) + 1
        var start: Int
        if chunk == 0 && rule.rootAnchored {
          start = 0
          if start + length - 1 > limit { return false }
        } else {
          start = limit - length + 1
          let fixed = chunk == chunkCount - 1 && endAnchored
          while start >= lower && !chunkFits(rule, chunk, at: start) {
            if fixed { return false }
            start -= 1
          }
          if start < lower { return false }
        }
        for offset in 0..<length { positions[first + offset] = Int32(start + offset) }
        limit = start - 1
      }
      return true
    }
  }
}
