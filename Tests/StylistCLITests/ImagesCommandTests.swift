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
      result.stderr == "<command line>:1:3: error: invalid node 'a/*/b': wildcards are only allowed in selectors\n")
  }

  @Test func usageErrorExits64() throws {
    let result = try CLIRunner.run(["images", "x", "--form", "bogus"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
  }
}
