import Foundation

/// Where a cell's bytes come from: the generator (with ground truth) or a file the user brings
/// (verified against the group's reference strategy instead).
enum PayloadSource: Sendable {
    case generated(Profile)
    case file(URL)

    /// The name results use in the `profile` column: the profile's, or the file's name.
    var name: String {
        switch self {
        case .generated(let profile): return profile.name
        case .file(let url): return url.lastPathComponent
        }
    }

    var knobs: String {
        switch self {
        case .generated(let profile): return profile.knobSummary
        case .file(let url): return "file=\(url.path)"
        }
    }

    var seed: UInt64 {
        if case .generated(let profile) = self { return profile.seed }
        return 0
    }
}

/// What the parent needs of a payload: its bytes' size and digest, and the article count when known.
struct PreparedPayload {
    let bytes: Int
    let sha256: String
    let elements: Int

    static func prepare(_ source: PayloadSource) throws -> PreparedPayload {
        switch source {
        case .generated(let profile):
            let payload = NewsGenerator.generate(profile)
            return PreparedPayload(bytes: payload.bytes.count, sha256: payload.sha256, elements: payload.manifest.elements)
        case .file(let url):
            let data = try PayloadFile.read(url)
            return PreparedPayload(bytes: data.count, sha256: SHA256.hex(of: data), elements: 0)
        }
    }
}

/// Reads a payload file with a one-line error for anything that is not a readable regular file.
enum PayloadFile {
    static func read(_ url: URL) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw UsageError("payload not found: \(url.path)")
        }
        guard !isDirectory.boolValue else { throw UsageError("payload is a directory, not a file: \(url.path)") }
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else {
            throw UsageError("cannot read payload \(url.path)")
        }
        return data
    }
}

/// Where the files strategies name (`defaultFiles`) are looked up, in order.
struct PayloadFolders: Sendable {
    let directories: [URL]

    init(directories: [URL]) {
        self.directories = directories
    }

    /// `extra` (e.g. `--corpus-dir`) first, then `Data/corpora` and `../shared/corpora`.
    static func standard(extra: [String] = []) -> PayloadFolders {
        PayloadFolders(directories: (extra + ["Data/corpora", "../shared/corpora"]).map { URL(fileURLWithPath: $0) })
    }

    /// The first folder's file of that name, if any.
    func locate(_ name: String) -> URL? {
        directories.map { $0.appendingPathComponent(name) }.first { FileManager.default.isReadableFile(atPath: $0.path) }
    }

    var searched: String { directories.map(\.relativePath).joined(separator: ", ") }
}
