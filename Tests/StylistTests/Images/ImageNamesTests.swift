import Testing

@testable import Stylist

@Suite struct ImageNamesTests {
  func names(
    _ node: NodeIdentifier, theme: String? = nil, mode: PrecedenceMode = .themed,
    _ options: ImageNameOptions = .init()
  ) -> [String] {
    Array(ImageNames(node: node, theme: node.theme ?? theme, mode: mode, options: options))
  }

  @Test func wildcardForm() {
    #expect(
      names("client/searchbar/image") == ["client_searchbar_image", "*_searchbar_image", "client_*_image", "*_*_image"])
  }

  @Test func variantsOfferFourSpellings() {
    #expect(
      names("searchbar[disabled]/image") == [
        "searchbar[disabled]_image", "searchbar_image", "*[disabled]_image", "*_image",
      ])
  }

  @Test func omitForm() {
    #expect(
      names("client/searchbar/image", .init(form: .omit)) == [
        "client_searchbar_image", "searchbar_image", "client_image", "image",
      ])
    #expect(
      names("searchbar[disabled]/image", .init(form: .omit)) == [
        "searchbar[disabled]_image", "searchbar_image", "image",
      ])
  }

  @Test func omitFormListsRepeatsOnce() {
    #expect(names("a/a/x", .init(form: .omit)) == ["a_a_x", "a_x", "x"])
  }

  @Test func separatorAndWildcard() {
    #expect(
      names("client/searchbar/image", .init(separator: "-", wildcard: "any")) == [
        "client-searchbar-image", "any-searchbar-image", "client-any-image", "any-any-image",
      ])
  }

  @Test func themedModeListsThemedNamesFirst() {
    #expect(names("client/image", theme: "dark") == ["dark_client_image", "dark_*_image", "client_image", "*_image"])
    #expect(names("@dark/client/image") == ["dark_client_image", "dark_*_image", "client_image", "*_image"])
  }

  @Test func classicModePutsEachThemedNameBeforeItsTwin() {
    #expect(
      names("client/image", theme: "dark", mode: .classic) == [
        "dark_client_image", "client_image", "dark_*_image", "*_image",
      ])
  }

  /// The order is §4's order of the equivalent selectors on the same node.
  @Test func orderMatchesSpecificity() throws {
    let node: NodeIdentifier = "a[v]/b/c[w]/img"
    let selectors = names(node, .init(separator: "/")).map { StyleSelector(stringLiteral: $0) }
    let vectors = selectors.map { $0.specificity(on: node)! }
    #expect(vectors == vectors.sorted(by: >))
    #expect(Set(vectors).count == 4 * 2 * 4)
  }

  @Test func tokenOnly() {
    #expect(names("image") == ["image"])
  }

  /// The count before repeats: four spellings per component with a
  /// variant, two without, times the theme prefixes plus the bare name;
  /// it saturates instead of overflowing.
  @Test func candidateCountBoundsTheNames() throws {
    let options = ImageNameOptions()
    let node: NodeIdentifier = "a[v]/b/c[w]/t"
    let names = ImageNames(node: node, themes: ["dark", "compact"], mode: .themed, options: options)
    #expect(names.candidateCount == 4 * 2 * 4 * 4)
    #expect(Array(names).count == names.candidateCount)
    let omitted = ImageNames(node: "a/a/t", themes: [], mode: .themed, options: ImageNameOptions(form: .omit))
    #expect(omitted.candidateCount == 4)
    #expect(Array(omitted) == ["a_a_t", "a_t", "t"])
    let huge = NodeIdentifier(path: Array(repeating: Component(name: "c", variant: "v"), count: 40), token: "t")
    #expect(ImageNames(node: huge, themes: [], mode: .themed, options: options).candidateCount == .max)
  }
}
