import Stylist

/// The seed system's way: score every selector against the node and keep
/// the best. The baseline for the indexed resolver.
struct NaiveResolver {
  let rules: [StyleRule]
  let mode: PrecedenceMode

  func best(for node: NodeIdentifier, theme: String?) -> Int? {
    var best: (order: Int, themed: Bool, specificity: Specificity)?
    for (order, rule) in rules.enumerated() {
      if let required = rule.selector.theme, required != theme { continue }
      guard let specificity = rule.selector.specificity(on: node) else { continue }
      let themed = rule.selector.theme != nil
      if let incumbent = best {
        if mode == .themed && themed != incumbent.themed {
          if !themed { continue }
        } else if specificity != incumbent.specificity {
          if specificity < incumbent.specificity { continue }
        } else if mode == .classic && themed != incumbent.themed {
          if !themed { continue }
        }
      }
      best = (order, themed, specificity)
    }
    return best?.order
  }
}
