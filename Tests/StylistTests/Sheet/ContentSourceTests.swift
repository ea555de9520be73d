import Testing

@testable import Stylist

/// Every name a load reads goes through `LoadOptions.source`: a source
/// that is not files names, keys and reads sheets, imports and token files
/// alone, and its warnings and refusals are located as the loader's own.
@Suite struct ContentSourceTests {
  /// Files in memory, named `mem:PATH`; `mem:refused.yaml` may not be named.
  final class MemorySource: ContentSource, @unchecked Sendable {
    let files: [String: String]
    private(set) var succeeded: [[String]] = []
    init(_ files: [String: String]) { self.files = files }

    func name(of reference: String, inFolder folder: String?) -> Result<String, ContentFailure> {
      if reference == "refused.yaml" { return .failure(.refused(reason: "'refused.yaml' may not be named")) }
      return .success(reference.hasPrefix("mem:") ? reference : (folder ?? "mem:") + reference)
    }
    func folder(of name: String) -> String { "mem:" }
    func key(of name: String) -> String { name }
    func contents(of name: String, options: LoadOptions) -> Result<SourceContents, ContentFailure> {
      guard let text = files[name] else { return .failure(.unavailable(cause: "HTTP 404 Not Found")) }
      return .success(SourceContents(bytes: Array(text.utf8), warning: name == "mem:old.yaml" ? "an old copy" : nil))
    }
    func isLocalFile(_ name: String) -> Bool { false }
    func poll(_ names: [String]) -> PollOutcome { .unchanged }
    func loadSucceeded(reading names: [String]) { succeeded.append(names) }
  }

  static func options(_ source: MemorySource) -> LoadOptions {
    var options = LoadOptions()
    options.source = source
    return options
  }

  @Test func importsAndTokenFilesAreNamedAndReadThroughTheSource() throws {
    let source = MemorySource([
      "mem:app.yaml": "imports: [old.yaml]\ntokens: [colors.tokens.json]\nstyles:\n  title: { color: $ink }\n",
      "mem:old.yaml": "styles:\n  body: { font: body }\n",
      "mem:colors.tokens.json": ##"{ "ink": { "$type": "color", "$value": "#111111" } }"##,
    ])
    let sheet = try StyleSheet(contentsOf: ["app.yaml"], options: Self.options(source))
    #expect(sheet.files == ["mem:app.yaml", "mem:old.yaml", "mem:colors.tokens.json"])
    #expect(source.succeeded == [sheet.files])
    let warning = try #require(sheet.warnings.first { $0.kind == .cachedCopy })
    #expect(warning.description == "mem:old.yaml:1:1: warning: an old copy [cached-copy]")
  }

  @Test func aRefusedOrUnavailableNameIsAnErrorWhereItIsWritten() throws {
    let source = MemorySource(["mem:app.yaml": "imports: [refused.yaml, gone.yaml]\n"])
    #expect {
      try StyleSheet(contentsOf: ["app.yaml"], options: Self.options(source))
    } throws: { error in
      (error as? SheetLoadError)?.errors.map(\.description) == [
        "mem:app.yaml:1:11: error: 'refused.yaml' may not be named",
        "mem:app.yaml:1:25: error: cannot read 'mem:gone.yaml': HTTP 404 Not Found",
      ]
    }
    #expect(source.succeeded.isEmpty)
  }
}
