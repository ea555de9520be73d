/// A tree's answers under several sets of themes, side by side: what
/// `stylist preview` draws, one column per ``PreviewColumn``.
///
/// Every answer is the engine's own (``StyleEngine/resolve(_:)``'s query,
/// under the column's themes instead of the engine's), so a preview shows
/// exactly what `resolve` prints for each column.
public struct Preview: Sendable {
  /// Whether an atom's answer is the same in every column.
  public enum Agreement: Hashable, Sendable {
    /// The same winner, source and properties in every column.
    case same
    /// At least two columns answer differently.
    case differs
  }

  /// One atom of the tree with its answer in each column.
  public struct Atom: Sendable {
    /// The atom's full node identifier.
    public var identifier: NodeIdentifier
    /// The atom's item in the tree (its depth and where it was written).
    public var item: StyleTree.Item
    /// The answer in each column, in column order.
    public var answers: [Resolution]
    /// Whether the columns agree.
    public var agreement: Agreement
  }

  /// The columns, in order.
  public var columns: [PreviewColumn]
  /// The tree previewed.
  public var tree: StyleTree
  /// The tree's atoms in tree order, each with its answers.
  public var atoms: [Atom]
  /// What a low-contrast pair is, by which the page marks an answer's
  /// pairs (the sheets' `contrast:`).
  public var contrast = ContrastSettings()
}

extension Preview.Agreement {
  /// Whether `answers` say the same: winner, default, source and
  /// properties (the themes a query ran under differ by column and are not
  /// compared).
  init(_ answers: [Resolution]) {
    guard let first = answers.first else {
      self = .same
      return
    }
    let differs = answers.dropFirst().contains { answer in
      answer.match?.rule != first.match?.rule || answer.isDefault != first.isDefault
        || answer.source != first.source || answer.properties != first.properties
    }
    self = differs ? .differs : .same
  }
}

extension StyleEngine {
  /// The answers for every atom of `tree` under each of `columns`, from
  /// one snapshot. A column's themes take the place of the engine's and of
  /// the tree's `theme:`; an atom's `@theme` groups still replace them on
  /// their axes, as in any query.
  public func preview(_ tree: StyleTree, columns: [PreviewColumn]) -> Preview {
    let (index, engineOptions) = snapshot
    let treeAtoms = tree.atoms
    let identifiers = treeAtoms.map(\.identifier)
    let answersByColumn = columns.map { column in
      let options = index.options(themes: column.themes, mode: engineOptions.mode)
      return identifiers.map { index.bestMatch(for: $0, options: options) }
    }
    let atoms = treeAtoms.enumerated().map { position, atom in
      let answers = answersByColumn.map { $0[position] }
      return Preview.Atom(
        identifier: atom.identifier, item: atom.item, answers: answers, agreement: Preview.Agreement(answers))
    }
    return Preview(columns: columns, tree: tree, atoms: atoms, contrast: index.contrast)
  }
}
