import Stylist

/// The seed system's way, the baseline for the index: score every rule
/// against the node, trying every placement of its components, and keep the
/// best (SPEC §4).
struct NaiveResolver {
  let rules: [StyleRule]
  let mode: PrecedenceMode

  func best(for node: NodeIdentifier, theme: String?) -> Int? {
    var best: (order: Int, themed: Bool, vector: [Int])?
    for (order, rule) in rules.enumerated() {
      let selector = rule.selector
      if let required = selector.theme, required != theme { continue }
      guard selector.token.name.matches(node.token), let vector = Self.vector(selector, on: node) else { continue }
      let themed = selector.theme != nil
      if let incumbent = best {
        if mode == .themed && themed != incumbent.themed {
          if !themed { continue }
        } else if vector != incumbent.vector {
          if vector.lexicographicallyPrecedes(incumbent.vector) { continue }
        } else if mode == .classic && themed != incumbent.themed {
          if !themed { continue }
        }
      }
      best = (order, themed, vector)
    }
    return best?.order
  }

  /// The greatest vector over every placement, or nil when none exists.
  static func vector(_ selector: StyleSelector, on node: NodeIdentifier) -> [Int]? {
    let components = selector.components
    let path = node.path
    var best: [Int]?
    var positions: [Int] = []
    func place(_ index: Int, from start: Int) {
      if index == components.count {
        if selector.token.isDirectChild && (positions.last ?? -1) != path.count - 1 { return }
        var vector = [Int](repeating: 0, count: path.count + 1)
        vector[0] = selector.token.weight
        for (component, position) in zip(components, positions) {
          vector[path.count - position] = component.weight
        }
        if best == nil || best!.lexicographicallyPrecedes(vector) { best = vector }
        return
      }
      for position in start..<path.count where components[index].matches(path[position]) {
        if components[index].isDirectChild && position != (positions.last.map { $0 + 1 } ?? 0) { continue }
        positions.append(position)
        place(index + 1, from: position + 1)
        positions.removeLast()
      }
    }
    place(0, from: 0)
    return best
  }
}
