/// The queries an error is found under, axis by axis (the declared axes in
/// order, then the axis of unlisted themes): on each, the themes a query
/// there has, or any. An evaluation under a set of themes stands for every
/// query that agrees with it on what the failing value reached
/// (`ThemeAxes.region(of:reaching:)`), so that a message names the themes
/// that make a reference fail and no others (docs/DECISIONS.md: Sheets).
struct QueryRegion {
  /// One axis's part of a region.
  enum Values: Equatable {
    /// Any theme of the axis, or none.
    case any
    /// These themes (in axis order for a declared axis), and no theme when `none`.
    case only([String], none: Bool)
    /// Any theme of the axis of unlisted themes but these, or none: that
    /// axis's themes are every name a query may give.
    case except([String])
  }

  /// By axis slot (`ThemeAxes.slot(of:)`).
  private(set) var values: [Values]
  /// The axes the slots are of.
  private let plan: ThemeAxes

  fileprivate init(values: [Values], plan: ThemeAxes) {
    self.values = values
    self.plan = plan
  }

  /// Whether every query of `self` is one of `other`'s.
  func isInside(_ other: QueryRegion) -> Bool {
    zip(values, other.values).allSatisfy { mine, theirs in
      switch (mine, theirs) {
      case (_, .any): true
      case (.any, _), (.except, .only): false
      case (.only(let themes, let none), .only(let others, let otherNone)):
        (!none || otherNone) && themes.allSatisfy(others.contains)
      case (.only(let themes, _), .except(let others)): !themes.contains(where: others.contains)
      case (.except(let themes), .except(let others)): others.allSatisfy(themes.contains)
      }
    }
  }

  /// Whether the query of current themes `set` is one of `self`'s.
  func contains(_ set: ThemeSet) -> Bool {
    values.enumerated().allSatisfy { slot, value in
      let theme = set.themes.first { plan.slot(of: $0) == slot }
      switch value {
      case .any: return true
      case .only(let themes, let none): return theme.map(themes.contains) ?? none
      case .except(let themes): return !(theme.map(themes.contains) ?? false)
      }
    }
  }

  /// The queries of `self` and of `other` as one region, when they are
  /// one: the same on every axis but one at most.
  func union(_ other: QueryRegion) -> QueryRegion? {
    if isInside(other) { return other }
    if other.isInside(self) { return self }
    let differing = values.indices.filter { values[$0] != other.values[$0] }
    guard differing.count == 1, let slot = differing.first else { return nil }
    var joined = self
    switch (values[slot], other.values[slot]) {
    case (.only(let themes, let none), .only(let others, let otherNone)):
      joined.values[slot] = plan.normalized(
        themes + others.filter { !themes.contains($0) }, none: none || otherNone, slot)
    case (.except(let left), .except(let right)):
      joined.values[slot] = Self.except(left.filter(right.contains))
    case (.except(let excluded), .only(let themes, _)), (.only(let themes, _), .except(let excluded)):
      joined.values[slot] = Self.except(excluded.filter { !themes.contains($0) })
    default: return nil
    }
    return joined
  }

