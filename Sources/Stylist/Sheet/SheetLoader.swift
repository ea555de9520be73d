#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Loads files (and their imports, first and once) into `SheetDefinitions`.
struct SheetLoader {
  let options: LoadOptions
  let sink = DiagnosticSink()
  private(set) var definitions = SheetDefinitions()
  /// Whether the path `-` means standard input (for the command line).
  var dashIsStandardInput = false
  /// Called with each file's path before the file is read (found or not).
  let willRead: (String) -> Void
  /// Bytes of YAML read, which scales the expansion budget.
  private(set) var bytesRead = 0
  /// What reading may copy (merge keys), over every file of the load.
  private lazy var readingBudget = ExpansionBudget(
    values: options.maxExpandedValues, bytes: options.maxInterpolatedBytes)
  /// Canonical paths already loaded or being loaded.
  private var loaded: Set<String> = []
  /// Canonical paths of the token files loaded.
  private var loadedTokens: Set<String> = []
  /// The errors for imports and token files that were not found, in the
  /// order found: the names they may define are not reported unknown.
  private(set) var missingFiles: [SheetDiagnostic] = []
  /// The import chain being loaded, for cycle messages.
  private var chain: [(canonical: String, name: String)] = []

  init(options: LoadOptions, willRead: @escaping (String) -> Void = { _ in }) {
    self.options = options
    self.willRead = willRead
  }

  /// Hands the definitions over, so the compiler holds them alone and can
  /// free them (and the source model they hold) once the rules are built.
  mutating func takeDefinitions() -> SheetDefinitions {
    var taken = SheetDefinitions()
    swap(&taken, &definitions)
    return taken
  }

  /// Loads a file named on the command line or by the caller.
  mutating func loadFile(_ name: String) {
    if name == "-" && dashIsStandardInput {
      loadStandardInput()
      return
    }
    switch options.source.name(of: name, inFolder: nil) {
    case .success(let name): loadFile(name, importedAt: nil)
    case .failure(let failure):
      report(failure, name: name, at: SourceLocation(file: name, line: 1, column: 1), imported: false)
    }
  }

  /// Reads standard input (with the file size limit) as the sheet `<stdin>`.
  private mutating func loadStandardInput() {
    let name = "<stdin>"
    guard loaded.insert(name).inserted else { return }
    let bytes: [UInt8]
    switch FileReader.contents(of: "/dev/stdin", limit: options.maxFileSize) {
    case .success(let read): bytes = read
    case .failure(let failure):
      report(failure, name: name, at: SourceLocation(file: name, line: 1, column: 1), imported: false)
      return
    }
    definitions.files.append(name)
    load(bytes, name: name, importFolder: "")
  }

  /// Loads YAML text; its imports are relative to `baseDirectory`, else to
  /// the current directory.
  mutating func loadText(_ bytes: [UInt8], name: String, baseDirectory: String?) {
    definitions.files.append(name)
    load(bytes, name: name, importFolder: baseDirectory.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "")
  }

  /// Loads a design-token or resolver file's bytes (docs/SHEETS.md: Design tokens).
  mutating func loadTokenText(_ bytes: [UInt8], name: String) {
    if bytes.count > options.maxFileSize {
      sink.error(
        "file is \(bytes.count) bytes, larger than the \(options.maxFileSize)-byte limit", .limitExceeded,
        at: SourceLocation(file: name, line: 1, column: 1))
      return
    }
    var tokens = TokenLoader(options: options, sink: sink, budget: readingBudget, willRead: willRead)
    let layer = tokens.load(bytes: bytes, name: name)
    definitions.files += tokens.files
    bytesRead += tokens.bytesRead
    missingFiles += tokens.missingFiles
    if let layer { definitions.append(layer) }
  }

  private mutating func loadFile(_ name: String, importedAt: SourceLocation?) {
    if importedAt == nil, TokenLoader.isTokenFile(name) {
      loadTokens(name, namedAt: SourceLocation(file: name, line: 1, column: 1))
      return
    }
    let canonical = options.source.key(of: name)
    if let start = chain.firstIndex(where: { $0.canonical == canonical }), let importedAt {
      let cycle = (chain[start...].map(\.name) + [name]).joined(separator: " -> ")
      sink.error("import cycle: \(cycle)", .importCycle, at: importedAt)
      return
    }
    guard loaded.insert(canonical).inserted else { return }
    let start = importedAt ?? SourceLocation(file: name, line: 1, column: 1)
    willRead(name)
    guard let bytes = read(name, reportAt: start, imported: importedAt != nil) else { return }
    definitions.files.append(name)
    chain.append((canonical, name))
    load(consume bytes, name: name, importFolder: options.source.folder(of: name))
    chain.removeLast()
  }

