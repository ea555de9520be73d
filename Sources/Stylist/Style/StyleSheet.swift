/// A loaded style sheet: rules in load order (imports first), an optional
/// default style and an optional precedence mode.
public struct StyleSheet: Sendable {
  public var rules: [StyleRule]
  public var defaultStyle: Style?
  public var mode: PrecedenceMode?

  public init(rules: [StyleRule], defaultStyle: Style? = nil, mode: PrecedenceMode? = nil) {
    self.rules = rules
    self.defaultStyle = defaultStyle
    self.mode = mode
  }
}
