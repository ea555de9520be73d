import OrderedCollections

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Loads the token files a sheet's `tokens:` names (docs/SHEETS.md: Design
/// tokens) into a layer of definitions beneath the sheet's own: a token
/// file's tokens become global variables; a resolver's sets do too, its
/// modifiers become axes and their contexts themes (`TokenResolver`).
struct TokenLoader {
  let options: LoadOptions
  let sink: DiagnosticSink
  let budget: ExpansionBudget
  /// Called with each file's path before it is read.
  let willRead: (String) -> Void
  /// Files read, as named, in order.
  private(set) var files: [String] = []
  /// Bytes read, which scale the load's budget.
  private(set) var bytesRead = 0
  /// The errors for files that were not found: the names they may define
  /// are not reported unknown (`SheetLoader.missingFiles`).
  private(set) var missingFiles: [SheetDiagnostic] = []
  /// Each token document read, by path: a resolver names one in many contexts.
  private var documents: [String: TokenGroup?] = [:]

  init(options: LoadOptions, sink: DiagnosticSink, budget: ExpansionBudget, willRead: @escaping (String) -> Void) {
    self.options = options
    self.sink = sink
    self.budget = budget
    self.willRead = willRead
  }

  /// Whether a file named alone (`lint`, `-s`) is a token or resolver
  /// file, by the names the format gives them.
  static func isTokenFile(_ path: String) -> Bool {
    path.hasSuffix(".tokens.json") || path.hasSuffix(".tokens") || isResolverFile(path)
  }

  /// Whether `path` names a resolver: by its name, whatever it holds, so a
  /// resolver that lacks a key gets a resolver's error, not a token file's.
  static func isResolverFile(_ path: String) -> Bool { path.hasSuffix(".resolver.json") }

  /// The definitions of the token or resolver file at `path`, named at
  /// `location`; nil when it cannot be read (reported).
  mutating func load(_ path: String, namedAt location: SourceLocation) -> SheetDefinitions? {
    guard let map = read(path, namedAt: location) else { return nil }
    return definitions(of: map, file: path)
  }

  /// The definitions of a token or resolver file's bytes, named `name`
  /// (a resolver's sources are relative to its folder).
  mutating func load(bytes: [UInt8], name: String) -> SheetDefinitions? {
    files.append(name)
    bytesRead += bytes.count
    guard let map = TokenFileReader.read(bytes, file: name, options: options, sink: sink, budget: budget) else {
      return nil
    }
    return definitions(of: map, file: name)
  }

  private mutating func definitions(of map: SourceMap, file path: String) -> SheetDefinitions? {
    if Self.isResolverFile(path) {
      var resolver = TokenResolver(file: path, loader: self)
      let definitions = resolver.definitions(of: map)
      self = resolver.loader
      return definitions
    }
    let document = TokenDocumentReader(file: path, sink: sink).document(map)
    documents[path] = document
    return Self.definitions(base: document, contexts: [], sink: sink, budget: budget)
  }

  /// The token document at `path` (read once), or nil after reporting.
  mutating func document(_ path: String, namedAt location: SourceLocation) -> TokenGroup? {
    if let known = documents[path] { return known }
    let document = read(path, namedAt: location).map { TokenDocumentReader(file: path, sink: sink).document($0) }
    documents[path] = document
    return document
  }

  private mutating func read(_ path: String, namedAt location: SourceLocation) -> SourceMap? {
    willRead(path)
    switch options.source.contents(of: path, options: options) {
    case .success(let contents):
      files.append(path)
      bytesRead += contents.bytes.count
      if let warning = contents.warning {
        sink.warning(warning, .cachedCopy, at: SourceLocation(file: path, line: 1, column: 1))
      }
      return TokenFileReader.read(contents.bytes, file: path, options: options, sink: sink, budget: budget)
    case .failure(let failure):
      report(failure, name: path, at: location)
      return nil
    }
  }

  /// Reports that the file `name`, named at `location`, cannot be read.
  mutating func report(_ failure: ContentFailure, name: String, at location: SourceLocation) {
    let at = failure.isAboutContents ? SourceLocation(file: name, line: 1, column: 1) : location
    var hint: (text: String, name: String?) = ("", nil)
    if case .missing = failure { hint = SheetLoader.similarFile(to: name) }
    let diagnostic = SheetDiagnostic(
      .error, failure.message(name: name, imported: false) + hint.text, kind: failure.kind(imported: false), at: at,
      suggestion: hint.name)
    if failure.isMissing { missingFiles.append(diagnostic) }
    sink.add(diagnostic)
  }

  /// The variables of `base` (global) and of each context (its theme's):
  /// `$extends` settled over the merged tree, the context's tokens as
  /// that tree has them.
  static func definitions(
    base: TokenGroup, contexts: [(name: String, tree: TokenGroup)], sink: DiagnosticSink, budget: ExpansionBudget
  ) -> SheetDefinitions {
    var definitions = SheetDefinitions()
    let resolved = GroupExtensions.resolve(base, sink: sink, budget: budget)
    var reader = TokenVariables(tree: resolved, theme: nil, sink: sink, budget: budget)
    definitions.variables = reader.variables(of: resolved)
    definitions.outline.tokens = reader.tokens
    definitions.outline.variableUses = reader.uses
    for (name, tree) in contexts {
      let merged = GroupExtensions.resolve(base.merged(with: tree, conflicts: sink), sink: sink, budget: budget)
      var themed = TokenVariables(tree: merged, theme: name, sink: sink, budget: budget)
      let variables = themed.variables(of: merged.projected(onto: tree))
      definitions.themeVariables[name] = (definitions.themeVariables[name] ?? .empty).merged(with: variables)
      definitions.outline.tokens += themed.tokens
      definitions.outline.variableUses += themed.uses
    }
    return definitions
  }
}

extension TokenGroup {
  /// This group's nodes at the paths `written` has: a context's tokens as
  /// the merged tree settles them. A group `written` extends is taken whole.
  func projected(onto written: TokenGroup) -> TokenGroup {
    guard written.extends == nil else { return self }
    var result = self
    result.children = [:]
    for (name, node) in written.children {
      guard let mine = children[name] else { continue }
      if case .group(let writtenGroup) = node, case .group(let group) = mine {
        result.children[name] = .group(group.projected(onto: writtenGroup))
      } else {
        result.children[name] = mine
      }
    }
    return result
  }
}
