/// A change to a ``StyleEngine``, as observers hear it: what changed and the
/// engine's state right after that change.
public struct StyleUpdate: Sendable, CustomStringConvertible {
  /// What an update changed.
  public struct Changes: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The set's bits.
    public let rawValue: Int
    /// A set from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// New sheets were published (`replace`, `reload`, a watched save).
    public static let snapshot = Changes(rawValue: 1 << 0)
    /// The engine's ``StyleEngine/theme`` changed.
    public static let theme = Changes(rawValue: 1 << 1)
    /// The engine's ``StyleEngine/mode`` changed.
    public static let mode = Changes(rawValue: 1 << 2)

    /// The names of the changes in the set: `[snapshot, theme]`.
    public var description: String {
      let names = [(Changes.snapshot, "snapshot"), (.theme, "theme"), (.mode, "mode")]
      return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
  }

  /// What this update changed.
  public let changes: Changes
  /// Counts the engine's changes: each update's is one more than the one
  /// before, so an observer can tell the latest of two answers it holds.
  public let generation: Int
  /// The engine's themes after the change, sorted by name.
  public let themes: [String]
  /// The engine's theme after the change (with several, the first by
  /// name): forwards to ``themes``.
  public var theme: String? { themes.first }
  /// The engine's explicit mode after the change.
  public let mode: PrecedenceMode?

  /// `update 3 [theme]: theme dark, mode from the sheets` (`themes dark,
  /// compact` for several).
  public var description: String {
    let themeText = themes.count > 1 ? "themes " + themes.joined(separator: ", ") : "theme \(theme ?? "none")"
    return "update \(generation) \(changes): \(themeText), mode \(mode?.rawValue ?? "from the sheets")"
  }
}

/// Keeps an observation alive: cancelling the token, or releasing the last
/// reference to it, stops the calls. (An update already being delivered on
/// another thread may still reach the handler once.)
public final class ObservationToken: Sendable {
  private let onCancel: @Sendable () -> Void

  init(_ onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }

  deinit { onCancel() }

  /// Stops the observation; cancelling twice does nothing more.
  public func cancel() { onCancel() }
}
