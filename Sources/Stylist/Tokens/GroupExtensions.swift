/// Settles every group's `$extends` over a merged tree (Format module:
/// Groups): the extended group's tokens go underneath the group's own, a
/// deep merge in which a token the group writes replaces the inherited one
/// whole. A group is resolved once and shared by whatever extends it; a
/// cycle, a target that is no group, and chains past `maxChain` are errors,
/// and what extension copies is charged to the load's budget.
struct GroupExtensions {
  private let root: TokenGroup
  private let sink: DiagnosticSink
  private let budget: ExpansionBudget
  private var resolved: [[String]: TokenGroup] = [:]
  /// The groups being resolved, outermost first: extending one of them is a cycle.
  private var onChain: [[String]] = []
  /// `$extends` hops being followed: each takes stack.
  private var hops = 0
  static let maxChain = 100

  init(root: TokenGroup, sink: DiagnosticSink, budget: ExpansionBudget) {
    self.root = root
    self.sink = sink
    self.budget = budget
  }

  /// The tree with every `$extends` settled.
  static func resolve(_ root: TokenGroup, sink: DiagnosticSink, budget: ExpansionBudget) -> TokenGroup {
    guard root.hasExtensions else { return root }
    var extensions = GroupExtensions(root: root, sink: sink, budget: budget)
    return extensions.group(root, at: [])
  }

  private mutating func group(_ group: TokenGroup, at path: [String]) -> TokenGroup {
    if let known = resolved[path] { return known }
    onChain.append(path)
    defer { onChain.removeLast() }
    var result = group
    for (name, child) in group.children {
      if case .group(let inner) = child { result.children[name] = .group(self.group(inner, at: path + [name])) }
    }
    if let extends = group.extends {
      result.extends = nil
      if let base = target(of: extends, from: path) {
        if charge(base.tokenCount, at: extends) { result = base.merged(with: result) }
      }
    }
    resolved[path] = result
    return result
  }

  /// The resolved group `reference` names, or nil after reporting why not.
  private mutating func target(of reference: TokenReference, from path: [String]) -> TokenGroup? {
    let location = reference.position.location(in: reference.file)
    if let start = onChain.firstIndex(of: reference.path) {
      let cycle = (onChain[start...].map { $0.joined(separator: ".") } + [reference.dotted])
      sink.error("group extension cycle: \(cycle.joined(separator: " -> "))", .invalidToken, at: location)
      return nil
    }
    switch root.node(at: reference.path) {
    case .group(let target)?:
      guard hops < Self.maxChain else {
        sink.error(
          "'$extends' chain longer than \(Self.maxChain) groups at '\(reference.dotted)'", .limitExceeded, at: location)
        return nil
      }
      hops += 1
      defer { hops -= 1 }
      return group(target, at: reference.path)
    case .token?:
      sink.error("'$extends' must name a group, and '\(reference.dotted)' is a token", .invalidToken, at: location)
      return nil
    case nil:
      let hint = Suggestion.hint(for: reference.dotted, among: root.groupPaths)
      sink.error(
        "'$extends' names no group '\(reference.dotted)'\(hint.text)", .unknownVariable, at: location,
        suggestion: hint.name)
      return nil
    }
  }

  private func charge(_ count: Int, at reference: TokenReference) -> Bool {
    switch budget.spend(count) {
    case .spent: return true
    case .ranOut:
      sink.errorPastHold(
        "group extensions copy too many tokens (extension bomb?)", .limitExceeded,
        at: reference.position.location(in: reference.file))
      return false
    case .refused: return false
    }
  }
}

extension TokenGroup {
  /// Whether any group of the tree has `$extends` (most token sets have none).
  var hasExtensions: Bool {
    var stack = [self]
    while let group = stack.popLast() {
      if group.extends != nil { return true }
      for child in group.children.values { if case .group(let inner) = child { stack.append(inner) } }
    }
    return false
  }

  /// Every group's path, dotted, in document order: what a mistyped `$extends` is compared with.
  var groupPaths: [String] {
    var result: [String] = []
    var stack: [(String, TokenGroup)] = [("", self)]
    while let (prefix, group) = stack.popLast() {
      if !prefix.isEmpty { result.append(prefix) }
      for (name, child) in group.children.reversed() {
        if case .group(let inner) = child { stack.append((prefix.isEmpty ? name : "\(prefix).\(name)", inner)) }
      }
    }
    return result
  }
}
