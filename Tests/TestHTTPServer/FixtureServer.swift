import Foundation

extension LocalHTTPServer {
  /// The package's Fixtures/remote folder, which `fixtures()` serves.
  public static let remoteFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/remote")

  /// Serves the files of Fixtures/remote with an `ETag` (a hash of the
  /// bytes) and a `Last-Modified`, answering a matching `If-None-Match`
  /// with 304; a missing file is a 404.
  public static func fixtures() throws -> LocalHTTPServer {
    try LocalHTTPServer { request in fixtureAnswer(request) }
  }

  /// The answer `fixtures()` gives `request`.
  public static func fixtureAnswer(_ request: Request) -> Response {
    let file = remoteFixtures.appendingPathComponent(String(request.path.drop(while: { $0 == "/" })))
    guard let data = try? Data(contentsOf: file) else { return .notFound }
    return validated(String(decoding: data, as: UTF8.self), request: request)
  }

  /// `body` with its validators, or a 304 when the request's `If-None-Match` matches.
  public static func validated(_ body: String, request: Request) -> Response {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in body.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let etag = "\"\(String(hash, radix: 16))\""
    let headers = [("ETag", etag), ("Last-Modified", "Wed, 02 Dec 2026 12:00:00 GMT")]
    if request.headers["if-none-match"] == etag { return Response(status: 304, headers: headers) }
    return Response(headers: headers, body: body)
  }
}
