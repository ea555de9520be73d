#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole sheet and tree files with a size limit that holds for every
/// kind of file: a regular file is checked by its size before reading, and
/// anything else (a pipe, `/dev/zero`) is read at most one byte past the
/// limit, so no input can make a load read without end.
enum FileReader {
  /// Opens `path` to be read in pieces (a node file, read a block at a
  /// time): its descriptor, which the caller closes, or why not; a
  /// directory is refused.
  static func openForReading(_ path: String) -> Result<Int32, ContentFailure> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT != S_IFDIR else {
      close(descriptor)
      return .failure(status.st_mode & S_IFMT == S_IFDIR ? .directory : .unreadable)
    }
    return .success(descriptor)
  }

  static func contents(of path: String, limit: Int) -> Result<[UInt8], ContentFailure> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable) }
    let kind = status.st_mode & S_IFMT
    if kind == S_IFDIR { return .failure(.directory) }
    let knownSize = kind == S_IFREG ? Int(status.st_size) : nil
    if let knownSize, knownSize > limit { return .failure(.tooLarge(size: knownSize, limit: limit)) }

    // One byte past the limit tells a file at the limit from a longer one;
    // at `Int.max` no file can be longer, and the count saturates.
    let ceiling = limit == .max ? limit : limit + 1
    var bytes: [UInt8] = []
    bytes.reserveCapacity(max(0, min((knownSize ?? 0) + 1, ceiling)))
    let chunkSize = 1 << 16
    while bytes.count < ceiling {
      // Up to the size `fstat` gave and one byte more (the end, or a file
      // that grew): a read never makes room past what was reserved.
      let expected = knownSize.map { max(1, $0 + 1 - bytes.count) } ?? chunkSize
      let count = SystemCalls.read(
        descriptor, appendingAtMost: min(chunkSize, ceiling - bytes.count, expected), to: &bytes)
      if count < 0 { return .failure(.unreadable) }
      if count == 0 { return .success(bytes) }
    }
    if bytes.count <= limit { return .success(bytes) }
    return .failure(.tooLarge(size: nil, limit: limit))
  }
}
