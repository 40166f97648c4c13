/// A path written with a fixed number of characters, padded with repeated slashes (which name the
/// same file). The exact pass starts its workers with such paths: a worker turns its arguments into
/// strings on the heap, and a path one character longer (another process id in the scratch
/// folder's name, or `ab`'s baseline build in another folder) changed the allocator's state before
/// the decode enough to move glibc's malloc by up to 0.26% of a decode's instructions.
enum FixedLengthPath {
    /// Longer than any scratch path this harness makes (the system's temporary folder, the
    /// process's folder and a UUID-named one).
    static let length = 320

    /// `path` with slashes added after its first component, up to `length` characters (paths
    /// already that long are returned as they are); in a list of folders (`a:b`), the first's.
    static func padded(_ path: String, to length: Int = length) -> String {
        guard path.count < length, path.hasPrefix("/") else { return path }
        let rest = path.dropFirst()
        guard let slash = rest.firstIndex(of: "/") else { return path }
        return "/" + rest[..<slash] + String(repeating: "/", count: length - path.count) + rest[slash...]
    }
}
