import Foundation
import CodableBenchCore

/// The library path of a counted worker: the folders this process loaded its libraries from, each
/// reached through a link of a fixed name (`/tmp/codablebench-libraries-` and a digest of the names
/// and sizes of the libraries loaded from it), padded to one length.
///
/// Why: the loader keeps each library's path as it found it, and what the process does with those
/// names before the decode moved counts. A toolchain's libraries loaded from a copy in a folder of
/// the same length but another name moved counts by up to 0.07%, a longer folder by up to 0.31%;
/// through a link of one name, 18 of 18 counts were identical (Notebook, "Counts wherever the
/// toolchain and the checkout are"). So hosts whose toolchain is installed in different folders
/// count alike, and a path's name depends only on the libraries it holds.
enum CountedLibraryFolders {
    /// The worker's `LD_LIBRARY_PATH` for `libraries` (full paths, in the order they were mapped);
    /// nil where there are none.
    static func libraryPath(for libraries: [String]) -> String? {
        var folders: [String] = []
        var loaded: [String: [String]] = [:]
        for library in libraries {
            let url = URL(fileURLWithPath: library)
            let folder = url.deletingLastPathComponent().path
            if loaded[folder] == nil { folders.append(folder) }
            loaded[folder, default: []].append(url.lastPathComponent)
        }
        guard !folders.isEmpty else { return nil }
        // 1024 characters: room for a toolchain under a home folder beside the system's folders
        // (the path's length moved counts too).
        let links = folders.map { link(to: $0, loading: loaded[$0]!) }
        return FixedLengthPath.padded(links.joined(separator: ":"), to: 1024)
    }

    /// The link's name for a folder from which `libraries` (file names) were loaded.
    private static func linkName(for libraries: [String], sizes: [Int]) -> String {
        let listing = zip(libraries, sizes).map { "\($0.0) \($0.1)\n" }.sorted().joined()
        return "/tmp/codablebench-libraries-" + String(SHA256.hex(of: Data(listing.utf8)).prefix(16))
    }

    /// A link of a fixed name to `folder`, made or pointed at `folder` if needed; `folder` itself
    /// where no link can be made.
    private static func link(to folder: String, loading libraries: [String]) -> String {
        let files = FileManager.default
        let sizes = libraries.map {
            ((try? files.attributesOfItem(atPath: folder + "/" + $0))?[.size] as? NSNumber)?.intValue ?? -1
        }
        let name = linkName(for: libraries, sizes: sizes)
        if (try? files.destinationOfSymbolicLink(atPath: name)) == folder { return name }
        // Another host's folder of the same libraries, or none: pointed here. A run starting
        // beside it may make the same link first.
        try? files.removeItem(atPath: name)
        try? files.createSymbolicLink(atPath: name, withDestinationPath: folder)
        return (try? files.destinationOfSymbolicLink(atPath: name)) == folder ? name : folder
    }
}
