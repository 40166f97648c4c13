import Foundation

extension Date {
    /// Milliseconds since 1970, rounded: the canonical form of every date, exact for the
    /// millisecond-precision dates the generator writes.
    public var epochMilliseconds: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded())
    }
}
