import Foundation
import Testing

@testable import StylistRemote

/// The rules for what a load may fetch, tested without a network (https
/// cannot be served locally).
@Suite struct RemotePolicyTests {
  @Test func httpsIsFetchedAndHTTPOnlyOnLoopbackUnlessAllowed() {
    #expect(RemotePolicy.refusal(of: URL(string: "https://example.com/app.yaml")!, allowsHTTP: false) == nil)
    #expect(RemotePolicy.refusal(of: URL(string: "http://127.0.0.1:8080/app.yaml")!, allowsHTTP: false) == nil)
    #expect(RemotePolicy.refusal(of: URL(string: "http://localhost/app.yaml")!, allowsHTTP: false) == nil)
    #expect(RemotePolicy.refusal(of: URL(string: "http://[::1]/app.yaml")!, allowsHTTP: false) == nil)
    #expect(RemotePolicy.refusal(of: URL(string: "http://example.com/app.yaml")!, allowsHTTP: false) != nil)
    #expect(RemotePolicy.refusal(of: URL(string: "http://example.com/app.yaml")!, allowsHTTP: true) == nil)
    #expect(RemotePolicy.refusal(of: URL(string: "ftp://example.com/app.yaml")!, allowsHTTP: true) != nil)
  }

  @Test func aRedirectFromHTTPSToHTTPIsRefusedWhateverTheHost() {
    let from = URL(string: "https://example.com/app.yaml")!
    let refusal = RemotePolicy.redirectRefusal(
      from: from, to: URL(string: "http://127.0.0.1/app.yaml")!, allowsHTTP: true)
    #expect(refusal == "redirected from https to 'http://127.0.0.1/app.yaml', which is refused")
    #expect(
      RemotePolicy.redirectRefusal(from: from, to: URL(string: "https://cdn.example.com/a.yaml")!, allowsHTTP: false)
        == nil)
    let local = URL(string: "http://127.0.0.1/app.yaml")!
    #expect(
      RemotePolicy.redirectRefusal(from: local, to: URL(string: "http://localhost/b.yaml")!, allowsHTTP: false) == nil)
    #expect(
      RemotePolicy.redirectRefusal(from: local, to: URL(string: "http://example.com/b.yaml")!, allowsHTTP: false) != nil
    )
  }

  @Test func referencesResolveAgainstTheSheetsURLAndStayOnItsHost() throws {
    let base = URL(string: "https://example.com/themes/app.yaml")!
    #expect(
      try RemotePolicy.resolve("base.yaml", against: base).get().absoluteString
        == "https://example.com/themes/base.yaml")
    #expect(
      try RemotePolicy.resolve("../shared/colors.yaml", against: base).get().absoluteString
        == "https://example.com/shared/colors.yaml")
    #expect(
      try RemotePolicy.resolve("https://example.com/x.yaml", against: base).get().absoluteString
        == "https://example.com/x.yaml")
    #expect(throws: RemoteRefusal.self) { try RemotePolicy.resolve("/etc/base.yaml", against: base).get() }
    #expect(throws: RemoteRefusal.self) { try RemotePolicy.resolve("file:///etc/base.yaml", against: base).get() }
    #expect(throws: RemoteRefusal.self) { try RemotePolicy.resolve("//other.com/base.yaml", against: base).get() }
    #expect(throws: RemoteRefusal.self) { try RemotePolicy.resolve("https://other.com/b.yaml", against: base).get() }
    #expect(throws: RemoteRefusal.self) { try RemotePolicy.resolve("http://example.com/b.yaml", against: base).get() }
  }

  @Test func anAgeReadsInItsLargestWholeUnit() {
    #expect(RemoteSource.age(42) == "42 s")
    #expect(RemoteSource.age(300) == "5 min")
    #expect(RemoteSource.age(3 * 3600 + 5) == "3 h")
    #expect(RemoteSource.age(2 * 86400) == "2 d")
  }
}