  /// What a message says of the region: `under theme 'dark'`, `under
  /// themes 'dark' and 'compact'`, `under theme 'dark' or 'dim'`, `under
  /// no theme of axis 'density'`; empty when it is every query a value can
  /// have on the axes it names. An axis that allows no theme and some
  /// others is not named: there, no theme is the usual case. `onlyNone` is
  /// whether what it names is no theme of axes alone. `namingEveryAxis`
  /// names such an axis too: `theme 'light' or no theme of axis 'appearance'`.
  func phrase(namingEveryAxis: Bool = false) -> (text: String, onlyNone: Bool) {
    var pieces: [String] = []
    var single = true
    var onlyNone = true
    for (slot, value) in values.enumerated() {
      if case .except(let themes) = value {
        pieces.append(
          themes.count == 1
            ? "no theme '\(themes[0])'" : "none of themes " + themes.map { "'\($0)'" }.joined(separator: ", "))
        single = false
        onlyNone = false
        continue
      }
      guard case .only(let themes, let none) = value else { continue }
      if none, namingEveryAxis, !themes.isEmpty, slot < plan.axes.count {
        pieces.append(
          "theme " + themes.map { "'\($0)'" }.joined(separator: " or ")
            + " or no theme of axis '\(plan.axes[slot].name)'")
        single = false
        onlyNone = false
        continue
      }
      if none {
        guard themes.isEmpty, slot < plan.axes.count else { continue }
        pieces.append("no theme of axis '\(plan.axes[slot].name)'")
        single = false
        continue
      }
      guard !themes.isEmpty else { continue }
      onlyNone = false
      if themes.count > 1 { single = false }
      pieces.append("theme " + themes.map { "'\($0)'" }.joined(separator: " or "))
    }
    guard !pieces.isEmpty else { return ("", true) }
    if single && pieces.count > 1 {
      return (" under themes " + pieces.map { $0.dropFirst("theme ".count) }.joined(separator: " and "), false)
    }
    return (" under " + pieces.joined(separator: " and "), onlyNone)
  }

  /// Every theme but `themes`: `.any` when that is none.
  private static func except(_ themes: [String]) -> Values { themes.isEmpty ? .any : .except(themes) }

  /// `self` without the queries that name one of `themes` on the axis of
  /// unlisted themes, where it allows any.
  func excludingUnlisted(_ themes: [String]) -> QueryRegion {
    guard !themes.isEmpty, case .any = values[plan.axes.count] else { return self }
    var narrowed = self
    narrowed.values[plan.axes.count] = .except(themes)
    return narrowed
  }

  /// `regions` joined where they make one region, until none do.
  static func merged(_ regions: [QueryRegion]) -> [QueryRegion] {
    var regions = regions
    var joinedSome = true
    while joinedSome {
      joinedSome = false
      search: for first in regions.indices {
        for second in regions.indices.dropFirst(first + 1) {
          guard let joined = regions[first].union(regions[second]) else { continue }
          regions[first] = joined
          regions.remove(at: second)
          joinedSome = true
          break search
        }
      }
    }
    return regions
  }
}

extension ThemeAxes {
  /// The queries an evaluation under `set` stands for, where what failed
  /// reached the variables of `reached`: on an axis `set` names, its
  /// theme; on another, every theme that changes none of it (and no theme,
  /// when the axis has no default). The axis of unlisted themes is open:
  /// there, only a theme `set` names restricts it.
  func region(of set: ThemeSet, reaching reached: Set<String>) -> QueryRegion {
    var values: [QueryRegion.Values] = []
    values.reserveCapacity(axes.count + 1)
    for (slot, axis) in axes.enumerated() {
      if let theme = set.themes.first(where: { self.slot(of: $0) == slot }) {
        values.append(.only([theme], none: false))
      } else {
        values.append(normalized(axis.themes.filter { !reached.contains($0) }, none: axis.defaultTheme == nil, slot))
      }
    }
    let unlisted = set.themes.first { slot(of: $0) == axes.count }
    values.append(unlisted.map { .only([$0], none: false) } ?? .any)
    return QueryRegion(values: values, plan: self)
  }

  /// `themes` (and no theme, when `none`) on the axis at `slot`, in its
  /// order: `.any` when that is every choice the axis has.
  fileprivate func normalized(_ themes: [String], none: Bool, _ slot: Int) -> QueryRegion.Values {
    guard slot < axes.count else { return .only(themes, none: none) }
    let axis = axes[slot]
    let ordered = axis.themes.filter(themes.contains)
    if ordered.count == axis.themes.count && (none || axis.defaultTheme != nil) { return .any }
    return .only(ordered, none: none)
  }
}
