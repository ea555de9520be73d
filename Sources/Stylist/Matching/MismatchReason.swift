/// Why a selector with a fitting token does not apply to a node (for `explain`).
public enum MismatchReason: Hashable, Sendable, CustomStringConvertible {
  /// The selector is for another theme than the current one.
  case theme(required: String, current: String?)
  /// The token pattern does not match the node's token.
  case token
  /// No node component has this component's name.
  case missingComponent(SelectorComponent)
  /// Node components have the name, but none has a fitting variant.
  case variant(SelectorComponent)
  /// Every component fits somewhere, but not in this order.
  case order
  /// It would apply but for a `>` (direct child or root) constraint.
  case directChild

  /// The reason as `explain` prints it.
  public var description: String {
    switch self {
    case .theme(let required, let current):
      "needs theme '\(required)', current theme is \(current.map { "'\($0)'" } ?? "none")"
    case .token: "token does not match"
    case .missingComponent(let component): "no component matches '\(component)'"
    case .variant(let component): "no component has the variant of '\(component)'"
    case .order: "components are not in this order in the node"
    case .directChild: "a '>' constraint is not met"
    }
  }

  /// A short machine-readable kind, for JSON output.
  public var kind: String {
    switch self {
    case .theme: "theme"
    case .token: "token"
    case .missingComponent: "component"
    case .variant: "variant"
    case .order: "order"
    case .directChild: "direct-child"
    }
  }
}

extension StyleSelector {
  /// Why this selector does not apply to `node` under `theme`, or nil if
  /// it does: forwards to ``mismatch(on:themes:)``.
  public func mismatch(on node: NodeIdentifier, theme current: String?) -> MismatchReason? {
    mismatch(on: node, themes: current.map { [$0] } ?? [])
  }

  /// Why this selector does not apply to `node` while `themes` are
  /// current, or nil if it does.
  public func mismatch(on node: NodeIdentifier, themes current: [String]) -> MismatchReason? {
    StyleIndex(rules: [StyleRule(self, [:])]).mismatch(of: 0, on: node, themes: current)
  }

  /// The specificity of this selector on `node` when its token and path
  /// apply (its theme not considered), else nil.
  public func specificity(on node: NodeIdentifier) -> Specificity? {
    StyleIndex(rules: [StyleRule(self, [:])])
      .applicableMatches(for: node, options: QueryOptions(themes: themes)).first?.specificity
  }
}
