import Foundation
import Testing

@testable import Stylist

/// The size limit holds for regular files and for the others, and its
/// arithmetic saturates: `Int.max` reads everything, a negative limit
/// allows nothing, and neither traps.
@Suite struct FileReaderTests {
  @Test func limitsAtTheEndsOfIntNeitherTrapNorCutOff() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("stylist-reader-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data("styles: {}\n".utf8).write(to: URL(fileURLWithPath: path))

    #expect(FileReader.contents(of: path, limit: .max) == .success(Array("styles: {}\n".utf8)))
    #expect(FileReader.contents(of: path, limit: 11) == .success(Array("styles: {}\n".utf8)))
    #expect(FileReader.contents(of: path, limit: 10) == .failure(.tooLarge(size: 11, limit: 10)))
    #expect(FileReader.contents(of: path, limit: .min) == .failure(.tooLarge(size: 11, limit: .min)))
    // Not a regular file: read up to one byte past the limit.
    #expect(FileReader.contents(of: "/dev/null", limit: .max) == .success([]))
    #expect(FileReader.contents(of: "/dev/null", limit: 0) == .success([]))
    #expect(FileReader.contents(of: "/dev/null", limit: .min) == .failure(.tooLarge(size: nil, limit: .min)))
    #expect(FileReader.contents(of: "/dev/zero", limit: 100_000) == .failure(.tooLarge(size: nil, limit: 100_000)))
  }
}
