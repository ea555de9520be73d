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
  private lazy var structure = ValueEvaluator(
    theme: .none, variables: .empty, sink: sink,
    budget: ExpansionBudget(values: options.maxExpandedValues, bytes: options.maxInterpolatedBytes),
    maxDepth: options.maxNestingDepth)
  /// Canonical paths already loaded or being loaded.
  private var loaded: Set<String> = []
  /// The errors for imports that were not found, in the order found.
  private(set) var missingImports: [SheetDiagnostic] = []
  /// The import chain being loaded, for cycle messages.
  private var chain: [(canonical: String, name: String)] = []

  init(options: LoadOptions, willRead: @escaping (String) -> Void = { _ in }) {
    self.options = options
    self.willRead = willRead
  }

  /// Hands the definitions over, so the compiler holds them alone and can
  /// free them (and the YAML trees they hold) once the rules are built.
  mutating func takeDefinitions() -> SheetDefinitions {
    var taken = SheetDefinitions()
    swap(&taken, &definitions)
    return taken
  }

  /// Loads a file named on the command line or by the caller.
  mutating func loadFile(_ name: String) {
    if name == "-" && dashIsStandardInput {
      loadStandardInput()
    } else {
      loadFile(name, importedAt: nil)
    }
  }

  /// Reads standard input (with the file size limit) as the sheet `<stdin>`.
  private mutating func loadStandardInput() {
    let name = "<stdin>"
    guard loaded.insert(name).inserted else { return }
    guard
      let bytes = read(
        name, canonical: "/dev/stdin", reportAt: SourceLocation(file: name, line: 1, column: 1), imported: false)
    else { return }
    definitions.files.append(name)
    load(bytes, name: name, importFolder: "")
  }

  /// Loads YAML text; its imports are relative to `baseDirectory`, else to
  /// the current directory.
  mutating func loadText(_ bytes: [UInt8], name: String, baseDirectory: String?) {
    definitions.files.append(name)
    load(bytes, name: name, importFolder: baseDirectory.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "")
  }

  private mutating func loadFile(_ name: String, importedAt: SourceLocation?) {
    let canonical = URL(fileURLWithPath: name).standardizedFileURL.resolvingSymlinksInPath().path
    if let start = chain.firstIndex(where: { $0.canonical == canonical }), let importedAt {
      let cycle = (chain[start...].map(\.name) + [name]).joined(separator: " -> ")
      sink.error("import cycle: \(cycle)", .importCycle, at: importedAt)
      return
    }
    guard loaded.insert(canonical).inserted else { return }
    let start = importedAt ?? SourceLocation(file: name, line: 1, column: 1)
    willRead(name)
    guard let bytes = read(name, canonical: canonical, reportAt: start, imported: importedAt != nil) else { return }
    definitions.files.append(name)
    chain.append((canonical, name))
    let folder = name.contains("/") ? String(name[...name.lastIndex(of: "/")!]) : ""
    load(consume bytes, name: name, importFolder: folder)
    chain.removeLast()
  }

  private mutating func read(_ name: String, canonical: String, reportAt location: SourceLocation, imported: Bool)
    -> [UInt8]?
  {
    switch FileReader.contents(of: canonical, limit: options.maxFileSize) {
    case .success(let bytes): return bytes
    case .failure(let failure):
      let at = failure.isAboutContents ? SourceLocation(file: name, line: 1, column: 1) : location
      let kind = failure.kind(imported: imported)
      let hint: (text: String, name: String?) = kind == .importNotFound ? Self.similarFile(to: name) : ("", nil)
      let diagnostic = SheetDiagnostic(
        .error, failure.message(name: name, imported: imported) + hint.text, kind: kind, at: at,
        suggestion: hint.name)
      if kind == .importNotFound { missingImports.append(diagnostic) }
      sink.add(diagnostic)
      return nil
    }
  }

  /// A file in `path`'s folder whose name is close to its last component,
  /// as the import would name it.
  private static func similarFile(to path: String) -> (text: String, name: String?) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
    let typed = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard let name = Suggestion.closest(to: typed, among: names.sorted()) else { return ("", nil) }
    return ("; did you mean '\(folder + name)'?", folder + name)
  }

  /// Reads one file's (or text's) definitions; a relative import is joined
  /// to `importFolder` (empty, or ending in `/`).
  private mutating func load(_ bytes: consuming [UInt8], name: String, importFolder folder: String) {
    if bytes.count > options.maxFileSize {
      sink.error(
        "file is \(bytes.count) bytes, larger than the \(options.maxFileSize)-byte limit", .limitExceeded,
        at: SourceLocation(file: name, line: 1, column: 1))
      return
    }
    bytesRead += bytes.count
    guard let tree = YAMLComposer.compose(bytes, file: name, options: options, reportingTo: sink) else { return }
    _ = consume bytes  // Composed already; the imports below need memory more.
    let reader = SheetReader(file: name, sink: sink, structure: structure)
    for root in tree.documents {
      // Each document is a layer; its imports load (once) before it.
      var layer = SheetDefinitions()
      var imports: [(path: String, at: SourceLocation)] = []
      reader.read(root, into: &layer) { path, node in
        imports.append(
          (
            path.hasPrefix("/") ? path : folder + path,
            SourceLocation(file: name, line: node.mark.line, column: node.mark.column)
          ))
      }
      for (path, location) in imports { loadFile(path, importedAt: location) }
      definitions.append(layer)
    }
  }
}
