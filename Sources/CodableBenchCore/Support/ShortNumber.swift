import Foundation

extension Double {
    /// `0.3`, `1000`: the shortest form `%g` gives. (Not `formatted`: Foundation has a method of
    /// that name, which a caller that cannot see this would silently interpolate instead.)
    package var shortText: String { String(format: "%g", self) }
}
