import Foundation

/// The CPU a run was timed on, as precisely as the machine tells: its name, vendor, family, model
/// and stepping, and its cache sizes. Time ratios between different kinds of code (an object tree
/// against a parser, formatting against arithmetic) are a property of the CPU as much as of the
/// code, so every time figure says whose it is; a virtual machine's guest may call itself only
/// "Intel(R) Xeon(R) Processor", and the family, model and caches tell such hosts apart.
package struct CPUIdentity: Codable, Equatable, Hashable, Sendable {
    package var name: String
    /// `GenuineIntel`, `AuthenticAMD`, `Apple`; empty where the machine does not say.
    var vendor: String = ""
    package var family: Int? = nil
    package var model: Int? = nil
    var stepping: Int? = nil
    /// Per core: L1 data and L2; the last level's size (shared), in bytes; nil where unknown. On
    /// Apple silicon the performance cores' (`hw.perflevel0`), where timing runs.
    var l1dBytes: Int? = nil
    var l2Bytes: Int? = nil
    var l3Bytes: Int? = nil
    /// A cache line's bytes where the machine says (`hw.cachelinesize`: 128 on Apple silicon).
    var lineBytes: Int? = nil
    /// Apple silicon: the machine (`hw.model`, "Mac14,10": one chip cools otherwise in a fanless
    /// Air than in a Studio) and its kinds of core (`hw.perflevelN`: "8 Performance + 4 Efficiency";
    /// an M5 Pro's "Super" and "Performance"), which a run's workers may be placed on.
    var machine: String? = nil
    var coreKinds: String? = nil

    package init(name: String) { self.name = name }

    /// "AMD EPYC (AuthenticAMD family 26 model 2 stepping 1; L1d 48 KiB, L2 1 MiB, L3 32 MiB)":
    /// what every time figure of a run is labelled with, and what `across` keeps apart.
    package var label: String {
        var id = vendor.isEmpty ? [] : [vendor]
        if let family { id.append("family \(family)") }
        if let model { id.append("model \(model)") }
        if let stepping { id.append("stepping \(stepping)") }
        let caches = [("L1d", l1dBytes), ("L2", l2Bytes), ("L3", l3Bytes)].compactMap { level, bytes in
            bytes.map { "\(level) \(Self.size($0))" }
        }
        let details = [machine ?? "", coreKinds ?? "", id.joined(separator: " "), caches.joined(separator: ", ")].filter { !$0.isEmpty }
        return details.isEmpty ? name : "\(name) (\(details.joined(separator: "; ")))"
    }

    /// "AMD EPYC family 26 model 2": what an answer line names; the name alone where the machine
    /// tells nothing more (a Mac's "Apple M2 Pro" says it all).
    package var shortLabel: String {
        guard let family, let model else { return name }
        return "\(name) family \(family) model \(model)"
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }

    /// This machine's CPU; only its name where nothing else can be read.
    static func current() -> CPUIdentity {
        #if canImport(Darwin)
        return darwin(sysctl: SystemCalls.sysctlString, SystemCalls.sysctlInt)
        #else
        guard Platform.current.readsProcFiles else { return CPUIdentity(name: SystemFiles.cpuModel() ?? "unknown") }
        let cpuinfo = SystemFiles.procText("/proc/cpuinfo") ?? ""
        let folder = "/sys/devices/system/cpu/cpu0/cache"
        let indexes = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        let caches = indexes.filter { $0.hasPrefix("index") }.compactMap { index -> SysfsCache? in
            func read(_ file: String) -> String? {
                (try? String(contentsOfFile: "\(folder)/\(index)/\(file)", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard let level = read("level").flatMap(Int.init), let type = read("type"), let size = read("size") else { return nil }
            return SysfsCache(level: level, type: type, size: size)
        }
        return linux(cpuinfo: cpuinfo, caches: caches)
        #endif
    }

    /// One of `/sys/devices/system/cpu/cpu0/cache/index*`: its level, type (Data, Instruction,
    /// Unified) and size ("48K", "32768K").
    struct SysfsCache: Equatable {
        var level: Int
        var type: String
        var size: String

        var bytes: Int? {
            let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
            guard let last = size.last else { return nil }
            if let unit = units[last] { return Int(size.dropLast()).map { $0 * unit } }
            return Int(size)
        }
    }

    /// From /proc/cpuinfo's first processor and cpu0's caches.
    static func linux(cpuinfo: String, caches: [SysfsCache]) -> CPUIdentity {
        var fields: [String: String] = [:]
        for line in cpuinfo.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).isEmpty, !fields.isEmpty { break }  // the first processor only
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            fields[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
        }
        var cpu = CPUIdentity(name: fields["model name"] ?? "unknown")
        cpu.vendor = fields["vendor_id"] ?? ""
        cpu.family = fields["cpu family"].flatMap { Int($0) }
        cpu.model = fields["model"].flatMap { Int($0) }
        cpu.stepping = fields["stepping"].flatMap { Int($0) }
        cpu.l1dBytes = caches.first { $0.level == 1 && $0.type == "Data" }?.bytes
        cpu.l2Bytes = caches.first { $0.level == 2 && $0.type != "Instruction" }?.bytes
        cpu.l3Bytes = caches.first { $0.level == 3 }?.bytes
        return cpu
    }

    /// From sysctl: on Apple silicon the performance cores' caches (`hw.perflevel0.*`, macOS 12+),
    /// with `hw.cpufamily` as the model, the machine and its kinds of core; on Intel Macs
    /// `machdep.cpu.*`. Where `hw.perflevel0` is absent (some VMs), the legacy keys may be the
    /// efficiency cores' sizes.
    static func darwin(sysctl string: (String) -> String?, _ int: (String) -> Int?) -> CPUIdentity {
        var cpu = CPUIdentity(name: string("machdep.cpu.brand_string") ?? "unknown")
        cpu.vendor = string("machdep.cpu.vendor") ?? (cpu.name.hasPrefix("Apple") ? "Apple" : "")
        cpu.family = int("machdep.cpu.family")
        cpu.model = int("machdep.cpu.model") ?? int("hw.cpufamily").map { Int(UInt32(truncatingIfNeeded: $0)) }
        cpu.stepping = int("machdep.cpu.stepping")
        cpu.l1dBytes = int("hw.perflevel0.l1dcachesize") ?? int("hw.l1dcachesize")
        cpu.l2Bytes = int("hw.perflevel0.l2cachesize") ?? int("hw.l2cachesize")
        cpu.l3Bytes = int("hw.l3cachesize").flatMap { $0 > 0 ? $0 : nil }
        cpu.lineBytes = int("hw.cachelinesize")
        cpu.machine = string("hw.model")
        let levels = (0..<(int("hw.nperflevels") ?? 0)).compactMap { level -> String? in
            guard let name = string("hw.perflevel\(level).name"), let cores = int("hw.perflevel\(level).physicalcpu") else { return nil }
            return "\(cores) \(name)"
        }
        cpu.coreKinds = levels.isEmpty ? nil : levels.joined(separator: " + ")
        return cpu
    }
}