  private mutating func read(_ name: String, reportAt location: SourceLocation, imported: Bool) -> [UInt8]? {
    switch options.source.contents(of: name, options: options) {
    case .success(let contents):
      if let warning = contents.warning {
        sink.warning(warning, .cachedCopy, at: SourceLocation(file: name, line: 1, column: 1))
      }
      return contents.bytes
    case .failure(let failure):
      report(failure, name: name, at: location, imported: imported)
      return nil
    }
  }

  /// Reports that the file `name`, named at `location`, cannot be read.
  private mutating func report(_ failure: ContentFailure, name: String, at location: SourceLocation, imported: Bool) {
    let at = failure.isAboutContents ? SourceLocation(file: name, line: 1, column: 1) : location
    let kind = failure.kind(imported: imported)
    let hint: (text: String, name: String?) = kind == .importNotFound ? Self.similarFile(to: name) : ("", nil)
    let diagnostic = SheetDiagnostic(
      .error, failure.message(name: name, imported: imported) + hint.text, kind: kind, at: at,
      suggestion: hint.name)
    // An import that may exist: the names it may define are not reported unknown.
    if imported && failure.isMissing { missingFiles.append(diagnostic) }
    sink.add(diagnostic)
  }

  /// A file in `path`'s folder whose name is close to its last component,
  /// as the import would name it.
  static func similarFile(to path: String) -> (text: String, name: String?) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
    let typed = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard let name = Suggestion.closest(to: typed, among: names.sorted()) else { return ("", nil) }
    return ("; did you mean '\(folder + name)'?", folder + name)
  }

  /// Reads one file's (or text's) definitions; a relative import is named
  /// in `importFolder` (as the source's `folder(of:)` gives it).
  private mutating func load(_ bytes: consuming [UInt8], name: String, importFolder folder: String) {
    if bytes.count > options.maxFileSize {
      sink.error(
        "file is \(bytes.count) bytes, larger than the \(options.maxFileSize)-byte limit", .limitExceeded,
        at: SourceLocation(file: name, line: 1, column: 1))
      return
    }
    bytesRead += bytes.count
    SheetReader.readDocuments(
      of: bytes, file: name, options: options, sink: sink, budget: readingBudget
    ) { layer, named in
      // Each document is a layer; its imports load (once) before it, then
      // its token files, whose tokens its own variables shadow.
      for (path, location) in named.imports {
        switch options.source.name(of: path, inFolder: folder) {
        case .success(let name): loadFile(name, importedAt: location)
        case .failure(let failure): report(failure, name: path, at: location, imported: true)
        }
      }
      for (path, location) in named.tokens {
        switch options.source.name(of: path, inFolder: folder) {
        case .success(let name): loadTokens(name, namedAt: location)
        case .failure(let failure): report(failure, name: path, at: location, imported: false)
        }
      }
      warnShadowedTokens(by: layer.variables)
      definitions.append(layer)
    }
  }

  /// Loads a token or resolver file (once) as a layer (docs/SHEETS.md: Design tokens).
  private mutating func loadTokens(_ path: String, namedAt location: SourceLocation) {
    let canonical = options.source.key(of: path)
    guard loadedTokens.insert(canonical).inserted else { return }
    var tokens = TokenLoader(options: options, sink: sink, budget: readingBudget, willRead: willRead)
    let layer = tokens.load(path, namedAt: location)
    definitions.files += tokens.files
    bytesRead += tokens.bytesRead
    missingFiles += tokens.missingFiles
    if let layer { definitions.append(layer) }
  }

  /// Warns of each of a sheet's variables at a design token's path.
  private func warnShadowedTokens(by variables: VariableTree) {
    guard !definitions.outline.tokens.isEmpty else { return }
    for (path, leaf) in variables.leaves {
      guard case .leaf(let token)? = definitions.variables.lookup(path.split(separator: ".")), token.origin == .token
      else { continue }
      sink.warning(
        "variable '\(path)' shadows the design token at \(token.key.location(in: token.file))", .shadowedToken,
        at: leaf.key.location(in: leaf.file))
    }
  }
}
