import Observation

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The style engine an app keeps: the current snapshot of loaded sheets plus
/// the theme and mode that queries use by default.
///
/// Queries are thread-safe: each takes the current immutable snapshot of
/// the sheets and runs on it, so an answer never mixes two snapshots. Publishing new
/// sheets, or changing ``theme`` or ``mode``, is one atomic step, after
/// which observers hear a ``StyleUpdate`` (see ``observe(_:)``).
///
/// The engine is `Observable`: code that reads an answer, ``theme``,
/// ``mode``, ``knownThemes`` or ``themeWarning`` inside
/// `withObservationTracking` (as SwiftUI does for a view's body) is told of
/// the changes that can alter what it read, and of no others: an answer of
/// a reload, a mode change, or a theme change on an axis that can change
/// it (a themed selector for its node names the axis's themes, or its
/// values reach their variables); ``knownThemes`` of a reload alone;
/// ``themeWarning`` of a reload, a theme change or a refused
/// ``setTheme(_:onAxis:)``.
///
/// (Named `StyleEngine`, not `Stylist`, so that `Stylist.Component` names this
/// module's type in an app that has its own `Component`.)
public final class StyleEngine: Sendable, Observable {
  private struct State {
    var index: StyleIndex
    /// The outline of each sheet of the snapshot, in order.
    var outlines: [SheetOutline] = []
    /// The engine's themes, each once, sorted by name.
    var themes: [String]
    var mode: PrecedenceMode?
    /// What the index, the themes and the mode come to for a query, worked
    /// out when one of them changes.
    var options: QueryOptions
    var generation = 0
    var observers: [Int: Observer] = [:]
    var nextObserver = 0
    /// Updates published but not yet handed to observers, oldest first.
    var undelivered: [StyleUpdate] = []
    /// Whether a thread is handing `undelivered` to observers: at most one
    /// does, so observers hear updates one at a time, in order.
    var isDelivering = false
    /// Why the last `setTheme(_:onAxis:)` changed nothing: an axis no
    /// sheet declares, or a theme not on it. Cleared by the next change of
    /// the themes that is made.
    var refusedThemeRequest: SheetDiagnostic?

    /// A handler, and the generation current when it subscribed: it hears
    /// the updates after that one.
    struct Observer {
      let handler: @Sendable (StyleUpdate) -> Void
      let subscribedAt: Int
    }

    func update(_ changes: StyleUpdate.Changes) -> StyleUpdate {
      StyleUpdate(changes: changes, generation: generation, themes: themes, mode: mode)
    }
  }

  private let state: Locked<State>
  private let registrar = ObservationRegistrar()

  /// Loads `paths` as one sheet (see ``StyleSheet/init(contentsOf:options:)-(String,_)``):
  /// forwards to ``init(sheets:theme:mode:)``.
  public convenience init(
    contentsOf paths: [String], theme: String? = nil, mode: PrecedenceMode? = nil, options: LoadOptions = .init()
  ) throws(SheetLoadError) {
    self.init(sheets: [try StyleSheet(contentsOf: paths, options: options)], theme: theme, mode: mode)
  }

  /// Loads the files at `urls` as one sheet: forwards to
  /// ``init(sheets:theme:mode:)``.
  public convenience init(
    contentsOf urls: [URL], theme: String? = nil, mode: PrecedenceMode? = nil, options: LoadOptions = .init()
  ) throws(SheetLoadError) {
    self.init(sheets: [try StyleSheet(contentsOf: urls, options: options)], theme: theme, mode: mode)
  }

  /// An engine over `sheets`, in order (a later sheet's rule wins a tie),
  /// with the current `themes` (at most one per axis) and an explicit
  /// `mode` (nil: the sheets').
  public init(sheets: [StyleSheet] = [], themes: Set<String> = [], mode: PrecedenceMode? = nil) {
    let index = StyleIndex(sheets: sheets)
    let themes = themes.sorted()
    var initial = State(index: index, themes: themes, mode: mode, options: index.options(themes: themes, mode: mode))
    initial.outlines = sheets.map(\.outline)
    state = Locked(initial)
  }

