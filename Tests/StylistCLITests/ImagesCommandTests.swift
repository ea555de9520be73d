import Testing

@Suite struct ImagesCommandTests {
  @Test func listsNamesBestFirst() throws {
    let result = try CLIRunner.run(["images", "client/searchbar[disabled]/image"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    try CLIRunner.expectGolden(result.stdout, "images-variant.txt")
  }

  @Test func omitFormWithThemeInClassicMode() throws {
    let result = try CLIRunner.run([
      "images", "client/searchbar/image", "--theme", "dark", "--mode", "classic", "--form", "omit", "--separator", "-",
    ])
    #expect(result.status == 0)
    try CLIRunner.expectGolden(result.stdout, "images-omit-classic.txt")
  }

  @Test func invalidNodeExitsTwoWithColumn() throws {
    let result = try CLIRunner.run(["images", "a/*/b"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "<command line>:1:3: error: invalid node 'a/*/b': wildcards are only allowed in selectors\n  a/*/b\n    ^\n")
  }

  /// Each component with a variant multiplies a node's names by four: past
  /// `--max-names` the node is refused before anything is printed.
  @Test func aNodeWithTooManyNamesIsRefused() throws {
    let deep = (0..<13).map { "c\($0)[v]/" }.joined() + "image"
    let result = try CLIRunner.run(["images", "client/image", deep])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "<command line>: error: node '\(deep)' has 67108864 image names, more than --max-names (100000)\n")
    let eight = (0..<8).map { "c\($0)[v]/" }.joined() + "image"
    let fits = try CLIRunner.run(["images", eight, "--max-names", "65536"])
    #expect(fits.status == 0)
    #expect(fits.stdout.split(separator: "\n").count == 65_536)
    #expect(try CLIRunner.run(["images", eight, "--max-names", "65535"]).status == 2)
  }

  @Test func usageErrorExits64() throws {
    let result = try CLIRunner.run(["images", "x", "--form", "bogus"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
  }
}
