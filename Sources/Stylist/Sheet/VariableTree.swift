import OrderedCollections

/// Variables as a tree, so a theme can shadow the global ones leaf by leaf:
/// under theme T, `$colors` is the global map with T's leaves over it.
indirect enum VariableTree {
  /// A value defined in `file` under a key at `key` (a scalar or a list; maps become `.map`).
  case leaf(YAMLNode, key: YAMLMark, file: String)
  case map(OrderedDictionary<String, VariableTree>)

  static var empty: VariableTree { .map([:]) }

  /// `over`'s leaves replace `self`'s; maps merge key by key.
  func merged(with over: VariableTree) -> VariableTree {
    guard case .map(var base) = self, case .map(let top) = over else { return over }
    for (key, value) in top {
      base[key] = base[key].map { $0.merged(with: value) } ?? value
    }
    return .map(base)
  }

  func lookup(_ path: [Substring]) -> VariableTree? {
    var node = self
    for name in path {
      guard case .map(let children) = node, let child = children[String(name)] else { return nil }
      node = child
    }
    return node
  }

  /// Every path a reference can name, maps (`colors`) and leaves
  /// (`colors.text`), in document order: what a typo is compared with.
  var referablePaths: [String] {
    var result: [String] = []
    var stack: [(String, VariableTree)] = [("", self)]
    while let (prefix, tree) = stack.popLast() {
      if !prefix.isEmpty { result.append(prefix) }
      if case .map(let children) = tree {
        for (key, child) in children.reversed() { stack.append((prefix.isEmpty ? key : "\(prefix).\(key)", child)) }
      }
    }
    return result
  }

  /// Every leaf (`colors.text`) with its value, in document order: for the
  /// unused-variable warning, and to tell what a theme's values refer to.
  var leaves: [(path: String, value: YAMLNode, key: YAMLMark, file: String)] {
    var result: [(String, YAMLNode, YAMLMark, String)] = []
    var stack: [(String, VariableTree)] = [("", self)]
    while let (prefix, tree) = stack.popLast() {
      switch tree {
      case .leaf(let value, let key, let file): result.append((prefix, value, key, file))
      case .map(let children):
        for (key, child) in children.reversed() { stack.append((prefix.isEmpty ? key : "\(prefix).\(key)", child)) }
      }
    }
    return result
  }
}