  /// What each sheet of the current snapshot defines and uses, with
  /// locations (``StyleSheet/outline``), in the order the sheets were given.
  public var outlines: [SheetOutline] {
    registrar.access(self, keyPath: \.sheets)
    return state.withLock { $0.outlines }
  }

  /// An engine with one current theme, or none: forwards to
  /// ``init(sheets:themes:mode:)``.
  public convenience init(sheets: [StyleSheet] = [], theme: String?, mode: PrecedenceMode? = nil) {
    self.init(sheets: sheets, themes: Set(theme.map { [$0] } ?? []), mode: mode)
  }

  /// The themes queries use, at most one per axis (docs/SHEETS.md: Theme axes): a
  /// node's `@theme` parts replace them on their axes, and an axis with
  /// none current takes its default. Setting different themes tells
  /// observers; two themes of one axis are reported by ``themeWarning``
  /// (queries then use the one later in name order).
  public var themes: Set<String> {
    get {
      registrar.access(self, keyPath: \.themes)
      return Set(state.withLock { $0.themes })
    }
    set { change(\.themes, to: newValue.sorted(), as: .theme) }
  }

  /// The theme used when a query names none, for sheets with one axis (a
  /// node's `@theme` wins): forwards to ``themes``, of which it is the one
  /// theme, or with several the first in name order. Setting it makes it
  /// the only one.
  public var theme: String? {
    get { themes.min() }
    set { themes = Set(newValue.map { [$0] } ?? []) }
  }

  /// The theme current on the declared axis named `axis` (docs/SHEETS.md: Theme
  /// axes): the one of ``themes`` on it, else the axis's default; nil when
  /// it has neither or no loaded sheet declares the axis. Observed like
  /// ``themes``.
  public func theme(onAxis axis: String) -> String? {
    registrar.access(self, keyPath: \.sheets)
    registrar.access(self, keyPath: \.themes)
    let (index, themes) = state.withLock { ($0.index, $0.themes) }
    guard let declared = index.axes.axes.first(where: { $0.name == axis }) else { return nil }
    // With two of one axis, queries use the later in name order.
    return themes.last(where: declared.themes.contains) ?? declared.defaultTheme
  }

  /// Makes `theme` current on the declared axis named `axis` and keeps
  /// every other axis's: it replaces whichever of ``themes`` is on `axis`,
  /// and nil clears the axis, so that its default applies. One atomic
  /// change, told to observers like setting ``themes``. An axis no loaded
  /// sheet declares, or a theme that is not one of the axis's themes,
  /// changes nothing: ``themeWarning`` then says so, with the closest axis
  /// or theme as its suggestion, until the themes next change.
  public func setTheme(_ theme: String?, onAxis axis: String) {
    var refused: SheetDiagnostic?
    publish(.theme) { state in
      let axes = state.index.axes.axes
      guard let declared = axes.first(where: { $0.name == axis }) else {
        let hint = Suggestion.hint(for: axis, among: axes.map(\.name))
        refused = SheetDiagnostic(
          .warning, "setTheme(_:onAxis:) changed nothing: no loaded sheet declares axis '\(axis)'\(hint.text)",
          kind: .unknownAxis, at: Self.themesLocation, suggestion: hint.name)
        return false
      }
      if let theme, !declared.themes.contains(theme) {
        let hint = Suggestion.hint(for: theme, among: declared.themes)
        refused = SheetDiagnostic(
          .warning,
          "setTheme(_:onAxis:) changed nothing: theme '\(theme)' is not on axis '\(axis)' ("
            + declared.themes.joined(separator: ", ") + ")\(hint.text)",
          kind: .unknownTheme, at: Self.themesLocation, suggestion: hint.name)
        return false
      }
      var themes = state.themes.filter { !declared.themes.contains($0) }
      if let theme { themes.append(theme) }
      themes.sort()
      guard themes != state.themes else { return false }
      state.themes = themes
      return true
    }
    refuseThemeRequest(refused)
  }

