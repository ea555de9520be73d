@testable import Stylist

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Random nodes and selectors over a tiny alphabet, so that matches are frequent.
enum RandomSheets {
  static let names = ["a", "b", "c"]
  static let variants = ["x", "y"]
  static let tokens = ["t", "u"]

  static func node(using generator: inout SeededGenerator, maxDepth: Int = 6) -> NodeIdentifier {
    let depth = Int.random(in: 0...maxDepth, using: &generator)
    let path = (0..<depth).map { _ in
      Component(
        name: names.randomElement(using: &generator)!,
        variant: Bool.random(using: &generator) ? variants.randomElement(using: &generator) : nil)
    }
    return NodeIdentifier(path: path, token: tokens.randomElement(using: &generator)!)
  }

  static func namePattern(_ literals: [String], using generator: inout SeededGenerator) -> NamePattern {
    switch Int.random(in: 0..<10, using: &generator) {
    case 0: .any
    case 1: .glob(Glob(literals.randomElement(using: &generator)! + "*"))
    case 2: .glob(Glob("*" + literals.randomElement(using: &generator)!))
    default: .exact(literals.randomElement(using: &generator)!)
    }
  }

  static func selector(using generator: inout SeededGenerator, themes: [String]) -> StyleSelector {
    let count = Int.random(in: 0...3, using: &generator)
    let components = (0..<count).map { _ in
      let variant: VariantPattern =
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: .any
        case 1: .glob(Glob("*"))
        case 2, 3: .exact(variants.randomElement(using: &generator)!)
        default: .unspecified
        }
      return SelectorComponent(
        name: namePattern(names, using: &generator), variant: variant,
        isDirectChild: Int.random(in: 0..<5, using: &generator) == 0)
    }
    let theme =
      themes.isEmpty || Int.random(in: 0..<5, using: &generator) != 0 ? nil : themes.randomElement(using: &generator)
    let token = TokenPattern(
      name: namePattern(tokens, using: &generator), isDirectChild: Int.random(in: 0..<8, using: &generator) == 0)
    return StyleSelector(theme: theme, components: components, token: token)
  }

  /// At most one theme of each axis, each axis's with probability `share`.
  static func themes(of axes: [ThemeAxis], share: Double, using generator: inout SeededGenerator) -> [String] {
    axes.compactMap { axis in
      Double.random(in: 0..<1, using: &generator) < share ? axis.themes.randomElement(using: &generator) : nil
    }
  }
}

/// Tries every placement of a selector's components on a path: the reference
/// for the greedy placement of the index (`TrieQuery.latestEnd`) and of the
/// `String` oracle (`StringPlacement.swift`).
enum BruteForcePlacement {
  static func best(_ selector: StyleSelector, on path: [Component]) -> Specificity? {
    let components = selector.components
    let depth = path.count
    if components.isEmpty {
      if selector.token.isDirectChild && depth > 0 { return nil }
      return Specificity(tokenWeight: selector.token.weight, placed: [], depth: depth)
    }
    var best: Specificity?
    var positions: [Int] = []
    func place(_ index: Int, from start: Int) {
      if index == components.count {
        if selector.token.isDirectChild && positions.last != depth - 1 { return }
        let placed = positions.indices.reversed().map {
          Specificity.Entry(position: depth - 1 - positions[$0], weight: components[$0].weight)
        }
        let candidate = Specificity(tokenWeight: selector.token.weight, placed: placed, depth: depth)
        if best == nil || candidate > best! { best = candidate }
        return
      }
      for position in start..<depth where components[index].matches(path[position]) {
        if components[index].isDirectChild {
          if index == 0 && position != 0 { continue }
          if index > 0 && position != positions[index - 1] + 1 { continue }
        }
        positions.append(position)
        place(index + 1, from: position + 1)
        positions.removeLast()
      }
    }
    place(0, from: 0)
    return best
  }
}

/// The seed system's way: score every rule, rank them. Shares nothing with
/// `StyleIndex` but the rule values; `placement` scores one selector's path.
enum NaiveResolver {
  struct Ranked {
    var order: Int
    var specificity: Specificity
  }

  static func ranking(
    _ rules: [StyleRule], node: NodeIdentifier, options: QueryOptions,
    placement: (StyleSelector, [Component]) -> Specificity?
  ) -> [Ranked] {
    // One axis: a node's last theme replaces the engine's.
    ranking(
      rules, node: node, current: node.themes.last.map { [$0] } ?? options.themes, mode: options.mode,
      placement: placement)
  }

  /// Every applicable rule under the `current` themes, best first: a rule
  /// applies when all its themes are current; `themed` ranks by the number
  /// of themes, then the vector; `classic` by the vector, then the number.
  static func ranking(
    _ rules: [StyleRule], node: NodeIdentifier, current: [String], mode: PrecedenceMode,
    placement: (StyleSelector, [Component]) -> Specificity?
  ) -> [Ranked] {
    let options = QueryOptions(mode: mode)
    var found: [(ranked: Ranked, key: (Int, Specificity, Int))] = []
    for (order, rule) in rules.enumerated() {
      if !rule.selector.themes.allSatisfy(current.contains) { continue }
      guard rule.selector.token.name.matches(node.token) else { continue }
      guard let specificity = placement(rule.selector, node.path) else { continue }
      let themed = rule.selector.themes.count
      let key = options.mode == .themed ? (themed, specificity, 0) : (0, specificity, themed)
      found.append((Ranked(order: order, specificity: specificity), key))
    }
    // Best first; later wins ties.
    found.sort { left, right in
      if left.key.0 != right.key.0 { return left.key.0 > right.key.0 }
      if left.key.1 != right.key.1 { return left.key.1 > right.key.1 }
      if left.key.2 != right.key.2 { return left.key.2 > right.key.2 }
      return left.ranked.order > right.ranked.order
    }
    return found.map(\.ranked)
  }

  static func best(_ rules: [StyleRule], node: NodeIdentifier, options: QueryOptions) -> Int? {
    ranking(rules, node: node, options: options, placement: BruteForcePlacement.best).first?.order
  }
}

/// `explain`'s reasons computed on the `String` placement, independent of
/// the trie: the oracle for `rankedCandidates`.
enum StringMismatch {
  static func reason(_ selector: StyleSelector, on node: NodeIdentifier, theme current: String?) -> MismatchReason? {
    if let required = selector.theme, required != current { return .theme(required: required, current: current) }
    guard selector.token.name.matches(node.token) else { return .token }
    if selector.stringPlacement(on: node.path) != nil { return nil }
    if selector.stringPlacement(on: node.path, honoringDirectChild: false) != nil { return .directChild }
    for component in selector.components where !node.path.contains(where: component.matches) {
      if node.path.contains(where: { component.name.matches($0.name) }) { return .variant(component) }
      return .missingComponent(component)
    }
    return .order
  }
}
