import Catalogue
@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

@Suite("Database strategies (GRDB)")
struct DatabaseTests {
    static func verdict(_ id: String) throws -> VerifiedOutcome {
        Verifier.verify(TestSupport.strategy(id), on: NewsGenerator.generate(try TestSupport.profile("ext-plain-small")))
    }

    @Test func seed004DictionaryExtensionIsUnsupportedWithGRDBsMessage() throws {
        #expect(
            try Self.verdict("grdb-jsoncodingkeys-dictionary")
                == VerifiedOutcome(.unsupported, "GRDB: not implemented: building a nested JSON container for the column 'ext'"))
    }

    /// A JSON value enum asks for a single-value container first, and GRDB answers with the raw
    /// column, which SQLite converts to `false`: the enum never sees the JSON.
    @Test func jsonEnumColumnReadsTheRawColumn() throws {
        let verdict = try Self.verdict("grdb-json-column-enum")
        #expect(verdict.outcome == .wrongOutput)
        #expect(verdict.detail.hasPrefix("data.articles[0].ext: expected object of"), "\(verdict.detail)")
        #expect(verdict.detail.hasSuffix("got bool false"), "\(verdict.detail)")
    }

    @Test func recordsReadEveryArticleAndTheExtColumn() throws {
        for id in ["grdb-codable-record", "grdb-manual-row", "grdb-json-column-codable"] {
            #expect(try Self.verdict(id).outcome == .ok, "\(id)")
        }
    }

    @Test func listShowsTheGroup() throws {
        let list = try TestSupport.run(["list"])
        #expect(list.status == 0)
        for id in [
            "grdb-codable-record", "grdb-manual-row", "grdb-json-column-codable", "grdb-jsoncodingkeys-dictionary",
            "encode-synthesized", "encodable-to-dictionary",
        ] {
            #expect(list.stdout.contains(id), "\(id)")
        }
    }
}
