/// Evaluates every variable of a sheet under one set of themes, with the
/// evaluator a compile uses (`ValueEvaluator`), so an export writes the
/// values a query sees.
struct VariableEvaluation {
  let sources: VariableSources
  /// What one set's evaluation may build, as a load's: a variable past
  /// them is a located `limit-exceeded` error, not an unbounded evaluation.
  var limits = LoadOptions()

  /// Every variable under `set` with its resolved value, in document
  /// order, as an export writes them: each leaf, each empty map, and each
  /// map that is a colour, dimension or duration object (one value, as
  /// a design token is). A variable that does not resolve (a cycle that
  /// forms only under this set) throws its located error.
  /// With `only`, just the variables at those paths (and what they refer to).
  func variables(under set: ThemeSet, only: Set<[String]>? = nil) throws(SheetLoadError) -> [ExportedVariable] {
    let (tree, sink, evaluator) = evaluation(under: set)
    var result: [ExportedVariable] = []
    var stack: [(path: [String], node: VariableTree)] = [([], tree)]
    var wanted: Set<[String]>?
    if let only {
      wanted = []
      for path in only { for end in 0...path.count { wanted!.insert(Array(path[..<end])) } }
    }
    while let (path, node) = stack.popLast() {
      if let wanted, !wanted.contains(path) { continue }
      let (key, file) = node.firstKey ?? (SourcePosition(line: 1, column: 1), "<variables>")
      switch node {
      case .leaf,
        .map where !path.isEmpty && node.isExportObject:
        guard let (value, _) = evaluator.variable(path.joined(separator: "."), at: key, file: file) else { continue }
        if case .map(let children) = node, !children.isEmpty, DTCGTypes.typed(value) == nil {
          // Keys like an object's that hold no such value: a map after all.
          for (name, child) in children.reversed() { stack.append((path + [name], child)) }
          continue
        }
        result.append(ExportedVariable(path: path, value: value, location: key.location(in: file)))
      case .map(let children):
        for (name, child) in children.reversed() { stack.append((path + [name], child)) }
      }
    }
    if sink.hasErrors { throw SheetLoadError(diagnostics: sink.diagnostics.filter { $0.severity == .error }) }
    return result
  }

  /// The variables merged under `set`, and an evaluator of them with this
  /// evaluation's limits reporting to a sink of its own.
  private func evaluation(under set: ThemeSet) -> (VariableTree, DiagnosticSink, ValueEvaluator) {
    let tree = sources.merged(under: set)
    let sink = DiagnosticSink()
    let evaluator = ValueEvaluator(
      theme: set, variables: tree, sink: sink,
      budget: ExpansionBudget(values: limits.maxExpandedValues, bytes: limits.maxInterpolatedBytes),
      maxDepth: limits.maxNestingDepth)
    return (tree, sink, evaluator)
  }
}

extension VariableEvaluation {
  /// Each leaf that resolves under `set`, by its dotted path; one whose
  /// evaluation reports an error (an unknown reference, a cycle) is left
  /// out rather than shown half resolved.
  func resolvedValues(under set: ThemeSet) -> [String: PropertyValue] {
    let (tree, sink, evaluator) = evaluation(under: set)
    var values: [String: PropertyValue] = [:]
    for (path, leaf) in tree.leaves {
      let reported = sink.diagnostics.count
      guard let (value, _) = evaluator.variable(path, at: leaf.key, file: leaf.file),
        !sink.diagnostics[reported...].contains(where: { $0.severity == .error })
      else { continue }
      values[path] = value
    }
    return values
  }
}

extension StyleSheet {
  /// Each variable leaf (design tokens among them) that resolves under
  /// `themes` (at most one per axis, the other axes at their defaults), by
  /// its dotted path: the value a style that writes `$path` gets there.
  /// For tools that show a variable's value beside what is written.
  public func resolvedVariables(themes: [String] = []) -> [String: PropertyValue] {
    VariableEvaluation(sources: variableSources).resolvedValues(under: plan.atDefaults(plan.themeSet(themes)))
  }
}

extension VariableTree {
  /// Whether an export writes this map as one value: it is empty, or its
  /// keys are those of a colour object (`colorSpace`, `components`,
  /// `alpha`, `hex`) or of a dimension or duration (`value`, `unit`).
  var isExportObject: Bool {
    guard case .map(let children) = self else { return false }
    if children.isEmpty { return true }
    let keys = Set(children.keys)
    if keys.contains("colorSpace") { return keys.isSubset(of: ["colorSpace", "components", "alpha", "hex"]) }
    return keys == ["value", "unit"]
  }

  /// The key and file of the first leaf: where a map is said to be written.
  var firstKey: (key: SourcePosition, file: String)? {
    switch self {
    case .leaf(let leaf): return (leaf.key, leaf.file)
    case .map(let children):
      // A loop, not `lazy.compactMap(…).first`, which evaluates the match
      // twice (to find it, then to return it): twice a level, 2^depth in all.
      for child in children.values {
        if let key = child.firstKey { return key }
      }
      return nil
    }
  }
}
