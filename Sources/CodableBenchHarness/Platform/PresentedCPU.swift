import Foundation

/// The CPU valgrind presents to the process it runs, as that process's glibc reads it. valgrind
/// answers CPUID itself, with one of a few fixed CPUs chosen by what the host can do (on hosts
/// with AVX2 seen here: an Intel family 6 model 60, "haswell"), and glibc picks its string
/// functions and cache sizes from that answer, not from the host's CPU. Two hosts whose valgrind
/// presents the same CPU run the same code in the counted decodes, so one build's counts can agree
/// across them (`across` pools them where it is the same, and names the difference where not).
enum PresentedCPU {
    /// "Intel family 6 model 60 stepping 3 (haswell)", read from the dynamic loader's own
    /// diagnostics under valgrind (`ld.so --list-diagnostics`, glibc 2.33+); nil where it cannot
    /// be read (another architecture, an older glibc).
    static func read(valgrind: String) -> String? {
        let loader = "/lib64/ld-linux-x86-64.so.2"
        guard FileManager.default.isExecutableFile(atPath: loader) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=none", "-q", loader, "--list-diagnostics"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return describe(diagnostics: String(decoding: data, as: UTF8.self))
    }

    /// The CPU in the loader's diagnostics (`x86.cpu_features.basic.*`, `dl_platform`).
    static func describe(diagnostics: String) -> String? {
        var fields: [String: String] = [:]
        for line in diagnostics.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            fields[String(parts[0])] = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        func number(_ key: String) -> Int? {
            fields["x86.cpu_features.basic.\(key)"].flatMap { Int($0.replacingOccurrences(of: "0x", with: ""), radix: 16) }
        }
        guard let family = number("family"), let model = number("model") else { return nil }
        // glibc's `enum cpu_features_kind`: arch_kind_intel 1, amd 2, zhaoxin 3, other 4.
        let vendor = [1: "Intel", 2: "AMD", 3: "Zhaoxin"][number("kind") ?? 0] ?? "x86-64"
        let stepping = number("stepping").map { " stepping \($0)" } ?? ""
        let platform = fields["dl_platform"].map { " (\($0))" } ?? ""
        return "\(vendor) family \(family) model \(model)\(stepping)\(platform)"
    }
}
