/// A table of trivial values with a fixed capacity, in `PageMemory`: for the
/// rule trie's build tables, which are large, short-lived and sized in
/// advance. Reserved but unwritten room costs no resident memory.
final class PageBuffer<Element: BitwiseCopyable> {
  private let storage: UnsafeMutableBufferPointer<Element>
  private(set) var count = 0

  /// An empty table with room for `capacity` elements.
  init(capacity: Int) {
    storage = PageMemory.allocate(count: capacity)
  }

  /// `count` copies of `value`.
  convenience init(repeating value: Element, count: Int) {
    self.init(capacity: count)
    storage.initialize(repeating: value)
    self.count = count
  }

  deinit { PageMemory.deallocate(storage) }

  var capacity: Int { storage.count }

  /// The elements so far.
  var elements: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(rebasing: storage[0..<count]) }

  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "index out of range")
      return storage[index]
    }
    set {
      precondition(index >= 0 && index < count, "index out of range")
      storage[index] = newValue
    }
  }

  func append(_ element: Element) {
    precondition(count < storage.count, "table full")
    storage[count] = element
    count += 1
  }

  func append(contentsOf elements: some Collection<Element>) {
    precondition(count + elements.count <= storage.count, "table full")
    for element in elements {
      storage[count] = element
      count += 1
    }
  }
}
