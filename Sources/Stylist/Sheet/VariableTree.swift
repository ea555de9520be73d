import OrderedCollections

/// Variables as a tree, so a theme can shadow the global ones leaf by leaf:
/// under theme T, `$colors` is the global map with T's leaves over it.
indirect enum VariableTree: Sendable {
  /// A value that is not a map (maps become `.map`).
  case leaf(VariableLeaf)
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

  /// Every leaf (`colors.text`), in document order: for the unused-variable
  /// warning, and to tell what a theme's values refer to.
  var leaves: [(path: String, leaf: VariableLeaf)] {
    var result: [(String, VariableLeaf)] = []
    var stack: [(String, VariableTree)] = [("", self)]
    while let (prefix, tree) = stack.popLast() {
      switch tree {
      case .leaf(let leaf): result.append((prefix, leaf))
      case .map(let children):
        for (key, child) in children.reversed() { stack.append((prefix.isEmpty ? key : "\(prefix).\(key)", child)) }
      }
    }
    return result
  }
}

/// A variable's value as written, where its key is, and the variables the
/// value refers to.
struct VariableLeaf: Sendable {
  var value: SourceValue
  var key: SourcePosition
  var file: String
  /// The paths of every reference in `value`, each once (read with the
  /// value: an alias's are counted once, however often it is used).
  var references: [String]
  /// Whether a sheet's `variables:` or a design-token file defines it: a
  /// token library is mostly unused by any one sheet, and says so nowhere.
  var origin: Origin = .sheet

  enum Origin: Sendable {
    case sheet
    case token
  }
}

extension Set<String> {
  /// Whether this holds variable `path` or a map holding it (`colors`
  /// holds `colors.text`): a use of either uses the leaf.
  func containsVariable(orMapOf path: String) -> Bool {
    var prefix = Substring(path)
    while true {
      if contains(String(prefix)) { return true }
      guard let dot = prefix.lastIndex(of: ".") else { return false }
      prefix = prefix[..<dot]
    }
  }
}
