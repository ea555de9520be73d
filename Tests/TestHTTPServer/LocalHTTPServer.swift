import Foundation

#if canImport(Glibc)
  import Glibc
  private let streamSocket = Int32(SOCK_STREAM.rawValue)
  private let sendFlags = Int32(MSG_NOSIGNAL)
#elseif canImport(Musl)
  import Musl
  private let streamSocket = Int32(SOCK_STREAM)
  private let sendFlags = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
  import Darwin
  private let streamSocket = SOCK_STREAM
  // No MSG_NOSIGNAL here: SO_NOSIGPIPE is set on each connection instead.
  private let sendFlags: Int32 = 0
#endif

/// A small HTTP/1.1 server for tests, on 127.0.0.1 and a port the system
/// picks: nothing a test fetches leaves the machine. Each connection gets
/// one answer from `handler` and is closed; an answer may come late
/// (`delay`) or stop short of its `Content-Length` (`truncateAfter`).
public final class LocalHTTPServer: @unchecked Sendable {
  public struct Request: Sendable {
    public var method: String
    public var path: String
    /// Header fields, names lowercased.
    public var headers: [String: String]
  }

  public struct Response: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: [UInt8]
    public var delay: Double
    public var truncateAfter: Int?

    public init(
      status: Int = 200, headers: [(String, String)] = [], body: String = "", delay: Double = 0,
      truncateAfter: Int? = nil
    ) {
      (self.status, self.headers, self.body) = (status, headers, Array(body.utf8))
      (self.delay, self.truncateAfter) = (delay, truncateAfter)
    }

    public static func redirect(_ status: Int = 302, to location: String) -> Response {
      Response(status: status, headers: [("Location", location)])
    }

    public static let notFound = Response(status: 404, body: "not found")
  }

  public let port: Int
  private let lock = NSLock()
  private var handlerValue: @Sendable (Request) -> Response
  private var recorded: [Request] = []
  private let acceptLoop: AcceptLoop

  /// Answers each request with `handler`.
  public init(_ handler: @escaping @Sendable (Request) -> Response) throws {
    handlerValue = handler
    let listener = socket(AF_INET, streamSocket, 0)
    guard listener >= 0 else { throw POSIXError(.EIO) }
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 16) == 0 else {
      close(listener)
      throw POSIXError(.EADDRINUSE)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    port = Int(UInt16(bigEndian: address.sin_port))
    let acceptLoop = AcceptLoop()
    self.acceptLoop = acceptLoop
    Thread.detachNewThread { [weak self] in
      acceptLoop.run(listener) { connection in
        guard let self else { return false }
        Thread.detachNewThread { self.serve(connection) }
        return true
      }
    }
  }

  /// The loop ends on its own thread, which closes the listener after its
  /// last use; waiting for it here could be the loop's own thread, whose
  /// last reference to the server this may be.
  deinit { acceptLoop.requestStop() }

  /// Stops listening and returns once the listening socket is closed: later
  /// fetches find no server (the network is "down").
  public func stop() {
    acceptLoop.requestStop()
    acceptLoop.waitUntilClosed()
  }

  /// The URL of `path` on this server.
  public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

  /// The requests answered so far, in order.
  public var requests: [Request] { lock.withLock { recorded } }

  /// Replaces how requests are answered.
  public func answer(with handler: @escaping @Sendable (Request) -> Response) {
    lock.withLock { handlerValue = handler }
  }

  private func serve(_ connection: Int32) {
    defer { close(connection) }
    #if canImport(Darwin)
      var yes: Int32 = 1
      setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !received.containsHeaderEnd {
      let count = read(connection, &buffer, buffer.count)
      guard count > 0 else { return }
      received += buffer[0..<count]
    }
    let lines = String(decoding: received, as: UTF8.self).components(separatedBy: "\r\n")
    let requestLine = lines[0].split(separator: " ")
    guard requestLine.count >= 2 else { return }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    let request = Request(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers)
    let handler = lock.withLock {
      recorded.append(request)
      return handlerValue
    }
    let response = handler(request)
    if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
    let reasons = [200: "OK", 301: "Moved Permanently", 302: "Found", 304: "Not Modified", 404: "Not Found"]
    var head = "HTTP/1.1 \(response.status) \(reasons[response.status] ?? "Status")\r\n"
    var fields = response.headers
    if !fields.contains(where: { $0.0.lowercased() == "content-length" }) {
      fields.append(("Content-Length", "\(response.body.count)"))
    }
    fields.append(("Connection", "close"))
    for (name, value) in fields { head += "\(name): \(value)\r\n" }
    head += "\r\n"
    var bytes = Array(head.utf8)
    bytes += response.truncateAfter.map { Array(response.body.prefix($0)) } ?? response.body
    bytes.withUnsafeBytes { raw in
      var sent = 0
      while sent < raw.count {
        let count = send(connection, raw.baseAddress! + sent, raw.count - sent, sendFlags)
        if count <= 0 { return }
        sent += count
      }
    }
    // A graceful close: end the answer, then read until the client closes,
    // so that closing never resets a connection the client still reads.
    shutdown(connection, Int32(SHUT_WR))
    var wait = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    while read(connection, &buffer, buffer.count) > 0 {}
  }
}

/// Accepts connections on one listening socket until asked to stop. Only
/// this loop's thread uses the socket, and it closes it after its last
/// `accept`: a descriptor closed by another thread could be reused (another
/// test's listener) before the loop's next `accept`, which would then take
/// that server's connections.
private final class AcceptLoop: @unchecked Sendable {
  private let lock = NSLock()
  private var stopping = false
  private let closed = DispatchSemaphore(value: 0)

  /// How often the loop looks whether it should stop, in milliseconds.
  private static let pollInterval: Int32 = 20

  func requestStop() { lock.withLock { stopping = true } }

  /// Waits until the loop has closed its socket (at most one `pollInterval`
  /// after `requestStop`).
  func waitUntilClosed() {
    closed.wait()
    closed.signal()
  }

  /// Hands each accepted connection to `accepted`, which returns false when
  /// the server is gone (the connection is then closed and the loop ends).
  func run(_ listener: Int32, accepted: (Int32) -> Bool) {
    defer {
      close(listener)
      closed.signal()
    }
    while !lock.withLock({ stopping }) {
      var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, Self.pollInterval) > 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      guard accepted(connection) else {
        close(connection)
        return
      }
    }
  }
}

extension [UInt8] {
  fileprivate var containsHeaderEnd: Bool {
    guard count >= 4 else { return false }
    for index in 0...(count - 4)
    where self[index] == 13 && self[index + 1] == 10 && self[index + 2] == 13 && self[index + 3] == 10 {
      return true
    }
    return false
  }
}
