import Stylist

/// Reads JSON-RPC messages framed by a `Content-Length` header from a file
/// descriptor. A header it cannot read is skipped up to the next
/// `Content-Length:`, so one bad frame costs that frame, not the stream.
struct MessageReader {
  /// What one read gives.
  enum Frame {
    /// A message's body, to be parsed as JSON.
    case body([UInt8])
    /// Bytes that were no frame (a header without a length, or a length
    /// past the limit); they are skipped.
    case malformed(String)
    /// The input ended.
    case end
  }

  /// The largest body read: above the 64 MiB a sheet may have, with room
  /// for the JSON escapes of a document's text.
  static let maxBodySize = 256 << 20
  /// The longest header section: a header longer than this is no header.
  static let maxHeaderSize = 4 << 10

  /// Where messages come from.
  enum Input {
    case descriptor(Int32)
    /// A whole stream at once (a fuzzer's input).
    case bytes([UInt8])
  }

  private let input: Input
  private var buffer: [UInt8] = []
  /// Where the unread bytes of `buffer` start.
  private var start = 0
  private var ended = false

  init(_ input: Input) { self.input = input }

  mutating func next() -> Frame {
    while true {
      if let headerEnd = find(Self.headerTerminator, from: start) {
        let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
        let bodyStart = headerEnd + Self.headerTerminator.count
        guard let length = Self.contentLength(in: header), length <= Self.maxBodySize else {
          start = bodyStart
          return .malformed("a header without a valid Content-Length: \(header.prefix(200))")
        }
        guard fill(upTo: bodyStart + length) else {
          start = buffer.count
          return .end
        }
        let body = Array(buffer[bodyStart..<(bodyStart + length)])
        start = bodyStart + length
        compact()
        return .body(body)
      }
      if buffer.count - start > Self.maxHeaderSize {
        // No header ends here: skip to the next `Content-Length:`, if any.
        let next = find(Array("Content-Length:".utf8), from: start + 1) ?? buffer.count
        start = next
        compact()
        return .malformed("more than \(Self.maxHeaderSize) bytes without a header's end")
      }
      guard readMore() else {
        return .end
      }
    }
  }

  private static let headerTerminator: [UInt8] = Array("\r\n\r\n".utf8)

  /// The value of the header's `Content-Length` field (any case), if it is a number.
  static func contentLength(in header: String) -> Int? {
    for line in header.split(separator: "\r\n") {
      guard let colon = line.firstIndex(of: ":") else { continue }
      guard line[..<colon].lowercased() == "content-length" else { continue }
      let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
      guard value.count <= 12, let length = Int(value), length >= 0 else { return nil }
      return length
    }
    return nil
  }

  private func find(_ needle: [UInt8], from position: Int) -> Int? {
    guard buffer.count - position >= needle.count else { return nil }
    var index = position
    let last = buffer.count - needle.count
    while index <= last {
      if buffer[index] == needle[0] && buffer[index..<(index + needle.count)].elementsEqual(needle) { return index }
      index += 1
    }
    return nil
  }

  /// Reads until `buffer` holds `end` bytes; false when the input ends first.
  private mutating func fill(upTo end: Int) -> Bool {
    buffer.reserveCapacity(end)
    while buffer.count < end {
      guard readMore() else { return false }
    }
    return true
  }

  private mutating func readMore() -> Bool {
    if ended { return false }
    let count: Int
    switch input {
    case .bytes(let bytes):
      buffer.append(contentsOf: bytes)
      count = bytes.count
      ended = true
      return count > 0
    case .descriptor(let descriptor):
      // 64 KiB a call, what a pipe holds: a read makes room for all it asks for.
      count = SystemCalls.read(descriptor, appendingAtMost: 1 << 16, to: &buffer)
    }
    if count <= 0 { ended = true }
    return count > 0
  }

  /// Drops the bytes read already once they are most of the buffer.
  private mutating func compact() {
    guard start > 0, start >= buffer.count / 2 else { return }
    buffer.removeSubrange(0..<start)
    start = 0
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> Substring {
    var text = self
    while let first = text.first, set.contains(first) { text.removeFirst() }
    while let last = text.last, set.contains(last) { text.removeLast() }
    return text
  }
}
