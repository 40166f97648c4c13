@testable import CodableBench
import Foundation
import Testing

@Suite("results.csv round trip and bad files")
struct ResultsCSVTests {
    static func sampleRows() -> [ResultRow] {
        let provenance = Provenance(
            runID: "20261122-000000-abcd", time: "2026-11-22T00:00:00Z", gitCommit: "0123abc", gitDirty: true,
            swiftVersion: "Swift version 6.3.1, \"quoted\"", os: "Debian GNU/Linux 12 (bookworm)", kernel: "6.1",
            cpuModel: "Some CPU @ 2.00GHz", cores: 2, buildConfiguration: "release", buildFlags: "-O trait:Simdjson",
            harnessVersion: "0.1.0",
            allocator: "system", countingBackend: "jemalloc")
        let cell = CellIdentity(group: "g", strategy: "s", expectation: "strict", profile: "small", bytes: 103_075,
                                sha256: String(repeating: "ab", count: 32), elements: 30, seed: 20_190_730,
                                knobs: "elements=30;unrelated=0.2")
        let summary = Summary([0.1, 1.0 / 3.0, 2.5e-7, 1_234_567.125, 3])!
        return [
            ResultRow(provenance: provenance, cell: cell, outcome: .ok, expectedOutcome: .ok, detail: "", metric: .wallTime, summary: summary),
            ResultRow(provenance: provenance, cell: cell, outcome: .wrongOutput, expectedOutcome: .ok,
                      detail: "data.articles[3].title: expected \"a, b\"\nnext line", metric: .none, summary: nil),
        ]
    }

    private func write(_ text: String) throws -> URL {
        let file = try TestSupport.temporaryDirectory().appendingPathComponent("results.csv")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test func rowsRoundTripExactly() throws {
        let rows = Self.sampleRows()
        let file = try write(ResultsCSV.header + rows.map(ResultsCSV.line).joined())
        #expect(try ResultsCSV.read(file) == rows)
    }

    @Test func emptyFileIsAnError() throws {
        let error = try #require(throws: ResultsError.self) { try ResultsCSV.read(try write("")) }
        #expect(error.description.hasSuffix("is empty"))
    }

    @Test func missingColumnsAreNamed() throws {
        let error = try #require(throws: ResultsError.self) { try ResultsCSV.read(try write("a,b\n1,2\n")) }
        #expect(error.description.contains("missing column(s) schema_version"))
    }

    @Test func otherSchemaVersionIsRejected() throws {
        let line = ResultsCSV.line(Self.sampleRows()[0])
        let error = try #require(throws: ResultsError.self) {
            try ResultsCSV.read(try write(ResultsCSV.header + "9" + line.dropFirst()))
        }
        #expect(error.description.contains("schema version 9"))
    }

    /// Files written before `build_flags` existed (version 1, e.g. the recorded fixtures) still read.
    @Test func versionOneFilesAreReadWithEmptyFlags() throws {
        let rows = Self.sampleRows()
        let v2 = ResultsCSV.header + rows.map(ResultsCSV.line).joined()
        let v1 = v2.replacingOccurrences(of: "build_configuration,build_flags,", with: "build_configuration,")
            .replacingOccurrences(of: ",release,-O trait:Simdjson,", with: ",release,")
            .replacingOccurrences(of: "\n2,", with: "\n1,")
        let read = try ResultsCSV.read(try write(v1))
        #expect(read.count == 2 && read.allSatisfy { $0.provenance.buildFlags.isEmpty && $0.provenance.buildConfiguration == "release" })
        // Version 2 without the column is not a results file.
        let broken = v2.replacingOccurrences(of: "build_configuration,build_flags,", with: "build_configuration,")
            .replacingOccurrences(of: ",release,-O trait:Simdjson,", with: ",release,")
        let error = try #require(throws: ResultsError.self) { try ResultsCSV.read(try write(broken)) }
        #expect(error.description.contains("missing column(s) build_flags"))
    }

    @Test func thisBuildRecordsItsFlags() {
        #expect(Provenance.buildFlags.hasPrefix(Provenance.buildConfiguration == "debug" ? "-Onone" : "-O"))
    }

    @Test func corruptNumberIsRejectedWithItsLine() throws {
        let line = ResultsCSV.line(Self.sampleRows()[0]).replacingOccurrences(of: ",103075,", with: ",lots,")
        let error = try #require(throws: ResultsError.self) { try ResultsCSV.read(try write(ResultsCSV.header + line)) }
        #expect(error.description == "results.csv line 2: column 'bytes' has an invalid value")
    }

    @Test func truncatedRowIsRejected() throws {
        let line = ResultsCSV.line(Self.sampleRows()[0])
        let error = try #require(throws: ResultsError.self) {
            try ResultsCSV.read(try write(ResultsCSV.header + String(line.prefix(40)) + "\n"))
        }
        #expect(error.description.contains("row 2 has"))
    }

    @Test func notUTF8IsRejected() throws {
        let file = try TestSupport.temporaryDirectory().appendingPathComponent("bad.csv")
        try Data([0xFF, 0xFE, 0x00, 0xC3]).write(to: file)
        #expect(throws: ResultsError.self) { try ResultsCSV.read(file) }
    }
}
