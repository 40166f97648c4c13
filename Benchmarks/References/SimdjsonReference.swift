#if Simdjson
import CodableBench
import Foundation
import SimdjsonBridge

/// simdjson's DOM parser on a padded copy of the payload, one parser reused across parses (how
/// simdjson is meant to be used): the fastest complete parse this machine does, the ceiling the
/// reports compare every strategy's throughput with.
final class SimdjsonSession {
    private let handle: UnsafeMutableRawPointer

    init(_ data: Data) throws {
        guard let handle = data.withUnsafeBytes({ codablebench_simdjson_new($0.bindMemory(to: UInt8.self).baseAddress, $0.count) }) else {
            throw DecodePathError(path: "(root)", "simdjson is not available in this build")
        }
        self.handle = handle
    }

    deinit { codablebench_simdjson_free(handle) }

    /// Parses the whole document; the length of `data.articles`, or -1 when it has none.
    func parse() throws -> Int {
        var articles: Int64 = -1
        let status = codablebench_simdjson_parse(handle, &articles)
        guard status == 0 else { throw DecodePathError(path: "(root)", "simdjson error \(status)") }
        return Int(articles)
    }
}

extension ReferenceStrategies {
    static let simdjson = Strategy(
        id: "ref-simdjson", group: group,
        summary: "simdjson's DOM parser (libsimdjson-dev, trait Simdjson): the parsing ceiling",
        contract: .parseOnly, defaultProfiles: sizes, defaultFiles: corpusFiles,
        input: SimdjsonSession.init, run: { try $0.parse() }, canonical: { .articleCount($0) })
}
#endif