  /// Records why a theme request changed nothing (nil: it did not fail),
  /// and tells the readers of ``themeWarning`` when that differs.
  private func refuseThemeRequest(_ refused: SheetDiagnostic?) {
    let changed = state.withLock { state in
      guard state.refusedThemeRequest != refused else { return false }
      state.refusedThemeRequest = refused
      return true
    }
    if changed { notify(\.themeRequest) }
  }

  /// An explicit precedence mode; nil means the sheets' `mode:`, else
  /// `themed`. Setting a different mode tells observers.
  public var mode: PrecedenceMode? {
    get {
      registrar.access(self, keyPath: \.mode)
      return state.withLock { $0.mode }
    }
    set { change(\.mode, to: newValue, as: .mode) }
  }

  /// The mode queries use: the explicit ``mode``, else the last sheet's
  /// `mode:`, else `themed`.
  public var effectiveMode: PrecedenceMode {
    registrar.access(self, keyPath: \.sheets)
    registrar.access(self, keyPath: \.mode)
    return state.withLock { $0.options.mode }
  }

  /// Every theme the sheets mention: listed by `axes:`, declared in
  /// `themes:` blocks, then named by selectors, each once.
  public var knownThemes: [String] { index.themes }

  /// A warning for a theme no loaded sheet mentions, located at `location`,
  /// with the closest mentioned theme suggested; nil when the theme is
  /// mentioned. Such a theme is allowed (its selectors simply never apply);
  /// the warning catches typos such as `--theme drak`.
  public func unknownThemeWarning(_ theme: String, at location: SourceLocation) -> SheetDiagnostic? {
    unknownThemeWarning(theme, known: knownThemes, at: location)
  }

  func unknownThemeWarning(_ theme: String, known: [String], at location: SourceLocation) -> SheetDiagnostic? {
    guard let (message, suggestion) = ThemeNames.unknownTheme(theme, known: known) else { return nil }
    return SheetDiagnostic(.warning, message, kind: .unknownTheme, at: location, suggestion: suggestion)
  }

  /// The warning about the current ``themes``: why the last
  /// ``setTheme(_:onAxis:)`` changed nothing (until the themes next
  /// change), a theme that no loaded sheet mentions
  /// (``unknownThemeWarning(_:at:)``), or two on one axis; nil when there
  /// is nothing to say. Setting such themes is allowed, as on
  /// the command line (a theme no sheet mentions simply never applies).
  /// This is where an app sees the typo; it changes with the themes and
  /// the sheets, and is observable like them.
  ///
  /// It is located at ``themesLocation``, `StyleEngine.themes` with no
  /// line: the property that ``theme``, ``themes`` and
  /// ``setTheme(_:onAxis:)`` all set, not a file.
  public var themeWarning: SheetDiagnostic? {
    registrar.access(self, keyPath: \.sheets)
    registrar.access(self, keyPath: \.themes)
    registrar.access(self, keyPath: \.themeRequest)
    let (index, themes, refused) = state.withLock { ($0.index, $0.themes, $0.refusedThemeRequest) }
    if let refused { return refused }
    let location = Self.themesLocation
    for theme in themes {
      if let warning = unknownThemeWarning(theme, known: index.themes, at: location) { return warning }
    }
    guard let conflict = index.axes.conflict(in: themes) else { return nil }
    return SheetDiagnostic(.warning, conflict.description, kind: .themeConflict, at: location)
  }

  /// Where ``themeWarning`` is located: the engine's ``themes``
  /// property, named as a whole input is (`StyleEngine.themes`, no line or
  /// column), so a printed warning says where the theme came from.
  public static let themesLocation = SourceLocation(wholeOf: "StyleEngine.themes")

