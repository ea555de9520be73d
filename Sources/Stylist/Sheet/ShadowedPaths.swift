/// Entries of a style body (by position) that reached a variable some theme
/// shadows; past the 63rd, all of them count as reaching one.
struct ShadowedEntries {
  private var bits: UInt64 = 0

  mutating func insert(_ position: Int) { bits |= 1 << UInt64(min(position, 63)) }
  func contains(_ position: Int) -> Bool { bits & 1 << UInt64(min(position, 63)) != 0 }
}

/// The variable paths whose values can change with the current themes, and
/// with which themes: a path a theme defines (`colors.text`), one inside
/// it, or a map holding one (`colors`). An evaluation notes these themes as
/// it looks variables up (`ValueEvaluator.reached`), and a body is
/// evaluated again only under the sets of themes it reached.
///
/// A theme's value that refers to other variables (`text: $palette.ink`)
/// changes with whatever changes those, under any set of themes: a theme of
/// another axis that defines `palette.ink` changes it too. So each theme's
/// path also counts the themes its references reach, through global and
/// themed definitions alike, to a fixed point (cycles included: a cycle
/// that forms only when two themes are current is then evaluated, and found).
struct ShadowedPaths {
  /// The themes whose own leaves are at, inside or around each path.
  private var defining = PathThemes()
  /// The themes their values' references reach, by the same paths.
  private var reaching = PathThemes()
  /// The themes with variables, in load order.
  private var names: [String] = []
  /// The themes an `axes:` entry lists.
  private var listed: Set<String> = []

  init() {}

  /// The leaves of each theme's `variables:` block over the `global` variables;
  /// `listed`: the themes `axes:` entries list.
  init(global: VariableTree, themes: [(name: String, variables: VariableTree)], listed: Set<String>) {
    names = themes.map(\.name)
    self.listed = listed
    var themedLeaves: [(path: String, references: [String])] = []
    for (name, tree) in themes {
      for (path, leaf) in tree.leaves {
        defining.note(path, changingWith: [name])
        if !leaf.references.isEmpty { themedLeaves.append((path, leaf.references)) }
      }
    }
    guard !themedLeaves.isEmpty else { return }
    let reach = ReferenceReach(
      trees: [global] + themes.map(\.variables), defining: defining, from: themedLeaves.flatMap(\.references))
    for (path, references) in themedLeaves {
      let through = reach.themes(changingAny: references)
      if !through.isEmpty { reaching.note(path, changingWith: through) }
    }
  }

  /// The themes that define `name` again, one inside it, or one holding it,
  /// and those that change what their definitions refer to.
  func themes(shadowing name: String) -> Set<String> {
    guard !names.isEmpty else { return [] }
    let (defined, reached) = (defining.themes(of: name), reaching.themes(of: name))
    return reached.isEmpty ? defined : defined.union(reached)
  }

  /// The themes on declared axes that define `name` (or a map holding
  /// it), in their order: where a variable unknown without a theme is known.
  /// (The implicit axis has no default: there, no theme is the usual case.)
  func listedThemes(defining name: String) -> [String] {
    let defining = defining.themes(of: name)
    return names.filter { defining.contains($0) && listed.contains($0) }
  }
}

/// Themes by variable path: a path a theme's leaf is at (`colors.text`),
/// a path inside one, or a map holding one (`colors`).
private struct PathThemes {
  private var defined: [String: Set<String>] = [:]
  private var holding: [String: Set<String>] = [:]

  mutating func note(_ path: String, changingWith themes: Set<String>) {
    defined[path, default: []].formUnion(themes)
    var prefix = Substring(path)
    while let dot = prefix.lastIndex(of: ".") {
      prefix = prefix[..<dot]
      holding[String(prefix), default: []].formUnion(themes)
    }
  }

  /// The themes noted at `name`, inside it, or at a map holding it.
  func themes(of name: String) -> Set<String> {
    guard !defined.isEmpty else { return [] }
    var themes = defined[name] ?? []
    if let held = holding[name] { themes = themes.isEmpty ? held : themes.union(held) }
    var prefix = Substring(name)
    while let dot = prefix.lastIndex(of: ".") {
      prefix = prefix[..<dot]
      guard let outer = defined[String(prefix)] else { continue }
      if themes.isEmpty { themes = outer } else if !themes.isSuperset(of: outer) { themes.formUnion(outer) }
    }
    return themes
  }
}

/// The themes that can change a variable's value under some set of current
/// themes: those that define it, and those that change any variable one of
/// its definitions refers to.
private struct ReferenceReach {
  /// Each path reached from the starting names: the themes that change
  /// it, and the paths its definitions refer to.
  private var paths: [String: (themes: Set<String>, references: [String])] = [:]

  /// `trees`: the global variables, then each theme's; `names`: where the
  /// references start.
  init(trees: [VariableTree], defining: PathThemes, from names: [String]) {
    discover(names, in: trees, defining: defining)
    settle()
  }

  /// The themes that change any of `names` (among those it started from).
  func themes(changingAny names: [String]) -> Set<String> {
    var themes: Set<String> = []
    for name in names { themes.formUnion(paths[name]?.themes ?? []) }
    return themes
  }

  /// Adds `names` and every path their definitions refer to, in any tree.
  private mutating func discover(_ names: [String], in trees: [VariableTree], defining: PathThemes) {
    var pending = names
    while let name = pending.popLast() {
      guard paths[name] == nil else { continue }
      var references: [String] = []
      let path = name.split(separator: ".", omittingEmptySubsequences: false)
      for tree in trees {
        guard let found = tree.lookup(path) else { continue }
        for (_, leaf) in found.leaves { references += leaf.references }
      }
      paths[name] = (defining.themes(of: name), references)
      pending += references.filter { paths[$0] == nil }
    }
  }

  /// Spreads themes from each path to the paths that refer to it, along a
  /// worklist: a path goes back on it only when its themes grew, so the
  /// work is bounded by the references times the themes.
  private mutating func settle() {
    var referrers: [String: [String]] = [:]
    for (name, entry) in paths {
      for reference in entry.references { referrers[reference, default: []].append(name) }
    }
    var pending = paths.filter { !$0.value.themes.isEmpty }.map(\.key)
    while let name = pending.popLast() {
      let themes = paths[name]!.themes
      for referrer in referrers[name] ?? [] where !paths[referrer]!.themes.isSuperset(of: themes) {
        paths[referrer]!.themes.formUnion(themes)
        pending.append(referrer)
      }
    }
  }
}
