import Foundation

/// A value shared between threads, read and changed only under its lock. `Mutex` (the Synchronization
/// module) is the compiler-checked form, but it needs macOS 15 and the package supports macOS 14.
package final class Locked<Value>: @unchecked Sendable {
    // Unchecked: every access to `value` is inside `lock`, which the compiler cannot see.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}
