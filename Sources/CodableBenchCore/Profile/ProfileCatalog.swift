import Foundation

/// Finds and reads the named profiles in a folder (by default `Data/profiles/` of the working
/// directory, else of the source checkout this binary was built from).
package struct ProfileCatalog: Sendable {
    let directory: URL

    init(directory: URL) {
        self.directory = directory
    }

    /// `Data/profiles` under the working directory when it exists, else under the package this
    /// file was compiled in (so `swift run` from a subfolder still finds them).
    package static func standard() -> ProfileCatalog {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("Data/profiles")
        if FileManager.default.fileExists(atPath: cwd.path) { return ProfileCatalog(directory: cwd) }
        return ProfileCatalog(directory: SourceCheckout.root.appendingPathComponent("Data/profiles"))
    }

    /// The folder a `--profiles-dir` option names, or the standard one without it.
    package static func chosen(_ folder: String?) throws -> ProfileCatalog {
        guard let folder else { return standard() }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw CommandError.usage("--profiles-dir \(folder) is not a folder")
        }
        return ProfileCatalog(directory: URL(fileURLWithPath: folder))
    }

    func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Reads `NAME.json`; the error is one line naming the file and what is wrong with it.
    package func profile(named name: String) throws -> Profile {
        let file = directory.appendingPathComponent("\(name).json")
        guard FileManager.default.fileExists(atPath: file.path) else {
            let known = names()
            throw ProfileError.notFound(
                "unknown profile '\(name)' (known: \(known.isEmpty ? "none in \(directory.path)" : known.joined(separator: ", ")))")
        }
        return try Profile.read(from: file)
    }
}

extension Profile {
    /// Reads and validates one profile file; every failure is a one-line `ProfileError`.
    static func read(from file: URL) throws -> Profile {
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            throw ProfileError.invalid("cannot read profile \(file.path)")
        }
        let profile: Profile
        do { profile = try JSONDecoder().decode(Profile.self, from: data) } catch let error as ProfileError {
            throw ProfileError.invalid("malformed profile \(file.lastPathComponent): \(error)")
        } catch let error as DecodingError {
            throw ProfileError.invalid("malformed profile \(file.lastPathComponent): \(error.oneLine)")
        } catch {
            throw ProfileError.invalid("malformed profile \(file.lastPathComponent): \(error)")
        }
        try profile.validate()
        return profile
    }
}
