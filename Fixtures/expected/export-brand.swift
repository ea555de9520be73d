// Design tokens exported by `stylist export --format swift`.

/// A colour: its DTCG colour space, components (nil: `none`) and alpha.
public struct TokenColor: Hashable, Sendable {
  public let colorSpace: Swift.String
  public let components: [Swift.Double?]
  public let alpha: Swift.Double
}

/// A length and its unit, `px` or `rem`.
public struct TokenDimension: Hashable, Sendable {
  public let value: Swift.Double
  public let unit: Swift.String
}

/// A duration, in seconds.
public struct TokenDuration: Hashable, Sendable {
  public let seconds: Swift.Double
}

/// A value of no other type: what a token of a composite type holds.
public indirect enum TokenValue: Hashable, Sendable {
  case null
  case bool(Swift.Bool)
  case int(Swift.Int)
  case double(Swift.Double)
  case string(Swift.String)
  case list([TokenValue])
  case map([TokenValueEntry])
}

/// One entry of a `TokenValue.map`, in order.
public struct TokenValueEntry: Hashable, Sendable {
  public let key: Swift.String
  public let value: TokenValue
}

/// Every variable with no theme: every axis at its default.
public enum Tokens {
  public enum color {
    public static let brand = TokenColor(colorSpace: "srgb", components: [0.8588235294117647, 0.23137254901960785, 0.23137254901960785], alpha: 1.0)
    public static let text = TokenColor(colorSpace: "srgb", components: [0.06666666666666667, 0.06666666666666667, 0.06666666666666667], alpha: 1.0)
    public static let link = TokenColor(colorSpace: "srgb", components: [0.8588235294117647, 0.23137254901960785, 0.23137254901960785], alpha: 1.0)
  }
  public static let radius = 6
  public static let border = "1px solid #DB3B3B"
}

/// What each theme changes, with every other axis at its default.
public enum TokenThemes {
  public enum light {}
  public enum dark {
    public enum color {
      public static let brand = TokenColor(colorSpace: "srgb", components: [1.0, 0.4196078431372549, 0.4196078431372549], alpha: 1.0)
      public static let text = TokenColor(colorSpace: "srgb", components: [0.9333333333333333, 0.9333333333333333, 0.9333333333333333], alpha: 1.0)
      public static let link = TokenColor(colorSpace: "srgb", components: [1.0, 0.4196078431372549, 0.4196078431372549], alpha: 1.0)
    }
    public static let border = "1px solid #FF6B6B"
  }
  public enum regular {}
  public enum compact {
    public static let radius = 4
  }
}
