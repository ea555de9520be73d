import Foundation

/// A fetched file's copy: its bytes, validators and when it was fetched
/// (or last confirmed by a 304).
struct RemoteCopy: Sendable, Equatable {
  var bytes: [UInt8]
  var validators: Validators
  var fetched: Date
}

/// The last good copies on disk, one file per URL in `folder`: `KEY.json`
/// (URL, validators, date and the bytes in base64), `KEY` a hash of the
/// URL. One file written atomically (a temporary file renamed) keeps a
/// copy whole and its validators its own; one that cannot be read is no copy.
struct RemoteCache: Sendable {
  let folder: URL

  private struct Entry: Codable {
    var url: String
    var validators: Validators
    var fetched: Date
    var body: Data
  }

  func copy(of url: String) -> RemoteCopy? {
    guard let json = try? Data(contentsOf: file(for: url)),
      let entry = try? JSONDecoder().decode(Entry.self, from: json), entry.url == url
    else { return nil }
    return RemoteCopy(bytes: Array(entry.body), validators: entry.validators, fetched: entry.fetched)
  }

  /// Stores `copy` as `url`'s last good copy; a cache that cannot be
  /// written is left as it was (the load does not depend on it).
  func store(_ copy: RemoteCopy, of url: String) {
    let entry = Entry(url: url, validators: copy.validators, fetched: copy.fetched, body: Data(copy.bytes))
    guard let json = try? JSONEncoder().encode(entry) else { return }
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try? json.write(to: file(for: url), options: .atomic)
  }

  /// The URL's file: FNV-1a 64 of the URL, in hex.
  private func file(for url: String) -> URL {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in url.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let name = String(hash, radix: 16)
    return folder.appendingPathComponent(String(repeating: "0", count: 16 - name.count) + name + ".json")
  }
}
