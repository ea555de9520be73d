import Foundation

/// Which URLs a load may fetch, and where a remote sheet may point
/// (docs/SHEETS.md: Remote sheets). Pure functions, so the rules are
/// tested without a network, https included.
public enum RemotePolicy {
  /// Most redirects followed for one fetch.
  public static let maxRedirects = 5

  /// Whether `name` is a URL a remote source fetches (`https:`, `http:`).
  static func isRemote(_ name: String) -> Bool {
    let lowered = name.prefix(8).lowercased()
    return lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
  }

  /// Whether `name` begins with a URL scheme (`file:`, `ftp:`), not a path.
  static func hasScheme(_ name: String) -> Bool {
    guard let colon = name.firstIndex(of: ":"), colon != name.startIndex else { return false }
    let scheme = name[..<colon]
    return scheme.first!.isLetter && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
  }

  /// Whether `host` is this machine: `localhost`, `127.0.0.0/8`, `::1`.
  public static func isLoopback(_ host: String) -> Bool {
    let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    return host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host.hasPrefix("127.")
  }

  /// Why `url` cannot be fetched, or nil when it can: `https:` always,
  /// `http:` only to a loopback host unless `allowsHTTP`.
  public static func refusal(of url: URL, allowsHTTP: Bool) -> String? {
    let scheme = url.scheme?.lowercased()
    guard let host = url.host, !host.isEmpty, scheme == "https" || scheme == "http" else {
      return "cannot read '\(url.absoluteString)': only https: (and http: to this machine) URLs can be fetched"
    }
    if scheme == "http" && !allowsHTTP && !isLoopback(host) {
      return "cannot read '\(url.absoluteString)': http: is only for this machine's loopback host; use https:"
    }
    return nil
  }

  /// Why a fetch of `from` may not follow a redirect to `to`, or nil when
  /// it may: never from https to http, and only to a URL that can be fetched.
  public static func redirectRefusal(from: URL, to: URL, allowsHTTP: Bool) -> String? {
    if from.scheme?.lowercased() == "https" && to.scheme?.lowercased() != "https" {
      return "redirected from https to '\(to.absoluteString)', which is refused"
    }
    return refusal(of: to, allowsHTTP: allowsHTTP).map { "redirected to '\(to.absoluteString)': " + $0 }
  }

  /// The URL a reference written in the remote file `base` names (RFC 3986),
  /// or why it may not: a remote file names no `file:` URL, no absolute
  /// local path and nothing on another host.
  public static func resolve(_ reference: String, against base: URL) -> Result<URL, RemoteRefusal> {
    if reference.hasPrefix("/") && !reference.hasPrefix("//") {
      return .failure(
        RemoteRefusal("a remote sheet cannot name the absolute local path '\(reference)'; write it relative"))
    }
    if hasScheme(reference) && !isRemote(reference) {
      return .failure(RemoteRefusal("a remote sheet cannot name '\(reference)': only URLs on its own host"))
    }
    guard let url = URL(string: reference, relativeTo: base)?.absoluteURL.standardized else {
      return .failure(RemoteRefusal("'\(reference)' is not a URL reference (RFC 3986)"))
    }
    guard origin(of: url) == origin(of: base) else {
      return .failure(
        RemoteRefusal("a remote sheet cannot name '\(reference)': it leaves '\(origin(of: base))'"))
    }
    return .success(url)
  }

  /// Scheme, host and port: what a remote file's references stay within.
  static func origin(of url: URL) -> String {
    let scheme = url.scheme?.lowercased() ?? ""
    let port = url.port.map { ":\($0)" } ?? ""
    return "\(scheme)://\(url.host?.lowercased() ?? "")\(port)"
  }
}

/// Why a name cannot be read.
public struct RemoteRefusal: Error, Equatable, Sendable {
  public var reason: String
  init(_ reason: String) { self.reason = reason }
}
