/// What a query's themes come to on an index: the current theme of each
/// axis, the theme sets whose roots it walks, the values key. Worked out
/// in theme ids (`ThemeTable`), one axis or many alike.
extension StyleIndex {
  /// The options a query on this index uses under `themes`: the explicit
  /// `mode`, else the one the sheets declare, else `themed`. What the
  /// themes come to is worked out here, once, for a node without themes
  /// and for a node naming any one theme the index knows: a query looks
  /// it up (`currentThemes(_:line:)`).
  func options(themes: [String], mode: PrecedenceMode?) -> QueryOptions {
    var options = QueryOptions(themes: themes, mode: mode ?? declaredMode ?? .themed)
    let own = engineThemes(themes)
    let withNodeTheme = themeTable.themes.indices.map { index in
      [ThemeID(index)].withUnsafeBufferPointer { current(own, node: $0) { _ in "" } }
    }
    options.current = CurrentThemes(
      themes: own.themes, themeSets: own.themeSets, valuesKey: own.valuesKey, slots: own.slots,
      withNodeTheme: withNodeTheme, engineThemes: themes)
    return options
  }

  /// The themes a query runs under, in axis order: `options.themes` with
  /// `node`'s replacing them on their axes (of two on one axis, the later),
  /// and the defaults of axes left without one.
  func currentThemes(_ options: QueryOptions, node: [String]) -> CurrentThemes {
    let base = options.current ?? engineThemes(options.themes)
    if node.isEmpty { return base }
    return node.map { themeTable.id($0) }.withUnsafeBufferPointer { ids in current(base, node: ids) { node[$0] } }
  }

  /// The current themes of a line: as `currentThemes(_:node:)`, but two
  /// themes of one axis in the line are an error at the second.
  func currentThemes(_ options: QueryOptions, line: NodeLine) throws(SyntaxError) -> CurrentThemes {
    let base = options.current ?? engineThemes(options.themes)
    let parts = line.themes
    if parts.isEmpty { return base }
    if parts.count == 1, !base.withNodeTheme.isEmpty, case let id = line.themeID(of: parts[0], in: themeTable),
      id.isKnown
    {
      return base.withNodeTheme[id.index]
    }
    return try withUnsafeTemporaryAllocation(of: ThemeID.self, capacity: parts.count) {
      ids throws(SyntaxError) in
      for index in parts.indices { ids[index] = line.themeID(of: parts[index], in: themeTable) }
      let name = { (index: Int) in
        ids[index].isKnown ? themeTable.themes[ids[index].index] : line.text(of: parts[index])
      }
      for second in ids.indices.dropFirst() {
        let slot = themeTable.slot(of: ids[second])
        for first in 0..<second where themeTable.slot(of: ids[first]) == slot && name(first) != name(second) {
          let conflict = ThemeConflict(first: name(first), second: name(second), axis: axes.axisName(slot: slot))
          throw SyntaxError(conflict.description, column: parts[second].column - 1)
        }
      }
      return current(base, node: UnsafeBufferPointer(ids), name: name)
    }
  }

  /// The current themes of the engine's `themes` alone.
  private func engineThemes(_ themes: [String]) -> CurrentThemes {
    let none = CurrentThemes(
      themes: [], themeSets: [], valuesKey: .none, slots: Array(repeating: .none, count: themeTable.slotCount))
    return themes.map { themeTable.id($0) }.withUnsafeBufferPointer { ids in current(none, node: ids) { themes[$0] } }
  }

  /// `base` with the themes `node` names (ids; `name` spells the one at an
  /// index, needed for an unknown one) replacing it on their axes, the
  /// later of two on one axis, then each declared axis left without a
  /// theme at its default.
  private func current(_ base: CurrentThemes, node: UnsafeBufferPointer<ThemeID>, name: (Int) -> String)
    -> CurrentThemes
  {
    let table = themeTable
    var slots = base.slots
    var unknown = slots[table.implicitSlot] == .unknown ? base.themes.last : nil
    for index in node.indices {
      let id = node[index]
      slots[table.slot(of: id)] = id
      if !id.isKnown { unknown = name(index) }
    }
    for (slot, theme) in table.defaults.enumerated() where slots[slot] == .none { slots[slot] = theme }
    var themes: [String] = []
    for id in slots where id != .none { themes.append(id.isKnown ? table.themes[id.index] : unknown!) }
    let themeSets = trie.themeSetsByCount.filter { set in
      table.themeSets[set.index].allSatisfy { slots[table.slot(of: $0)] == $0 }
    }
    return CurrentThemes(themes: themes, themeSets: themeSets, valuesKey: table.valuesKey(slots), slots: slots)
  }
}
