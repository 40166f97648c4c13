@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
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
        let cell = CellIdentity(
            group: "g", strategy: "s", expectation: "strict", profile: "small", bytes: 103_075,
            sha256: String(repeating: "ab", count: 32), elements: 30, seed: 20_190_730,
            knobs: "elements=30;unrelated=0.2")
        let summary = Summary([0.1, 1.0 / 3.0, 2.5e-7, 1_234_567.125, 3])!
        return [
            ResultRow(
                provenance: provenance, cell: cell, outcome: .ok, expectedOutcome: .ok, detail: "", metric: .wallTime,
                summary: summary,
                ratio: YardstickRatio(
                    to: "ref",
                    value: PairedRatio(
                        value: 1.0 / 3.0, low: 0.25, high: 0.5, pairs: 36,
                        generations: 3))),
            ResultRow(
                provenance: provenance, cell: cell, outcome: .wrongOutput, expectedOutcome: .ok,
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
        let error = try #require(throws: CommandError.self) { try ResultsCSV.read(try write("")) }
        #expect(error.description.hasSuffix("is empty"))
    }

    @Test func missingColumnsAreNamed() throws {
        let error = try #require(throws: CommandError.self) { try ResultsCSV.read(try write("a,b\n1,2\n")) }
        #expect(error.description.contains("missing column(s) schema_version"))
    }

    @Test func otherSchemaVersionIsRejected() throws {
        let line = ResultsCSV.line(Self.sampleRows()[0])
        let error = try #require(throws: CommandError.self) {
            try ResultsCSV.read(try write(ResultsCSV.header + "9" + line.dropFirst()))
        }
        #expect(error.description.contains("schema version 9"))
    }

    /// The rows as a file of an older schema: without `columns`, with `version` in the first column.
    private func olderFile(_ rows: [ResultRow], without columns: [String], version: String) throws -> URL {
        let (header, fields) = try CSVFormat.read(try write(ResultsCSV.header + rows.map(ResultsCSV.line).joined()))
        let keep = header.indices.filter { !columns.contains(header[$0]) }
        return try write(
            CSVFormat.line(keep.map { header[$0] })
                + fields.map { row in
                    CSVFormat.line([version] + keep.dropFirst().map { row[$0] })
                }.joined())
    }

    /// Versions 1 to 3, written only inside this repository before any run was kept outside it,
    /// are refused by name; a file of this version must carry every column.
    @Test func onlyThisVersionIsReadWithEveryColumn() throws {
        let rows = Self.sampleRows()
        let v1 = try #require(throws: CommandError.self) {
            try ResultsCSV.read(try olderFile(rows, without: ["build_flags"], version: "1"))
        }
        #expect(v1.description.contains("missing column(s) build_flags"))
        let v3 = try #require(throws: CommandError.self) { try ResultsCSV.read(try olderFile(rows, without: [], version: "3")) }
        #expect(v3.description.hasSuffix("schema version 3, this harness reads version 4"))
        let noRatios = try #require(throws: CommandError.self) {
            try ResultsCSV.read(try olderFile(rows, without: ["pairs"], version: "4"))
        }
        #expect(noRatios.description.contains("missing column(s) pairs"))
    }

    @Test func thisBuildRecordsItsFlags() {
        #expect(Provenance.buildFlags.hasPrefix(Provenance.buildConfiguration == "debug" ? "-Onone" : "-O"))
    }

    @Test func corruptNumberIsRejectedWithItsLine() throws {
        let line = ResultsCSV.line(Self.sampleRows()[0]).replacingOccurrences(of: ",103075,", with: ",lots,")
        let error = try #require(throws: CommandError.self) { try ResultsCSV.read(try write(ResultsCSV.header + line)) }
        #expect(error.description == "results.csv line 2: column 'bytes' has an invalid value")
    }

    @Test func truncatedRowIsRejected() throws {
        let line = ResultsCSV.line(Self.sampleRows()[0])
        let error = try #require(throws: CommandError.self) {
            try ResultsCSV.read(try write(ResultsCSV.header + String(line.prefix(40)) + "\n"))
        }
        #expect(error.description.contains("row 2 has"))
    }

    @Test func notUTF8IsRejected() throws {
        let file = try TestSupport.temporaryDirectory().appendingPathComponent("bad.csv")
        try Data([0xFF, 0xFE, 0x00, 0xC3]).write(to: file)
        #expect(throws: CommandError.self) { try ResultsCSV.read(file) }
    }
}

@Suite("samples.csv round trip and bad files")
struct SamplesCSVTests {
    static let rows = [
        SampleRow(
            runID: "r", group: "g", strategy: "s", profile: "small", generation: 0, sample: 0, decodes: 10,
            wallNanoseconds: 1_056_879.25, cpuNanoseconds: 1_050_000, sequence: 1),
        SampleRow(
            runID: "r", group: "g", strategy: "s", profile: "small", generation: 2, sample: 1, decodes: 10,
            wallNanoseconds: 1_700_000, cpuNanoseconds: 1_690_000, sequence: 3, state: .contended, cpu: 1),
    ]

    private func write(_ text: String) throws -> URL {
        let file = try TestSupport.temporaryDirectory().appendingPathComponent("samples.csv")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test func rowsRoundTripExactly() throws {
        let file = try write(SamplesCSV.header + Self.rows.map(SamplesCSV.line).joined())
        #expect(try SamplesCSV.read(file) == Self.rows)
    }

    /// Samples of schemas 1 to 3 (no sequence) are not read.
    @Test func filesWithoutASequenceAreRejected() throws {
        let text = "run_id,group,strategy,profile,fork,sample,decodes,wall_ns,cpu_ns\nr,g,s,small,0,0,10,1000.5,990\n"
        let error = try #require(throws: CommandError.self) { try SamplesCSV.read(try write(text)) }
        #expect(error.description == "samples.csv is not a CodableBench samples file (columns differ)")
    }

    @Test func badSequenceIsRejectedWithItsLine() throws {
        let line = SamplesCSV.line(Self.rows[0]).replacingOccurrences(of: ",1,,\n", with: ",first,,\n")
        let error = try #require(throws: CommandError.self) { try SamplesCSV.read(try write(SamplesCSV.header + line)) }
        #expect(error.description == "samples.csv line 2: invalid sequence")
        let state = SamplesCSV.line(Self.rows[1]).replacingOccurrences(of: ",contended,", with: ",busy,")
        let stateError = try #require(throws: CommandError.self) { try SamplesCSV.read(try write(SamplesCSV.header + state)) }
        #expect(stateError.description == "samples.csv line 2: invalid state or cpu")
    }

    /// Files of schema 4 (no state, no CPU) still read.
    @Test func filesWithoutStatesStillRead() throws {
        let text = "run_id,group,strategy,profile,fork,sample,decodes,wall_ns,cpu_ns,sequence\nr,g,s,small,0,0,10,1000.5,990,4\n"
        let read = try SamplesCSV.read(try write(text))
        #expect(read.count == 1 && read[0].sequence == 4 && read[0].state == nil && read[0].cpu == nil)
    }
}
