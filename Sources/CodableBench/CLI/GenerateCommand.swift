import CodableBenchCore
import CodableBenchHarness
import ArgumentParser
import Foundation

struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write a profile's payload to a file, and print its size, sha256 and manifest."
    )

    @Option(help: "Profile name (see Data/profiles).")
    var profile: String

    @Option(help: "Output file.")
    var out: String

    @Option(help: "Override the profile's seed.")
    var seed: UInt64?

    @Option(help: "Folder of the profile JSON files (default: Data/profiles).")
    var profilesDir: String?

    @Option(help: "Also write the manifest (JSON) to this file.")
    var manifest: String?

    func run() throws {
        let catalog = try ProfileCatalog.chosen(profilesDir)
        var chosen = try catalog.profile(named: profile)
        if let seed { chosen.seed = seed }
        let start = Clocks.wall()
        let payload = NewsGenerator.generate(chosen)
        let seconds = Double(Clocks.wall() - start) / 1e9
        do {
            try payload.bytes.write(to: URL(fileURLWithPath: out))
            if let manifest {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try encoder.encode(payload.manifest).write(to: URL(fileURLWithPath: manifest))
            }
        } catch {
            throw CommandError.usage("cannot write \(out): \(error.localizedDescription)")
        }
        let m = payload.manifest
        print(
            """
            wrote \(out): \(payload.bytes.count) bytes, \(m.elements) articles, sha256 \(payload.sha256)
            planted: \(m.faults.count) faulty elements, \(m.missingFields) missing and \(m.nullFields) null optional fields, \
            \(m.unknownSectionIndices.count) unknown sections; \(m.unrelatedBytes) unrelated bytes, \(m.extBytes) ext bytes
            generated in \(String(format: "%.1f", seconds * 1000)) ms (\(String(format: "%.0f", Double(payload.bytes.count) / seconds / 1e6)) MB/s, \(Provenance.buildConfiguration) build)
            """)
    }
}
