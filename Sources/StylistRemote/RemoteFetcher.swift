import Dispatch
import Foundation
import Stylist

#if canImport(FoundationNetworking)
  // On Linux URLSession lives in FoundationNetworking (docs/DECISIONS.md).
  import FoundationNetworking
#endif

/// What one fetch answered.
enum FetchAnswer: Sendable {
  /// A body, with the validators the answer gave.
  case body([UInt8], Validators)
  /// `304 Not Modified`: the copy whose validators were sent stands.
  case notModified
  /// An HTTP status that is not a body (404, 500): the status line's words.
  case status(Int, String)
  /// No answer, or not a whole one: the cause.
  case transport(String)
  /// A body past the size limit.
  case tooLarge(size: Int?, limit: Int)
  /// A redirect that may not be followed: why.
  case refused(String)
}

/// `ETag` and `Last-Modified`, sent back as `If-None-Match` and `If-Modified-Since`.
struct Validators: Codable, Equatable, Sendable {
  var etag: String?
  var lastModified: String?
}

/// Fetches one URL at a time, following redirects itself (at most
/// `RemotePolicy.maxRedirects`, under `RemotePolicy.redirectRefusal`),
/// within a timeout for the whole fetch and the file size limit.
struct RemoteFetcher: Sendable {
  var timeout: Duration
  var allowsHTTP: Bool

  func fetch(_ url: URL, validators: Validators?, limit: Int) -> FetchAnswer {
    let deadline = ContinuousClock.now + timeout
    var current = url
    for _ in 0...RemotePolicy.maxRedirects {
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return .transport(timedOut) }
      let (answer, location) = fetchOnce(current, validators: validators, limit: limit, timeout: left)
      guard let location else { return answer }
      guard let next = URL(string: location, relativeTo: current)?.absoluteURL else {
        return .transport("a redirect to '\(location)', which is no URL")
      }
      if let refusal = RemotePolicy.redirectRefusal(from: current, to: next, allowsHTTP: allowsHTTP) {
        return .refused(refusal)
      }
      current = next
    }
    return .transport("more than \(RemotePolicy.maxRedirects) redirects")
  }

  private var timedOut: String { "no answer within \(timeout.secondsText)" }

  /// One request: its answer, or the `Location` of a redirect to follow.
  private func fetchOnce(_ url: URL, validators: Validators?, limit: Int, timeout: Duration) -> (
    FetchAnswer, location: String?
  ) {
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout.seconds)
    if let etag = validators?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
    if let date = validators?.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.timeoutIntervalForRequest = timeout.seconds
    configuration.timeoutIntervalForResource = timeout.seconds
    let receiver = Receiver(limit: limit, timedOut: timedOut)
    let session = URLSession(configuration: configuration, delegate: receiver, delegateQueue: nil)
    defer { session.finishTasksAndInvalidate() }
    let task = session.dataTask(with: request)
    task.resume()
    // The session's own timeouts end the task; the wait's margin only keeps
    // a session that never calls back from holding the load.
    if receiver.done.wait(timeout: .now() + timeout.seconds + 1) == .timedOut {
      task.cancel()
      return (.transport(timedOut), nil)
    }
    let received = receiver.state.withLock { $0 }
    if received.overLimit { return (.tooLarge(size: received.declaredSize, limit: limit), nil) }
    if let cause = received.cause { return (.transport(cause), nil) }
    guard let response = received.response else { return (.transport("no HTTP answer"), nil) }
    switch response.statusCode {
    case 200..<300:
      if response.expectedContentLength >= 0 && Int64(received.bytes.count) != response.expectedContentLength {
        return (
          .transport(
            "the answer ended after \(received.bytes.count) of \(response.expectedContentLength) bytes"), nil
        )
      }
      let validators = Validators(
        etag: response.value(forHTTPHeaderField: "ETag"),
        lastModified: response.value(forHTTPHeaderField: "Last-Modified"))
      return (.body(received.bytes, validators), nil)
    case 304: return (.notModified, nil)
    case 301, 302, 303, 307, 308:
      guard let location = response.value(forHTTPHeaderField: "Location") else {
        return (.status(response.statusCode, "a redirect without a Location"), nil)
      }
      return (.notModified, location)
    default:
      return (.status(response.statusCode, Self.reasons[response.statusCode] ?? ""), nil)
    }
  }

  /// The reason phrases of the statuses a sheet's server answers most,
  /// the same on every platform (Foundation's words differ between them).
  static let reasons = [
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 410: "Gone",
    429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
    504: "Gateway Timeout",
  ]

  /// A transport error's cause, in words.
  static func cause(of error: any Error, timeout: String) -> String {
    guard let error = error as? URLError else { return "\(error.localizedDescription)" }
    switch error.code {
    case .timedOut: return timeout
    case .cannotConnectToHost: return "cannot connect to the host"
    case .cannotFindHost, .dnsLookupFailed: return "the host is not found"
    case .notConnectedToInternet: return "no network"
    case .networkConnectionLost: return "the connection was lost before the whole answer came"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return "the secure connection failed"
    default: return "network error \(error.code.rawValue)"
    }
  }
}

/// Takes one task's answer: refuses the session's own redirects (the
/// fetcher follows them under its policy), stops a body past the limit.
private final class Receiver: NSObject, URLSessionDataDelegate, Sendable {
  struct Received: Sendable {
    var response: HTTPURLResponse?
    var bytes: [UInt8] = []
    /// A transport error's cause.
    var cause: String?
    var overLimit = false
    var declaredSize: Int?
  }

  let limit: Int
  let timedOut: String
  let state = Locked(Received())
  let done = DispatchSemaphore(value: 0)

  init(limit: Int, timedOut: String) { (self.limit, self.timedOut) = (limit, timedOut) }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    let declared = response.expectedContentLength
    let tooLarge = declared > Int64(limit)
    state.withLock {
      $0.response = http
      if tooLarge {
        $0.overLimit = true
        $0.declaredSize = Int(declared)
      }
    }
    completionHandler(tooLarge ? .cancel : .allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let over = state.withLock { received in
      received.bytes.append(contentsOf: data)
      if received.bytes.count > limit { received.overLimit = true }
      return received.overLimit
    }
    if over { dataTask.cancel() }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    state.withLock { received in
      if let error, !received.overLimit { received.cause = RemoteFetcher.cause(of: error, timeout: timedOut) }
    }
    done.signal()
  }
}

extension Duration {
  var seconds: Double {
    let (whole, fraction) = components
    return Double(whole) + Double(fraction) / 1e18
  }

  /// `10 s`, `0.5 s`.
  var secondsText: String {
    let value = seconds
    return value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
  }
}
