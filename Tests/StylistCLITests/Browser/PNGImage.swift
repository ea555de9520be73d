/// A PNG file's pixels (8-bit RGB or RGBA, not interlaced: what Chromium's
/// screenshots are), read for the browser test.
struct PNGImage {
  struct Unsupported: Error, CustomStringConvertible {
    var description: String
  }

  /// An opaque colour.
  struct Pixel: Hashable, CustomStringConvertible {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    /// `#rrggbb`.
    init?(hex: String) {
      guard hex.count == 7, hex.first == "#", let value = Int(hex.dropFirst(), radix: 16) else { return nil }
      (red, green, blue) = (UInt8(value >> 16), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    init(red: UInt8, green: UInt8, blue: UInt8) {
      (self.red, self.green, self.blue) = (red, green, blue)
    }

    var description: String {
      "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
  }

  let width: Int
  let height: Int
  /// Every pixel, row by row.
  let pixels: [Pixel]

  init(bytes: [UInt8]) throws {
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
      throw Unsupported(description: "not a PNG file")
    }
    var position = 8
    var header: ArraySlice<UInt8> = []
    var data: [UInt8] = []
    func integer(at offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    while position + 8 <= bytes.count {
      let length = integer(at: position)
      let type = String(decoding: bytes[position + 4..<position + 8], as: UTF8.self)
      let body = bytes[position + 8..<min(bytes.count, position + 8 + length)]
      if type == "IHDR" { header = body }
      if type == "IDAT" { data += body }
      if type == "IEND" { break }
      position += 12 + length
    }
    guard header.count == 13 else { throw Unsupported(description: "no IHDR") }
    let start = header.startIndex
    width = integer(at: start)
    height = integer(at: start + 4)
    let (depth, colorType, interlace) = (header[start + 8], header[start + 9], header[start + 12])
    guard depth == 8, colorType == 2 || colorType == 6, interlace == 0 else {
      throw Unsupported(description: "depth \(depth), colour type \(colorType), interlace \(interlace)")
    }
    let channels = colorType == 6 ? 4 : 3
    let raw = try Inflater.zlibDecompressed(data)
    let stride = width * channels
    guard raw.count >= height * (stride + 1) else { throw Unsupported(description: "short image data") }
    var previous = [UInt8](repeating: 0, count: stride)
    var pixels: [Pixel] = []
    pixels.reserveCapacity(width * height)
    for row in 0..<height {
      let filter = raw[row * (stride + 1)]
      var line = Array(raw[row * (stride + 1) + 1..<(row + 1) * (stride + 1)])
      for index in 0..<stride {
        let left = index >= channels ? Int(line[index - channels]) : 0
        let up = Int(previous[index])
        let upLeft = index >= channels ? Int(previous[index - channels]) : 0
        let predictor: Int
        switch filter {
        case 0: predictor = 0
        case 1: predictor = left
        case 2: predictor = up
        case 3: predictor = (left + up) / 2
        case 4:
          let estimate = left + up - upLeft
          let (toLeft, toUp, toUpLeft) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
          predictor = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft
        default: throw Unsupported(description: "filter \(filter)")
        }
        line[index] = UInt8((Int(line[index]) + predictor) & 0xFF)
      }
      for column in 0..<width {
        let offset = column * channels
        pixels.append(Pixel(red: line[offset], green: line[offset + 1], blue: line[offset + 2]))
      }
      previous = line
    }
    self.pixels = pixels
  }

  /// How many pixels have each colour.
  var histogram: [Pixel: Int] {
    pixels.reduce(into: [:]) { $0[$1, default: 0] += 1 }
  }
}
