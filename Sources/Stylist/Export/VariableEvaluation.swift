/// Evaluates every variable of a sheet under one set of themes, with the
/// evaluator a compile uses (`ValueEvaluator`), so an export writes the
/// values a query sees.
struct VariableEvaluation {
  let sources: VariableSources
  /// What one set's evaluation may build, as a load's: a variable past
  /// them is a located `limit-exceeded` error, not an unbounded evaluation.
  var limits = LoadOptions()

  /// Every leaf of the variables under `set` with its resolved value, in
  /// document order. A variable that does not resolve (a cycle that forms
  /// only under this set) throws its located error.
  func variables(under set: ThemeSet) throws(SheetLoadError) -> [ExportedVariable] {
    let (tree, sink, evaluator) = evaluation(under: set)
    var result: [ExportedVariable] = []
    for (path, leaf) in tree.leaves {
      guard let (value, _) = evaluator.variable(path, at: leaf.key, file: leaf.file) else { continue }
      result.append(
        ExportedVariable(
          path: path.split(separator: ".").map(String.init), value: value, location: leaf.key.location(in: leaf.file)))
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