  /// The axes the loaded sheets declare, in order of first declaration.
  public var axes: [ThemeAxis] { index.axes.axes }

  /// `themes` as a set in axis order (the loaded sheets' axes, then the
  /// axis of unlisted themes): the key ``Style/properties(under:)`` takes,
  /// spelled as image names and messages spell it.
  public func themeSet(_ themes: [String]) -> ThemeSet { index.axes.themeSet(themes) }

  /// Two themes of one axis among `themes`, or nil: what the command line
  /// refuses in `--theme` (and ``checkNode(parsing:)`` in a node; a query
  /// keeps the later of the two).
  public func themeConflict(in themes: [String]) -> ThemeConflict? {
    index.axes.conflict(in: themes)
  }

  /// The current snapshot of the sheets, for what depends on them alone
  /// (the themes and axes they declare).
  var index: StyleIndex {
    registrar.access(self, keyPath: \.sheets)
    return state.withLock { $0.index }
  }

  /// Observation's key path for the published sheets: every reload
  /// changes it.
  private var sheets: Void { () }

  /// Observation's key path for why the last theme request changed nothing.
  private var themeRequest: Void { () }

  /// Observation's key path for the current theme of the axis whose bit
  /// is `bit` (`AxisMask`): a theme change changes those of the axes whose
  /// theme it changes.
  private subscript(axis bit: Int) -> Void { () }

  /// The index and query options of this moment, for a query that may
  /// depend on all of them: every answer of one call comes from one
  /// snapshot (`AnswerWriter.Snapshot` keeps one for a block of lines).
  var snapshot: (index: StyleIndex, options: QueryOptions) {
    registrar.access(self, keyPath: \.sheets)
    registrar.access(self, keyPath: \.themes)
    registrar.access(self, keyPath: \.mode)
    return state.withLock { ($0.index, $0.options) }
  }

  /// The index and query options of this moment, for a query that
  /// registers what its answer depends on (`observed(_:on:)`).
  private var unobservedSnapshot: (index: StyleIndex, options: QueryOptions) {
    state.withLock { ($0.index, $0.options) }
  }

  /// `answer`, registered for Observation by what can change it: a reload,
  /// a mode change, and a theme change on an axis whose theme can change
  /// which rule wins for its node or the values of what it holds
  /// (`AnswerAxes`); not a theme change elsewhere.
  private func observed(_ answer: Resolution, on index: StyleIndex) -> Resolution {
    registrar.access(self, keyPath: \.sheets)
    registrar.access(self, keyPath: \.mode)
    for bit in index.axes(changing: answer).bitIndices { registrar.access(self, keyPath: \.[axis: bit]) }
    return answer
  }

  /// A query of text on the current snapshot, observed as its answer
  /// reads; a node that does not parse fails again whatever changes but
  /// the sheets.
  private func observedQuery(
    _ query: (StyleIndex, QueryOptions) throws(SyntaxError) -> Resolution
  ) throws(SyntaxError) -> Resolution {
    let (index, options) = unobservedSnapshot
    do {
      return observed(try query(index, options), on: index)
    } catch {
      registrar.access(self, keyPath: \.sheets)
      throw error
    }
  }

  /// The style that wins for `node` (the precedence rules), or the default style.
  public func bestMatch(for node: NodeIdentifier) -> Resolution {
    let (index, options) = unobservedSnapshot
    return observed(index.bestMatch(for: node, options: options), on: index)
  }

  /// ``bestMatch(for:)`` for a node identifier given as text, parsed as
  /// ``NodeIdentifier/init(parsing:)`` parses it (the same errors), with
  /// no identifier built: the query for text read at run time.
  public func bestMatch(parsing text: String) throws(SyntaxError) -> Resolution {
    try observedQuery { index, options throws(SyntaxError) in try index.bestMatch(text: text, options: options) }
  }

