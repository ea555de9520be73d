/// The style engine: the current snapshot of loaded sheets plus the theme and
/// mode queries use by default.
///
/// Queries are thread-safe: each takes the current immutable `StyleIndex` and
/// runs on it, so an answer never mixes two snapshots. Replacing the sheets
/// publishes a new snapshot atomically and then tells observers.
public final class Stylist: Sendable {
  private struct State {
    var index: StyleIndex
    var theme: String?
    var mode: PrecedenceMode?
    var observers: [Int: @Sendable (StyleIndex) -> Void] = [:]
    var nextObserver = 0
  }

  private let state: Locked<State>

  /// Loads `paths` as one sheet (see `StyleSheet(contentsOf:)`).
  public convenience init(
    contentsOf paths: [String], theme: String? = nil, mode: PrecedenceMode? = nil, options: LoadOptions = .init()
  ) throws(SheetLoadError) {
    self.init(sheets: [try StyleSheet(contentsOf: paths, options: options)], theme: theme, mode: mode)
  }

  public init(sheets: [StyleSheet] = [], theme: String? = nil, mode: PrecedenceMode? = nil) {
    state = Locked(State(index: StyleIndex(sheets: sheets), theme: theme, mode: mode))
  }

  public init(index: StyleIndex, theme: String? = nil, mode: PrecedenceMode? = nil) {
    state = Locked(State(index: index, theme: theme, mode: mode))
  }

  /// The current snapshot.
  public var index: StyleIndex { state.withLock { $0.index } }

  /// The theme used when a query names none (a node's `@theme` wins).
  public var theme: String? {
    get { state.withLock { $0.theme } }
    set { state.withLock { $0.theme = newValue } }
  }

  /// An explicit mode; nil means the sheets' mode, else `themed`.
  public var mode: PrecedenceMode? {
    get { state.withLock { $0.mode } }
    set { state.withLock { $0.mode = newValue } }
  }

  /// The snapshot and the options a query made now would use.
  public var current: (index: StyleIndex, options: QueryOptions) {
    state.withLock { state in
      (state.index, QueryOptions(theme: state.theme, mode: state.mode ?? state.index.declaredMode ?? .themed))
    }
  }

  public func bestMatch(for node: NodeIdentifier) -> Resolution {
    let (index, options) = current
    return index.bestMatch(for: node, options: options)
  }

  public func matches(for node: NodeIdentifier) -> [Candidate] {
    let (index, options) = current
    return index.matches(for: node, options: options)
  }

  public func cascade(for node: NodeIdentifier) -> Resolution {
    let (index, options) = current
    return index.cascade(for: node, options: options)
  }

  /// Resolves every atom of `tree`; the tree's theme applies unless the
  /// stylist has one set explicitly.
  public func resolve(_ tree: StyleTree) -> [Resolution] {
    var (index, options) = current
    if options.theme == nil { options.theme = tree.theme }
    return tree.identifiers.map { index.bestMatch(for: $0, options: options) }
  }

  public func imageNames(for node: NodeIdentifier, options imageOptions: ImageNameOptions = .init()) -> ImageNames {
    let (_, options) = current
    return ImageNames(node: node, theme: node.theme ?? options.theme, mode: options.mode, options: imageOptions)
  }

  /// Publishes a new snapshot, then tells observers.
  public func replace(with index: StyleIndex) {
    let observers = state.withLock { state in
      state.index = index
      return Array(state.observers.values)
    }
    for observer in observers { observer(index) }
  }

  public func replace(with sheets: [StyleSheet]) { replace(with: StyleIndex(sheets: sheets)) }

  /// Loads `paths` as one sheet and publishes it. On any error it throws and
  /// the current snapshot stays: a failed reload changes nothing.
  public func reload(contentsOf paths: [String], options: LoadOptions = .init()) throws(SheetLoadError) {
    let sheet = try StyleSheet(contentsOf: paths, options: options)
    replace(with: [sheet])
  }

  /// Calls `handler` with every new snapshot until the token is cancelled.
  @discardableResult
  public func observe(_ handler: @escaping @Sendable (StyleIndex) -> Void) -> ObservationToken {
    let id = state.withLock { state in
      let id = state.nextObserver
      state.nextObserver += 1
      state.observers[id] = handler
      return id
    }
    return ObservationToken { [weak self] in
      _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
    }
  }
}

/// Stops an observation when cancelled.
public final class ObservationToken: Sendable {
  private let onCancel: @Sendable () -> Void
  init(_ onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }
  public func cancel() { onCancel() }
}
