import Foundation

/// Where a cell's bytes come from: the generator (with ground truth) or a file the user brings
/// (verified against the group's reference strategy instead).
package enum PayloadSource: Sendable {
    case generated(Profile)
    case file(URL)

    /// The name results use in the `profile` column: the profile's, or the file's name.
    package var name: String {
        switch self {
        case .generated(let profile): return profile.name
        case .file(let url): return url.lastPathComponent
        }
    }

    package var knobs: String {
        switch self {
        case .generated(let profile): return profile.knobSummary
        case .file(let url): return "file=\(url.path)"
        }
    }

    package var seed: UInt64 {
        if case .generated(let profile) = self { return profile.seed }
        return 0
    }
}

/// What the parent needs of a payload: its bytes' size and digest, the article count when known,
/// and a file with its bytes for workers that need not generate them again.
package struct PreparedPayload {
    package let bytes: Int
    package let sha256: String
    package let elements: Int
    /// The bytes, for the workers of a later process generation (they read them instead of
    /// generating them again, a cost on every worker's start).
    package let file: URL

    /// A generated payload's bytes go to a file in `folder`; a file is used where it is.
    package static func prepare(_ source: PayloadSource, writingTo folder: URL) throws -> PreparedPayload {
        switch source {
        case .generated(let profile):
            let payload = NewsGenerator.generate(profile)
            let file = folder.appendingPathComponent("\(payload.sha256).json")
            do { try payload.bytes.write(to: file) } catch {
                throw CommandError.harness("cannot write the payload to \(file.path): \(error.localizedDescription)")
            }
            return PreparedPayload(
                bytes: payload.bytes.count, sha256: payload.sha256, elements: payload.manifest.elements, file: file)
        case .file(let url):
            let data = try PayloadFile.read(url)
            return PreparedPayload(bytes: data.count, sha256: SHA256.hex(of: data), elements: 0, file: url)
        }
    }
}

/// Reads a payload file with a one-line error for anything that is not a readable regular file.
package enum PayloadFile {
    package static func read(_ url: URL) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CommandError.usage("payload not found: \(url.path)")
        }
        guard !isDirectory.boolValue else { throw CommandError.usage("payload is a directory, not a file: \(url.path)") }
        // Read into memory, not mapped: the bytes a worker decodes then sit in the heap whether
        // it generated them or read them from the parent's file.
        guard let data = try? Data(contentsOf: url) else {
            throw CommandError.usage("cannot read payload \(url.path)")
        }
        return data
    }
}

/// Where the files strategies name (`defaultFiles`) are looked up, in order.
package struct PayloadFolders: Sendable {
    let directories: [URL]

    init(directories: [URL]) {
        self.directories = directories
    }

    /// `extra` (`--corpus-dir`, a package's `payloadFolders`) first, then `Data/corpora`. Nothing
    /// outside the working directory is searched unless named.
    package static func standard(extra: [String] = []) -> PayloadFolders {
        PayloadFolders(directories: (extra + ["Data/corpora"]).map { URL(fileURLWithPath: $0) })
    }

    /// The first folder's file of that name, if any.
    package func locate(_ name: String) -> URL? {
        directories.map { $0.appendingPathComponent(name) }.first { FileManager.default.isReadableFile(atPath: $0.path) }
    }

    package var searched: String { directories.map(\.relativePath).joined(separator: ", ") }
}
