import Foundation

/// What the harness reads of the machine through files and Foundation (Linux's `/proc` and `/sys`,
/// `/etc/os-release`; Darwin's bundle and process info): no C call here, those are `SystemCalls`'.
enum SystemFiles {
    /// The whole text of a `/proc` file. Its size reads as 0, and `String(contentsOfFile:)` read
    /// only its first 4 KB: a third of `/proc/self/maps`, so that the counted worker's library
    /// path held the folders of the libraries mapped there only.
    static func procText(_ path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        return String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The running executable's path.
    static func executablePath() -> String? {
        if Platform.current.readsProcFiles {
            return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        }
        return Bundle.main.executablePath  // Darwin: `_NSGetExecutablePath` (<mach-o/dyld.h>) underneath
    }

    /// The CPU's model name; nil where it cannot be read.
    static func cpuModel() -> String? {
        #if canImport(Darwin)
        return SystemCalls.sysctlString("machdep.cpu.brand_string")
        #else
        guard Platform.current.readsProcFiles,
            let cpuinfo = procText("/proc/cpuinfo")
        else { return nil }
        return cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #endif
    }

    /// Linux's CPU frequency governor of the first CPU; nil elsewhere.
    static func frequencyGovernor() -> String? {
        guard Platform.current.readsProcFiles else { return nil }
        let file = "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"
        return (try? String(contentsOfFile: file, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Linux: the shared libraries this process has loaded, in the order they were mapped
    /// (`/proc/self/maps`); nil elsewhere. A worker started with their folders as its library path
    /// finds every library there without opening `/etc/ld.so.cache`, whose size otherwise moves
    /// where its libraries are mapped, and so its exact counts (`CountedLibraryFolders`).
    static func loadedLibraries() -> [String]? {
        guard Platform.current.readsProcFiles, let maps = procText("/proc/self/maps") else {
            return nil
        }
        var libraries: [String] = []
        for line in maps.split(separator: "\n") {
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first, path.hasPrefix("/"),
                path.contains(".so")
            else { continue }
            if !libraries.contains(String(path)) { libraries.append(String(path)) }
        }
        return libraries
    }

    /// The OS's name and version as people read it.
    static func operatingSystemName() -> String {
        if Platform.current.readsProcFiles, let release = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
            let pretty = release.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
        {
            return pretty.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        if Platform.current.kind == .darwin {
            let version = ProcessInfo.processInfo.operatingSystemVersion  // what `sw_vers` prints
            return "macOS \(version.majorVersion).\(version.minorVersion).\(version.patchVersion)"
        }
        return ProcessInfo.processInfo.operatingSystemVersionString
    }
}