  /// Every applicable rule's properties merged, weakest first, so the
  /// strongest rule's value wins each property.
  public func cascade(for node: NodeIdentifier) -> Resolution {
    let (index, options) = unobservedSnapshot
    return observed(index.cascade(for: node, options: options), on: index)
  }

  /// ``cascade(for:)`` for a node identifier given as text (see
  /// ``bestMatch(parsing:)``).
  public func cascade(parsing text: String) throws(SyntaxError) -> Resolution {
    try observedQuery { index, options throws(SyntaxError) in try index.cascade(text: text, options: options) }
  }

  /// Every selector that could style `node` (its token, `*` or a glob
  /// token, under any theme), as `explain` lists them: the applicable ones
  /// best first with their specificity, then the others in load order with
  /// the reason each does not apply. Forwards to ``explain(_:)``.
  public func rankedCandidates(for node: NodeIdentifier) -> [Candidate] { explain(node).candidates }

  /// What `explain` says about `node`, from one snapshot: every selector
  /// that could style it, ranked or with the reason it does not apply
  /// (``Explanation/candidates``), its answer (``bestMatch(for:)``) and
  /// the mode they were ranked by.
  public func explain(_ node: NodeIdentifier) -> Explanation {
    let (index, options) = snapshot
    return Explanation(
      candidates: index.rankedCandidates(for: node, options: options),
      answer: index.bestMatch(for: node, options: options), mode: options.mode)
  }

  /// Resolves every atom of `tree`; the tree's themes apply unless the
  /// engine has some set explicitly.
  public func resolve(_ tree: StyleTree) -> [Resolution] {
    var (index, options) = snapshot
    if options.themes.isEmpty { options = index.options(themes: tree.themes, mode: options.mode) }
    return tree.identifiers.map { index.bestMatch(for: $0, options: options) }
  }

  /// The image asset names to try for `node`, most specific first.
  public func imageNames(for node: NodeIdentifier, options imageOptions: ImageNameOptions = .init()) -> ImageNames {
    let (index, options) = snapshot
    let themes = index.currentThemes(options, node: node.themes).themes
    return ImageNames(node: node, themes: themes, mode: options.mode, options: imageOptions)
  }

  /// Publishes a snapshot of `sheets`, then tells observers.
  public func replace(with sheets: [StyleSheet]) {
    let index = StyleIndex(sheets: sheets)
    let outlines = sheets.map(\.outline)
    publish(.snapshot) { state in
      state.index = index
      state.outlines = outlines
      return true
    }
  }

  /// Loads `paths` as one sheet and publishes it (forwards to
  /// ``replace(with:)``). On any error it throws and the current snapshot
  /// stays: a failed reload changes nothing.
  public func reload(contentsOf paths: [String], options: LoadOptions = .init()) throws(SheetLoadError) {
    replace(with: [try StyleSheet(contentsOf: paths, options: options)])
  }

  /// Loads the files at `urls` as one sheet and publishes it (forwards to
  /// ``replace(with:)``); see
  /// ``reload(contentsOf:options:)-([String],_)``.
  public func reload(contentsOf urls: [URL], options: LoadOptions = .init()) throws(SheetLoadError) {
    replace(with: [try StyleSheet(contentsOf: urls, options: options)])
  }

  /// Calls `handler` with every update (new snapshot, theme or mode) made
  /// after this call, until the token is cancelled or released. Updates made
  /// before it, even those still on their way to other observers, are not
  /// handed to it.
  ///
  /// Updates reach observers one at a time, in the order they were made,
  /// never two at once. They are delivered on the thread that made a change,
  /// after the change is published and outside the engine's lock: when two
  /// threads change the engine together, the one already delivering hands
  /// over both updates in order, and the other returns at once. A handler
  /// may query the engine or change it; its change is delivered after the
  /// current update.
  public func observe(_ handler: @escaping @Sendable (StyleUpdate) -> Void) -> ObservationToken {
    let id = state.withLock { state in
      let id = state.nextObserver
      state.nextObserver += 1
      state.observers[id] = State.Observer(handler: handler, subscribedAt: state.generation)
      return id
    }
    return ObservationToken { [weak self] in
      _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
    }
  }

  /// Every update made after this sequence is made, for Swift concurrency:
  /// the same updates, in the same order, as ``observe(_:)``. Nothing is
  /// dropped; the sequence ends when the task iterating it is cancelled.
  public var updates: AsyncStream<StyleUpdate> {
    AsyncStream { continuation in
      let token = observe { continuation.yield($0) }
      continuation.onTermination = { _ in token.cancel() }
    }
  }

  /// Sets one setting and tells observers, unless it already had that value.
  private func change<Value: Equatable>(
    _ setting: WritableKeyPath<State, Value>, to value: Value, as kind: StyleUpdate.Changes
  ) {
    publish(kind) { state in
      guard state[keyPath: setting] != value else { return false }
      state[keyPath: setting] = value
      return true
    }
  }

  /// Applies `change` under the lock; when it changed something, records
  /// the update and hands it to observers unless another thread is already
  /// handing over updates (it will hand over this one too).
  private func publish(_ kind: StyleUpdate.Changes, _ change: (inout State) -> Bool) {
    let (changed, mustDeliver, changedAxes) = state.withLock { state in
      let before = state.options.current?.slots
      guard change(&state) else { return (false, false, AxisMask()) }
      state.options = state.index.options(themes: state.themes, mode: state.mode)
      let changedAxes = Self.axes(changedFrom: before, to: state.options.current?.slots)
      state.generation += 1
      state.undelivered.append(state.update(kind))
      guard !state.isDelivering else { return (true, false, changedAxes) }
      state.isDelivering = true
      return (true, true, changedAxes)
    }
    guard changed else { return }
    if kind.contains(.theme) { refuseThemeRequest(nil) }
    tellObservation(kind, changedAxes: changedAxes)
    guard mustDeliver else { return }
    while let (update, observers) = nextDelivery() {
      for observer in observers { observer(update) }
    }
  }

  /// The axes whose current theme differs between two query options'
  /// themes by slot (`CurrentThemes.slots`); every axis when either is unknown.
  private static func axes(changedFrom before: [ThemeID]?, to after: [ThemeID]?) -> AxisMask {
    guard let before, let after, before.count == after.count else { return .all }
    var mask = AxisMask()
    for slot in before.indices where before[slot] != after[slot] { mask.insert(slot: slot) }
    return mask
  }

  /// Tells Observation's trackers of what `kind` changed, once it is
  /// published (so a tracker that reads again sees the new state) and
  /// outside the lock (so it may read); a theme change tells the axes whose
  /// current theme it changed. (A reload tells every answer through the sheets.)
  private func tellObservation(_ kind: StyleUpdate.Changes, changedAxes: AxisMask) {
    if kind.contains(.snapshot) { notify(\.sheets) }
    if kind.contains(.theme) {
      notify(\.themes)
      for bit in changedAxes.bitIndices { notify(\.[axis: bit]) }
    }
    if kind.contains(.mode) { notify(\.mode) }
  }

  private func notify<Member>(_ keyPath: KeyPath<StyleEngine, Member>) {
    registrar.willSet(self, keyPath: keyPath)
    registrar.didSet(self, keyPath: keyPath)
  }

  /// The oldest undelivered update and the observers to tell, or nil (and
  /// delivery over) when every update has been handed over.
  private func nextDelivery() -> (StyleUpdate, [@Sendable (StyleUpdate) -> Void])? {
    state.withLock { state in
      guard !state.undelivered.isEmpty else {
        state.isDelivering = false
        return nil
      }
      let update = state.undelivered.removeFirst()
      let listening = state.observers.filter { $0.value.subscribedAt < update.generation }
      return (update, listening.sorted { $0.key < $1.key }.map(\.value.handler))
    }
  }
}
