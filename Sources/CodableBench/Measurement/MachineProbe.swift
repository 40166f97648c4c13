import Foundation

/// A fixed, tiny `JSONDecoder` workload timed between samples, so the parent can tell the machine's
/// state apart from the strategy's speed.
///
/// Why: on shared virtual machines the vCPU is sometimes placed where the same code runs ~1.6×
/// slower (for seconds at a time, switching while the process runs). Such a spell shifts a cell's
/// median without saying anything about the strategy. The probe is the same code in every worker of
/// every run, so its time is comparable across cells: a sample next to a slow probe ran in a slow
/// spell. An integer loop barely notices these spells (3%); a small Codable decode shows the full 1.6×.
struct MachineProbe {
    /// Decodes per probe; the probe's time is their median (~5 × 40 µs).
    static let decodes = 5

    private let decoder = JSONDecoder()

    /// Median nanoseconds of one decode of the probe document, right now.
    func measure() -> Double {
        var times: [UInt64] = []
        times.reserveCapacity(Self.decodes)
        for _ in 0..<Self.decodes {
            let t0 = Clocks.wall()
            let decoded = try? decoder.decode(ProbeFeed.self, from: Self.document)
            let t1 = Clocks.wall()
            blackHole(decoded)
            times.append(t1 - t0)
        }
        times.sort()
        return Double(times[Self.decodes / 2])
    }

    /// The probe's decode went wrong: its times would describe something else.
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the machine probe did not decode its own document" }
    }

    /// True when the probe document decodes to what it says: checked before each timing pass, so
    /// the probe times come from a verified decode too.
    func decodesCorrectly() -> Bool {
        guard let feed = try? decoder.decode(ProbeFeed.self, from: Self.document) else { return false }
        return feed.items.count == Self.itemCount && feed.items.allSatisfy { $0.tags.count == 3 && $0.live }
    }

    static let itemCount = 12

    /// News-shaped: strings with escapes, integers, doubles, booleans, a nested object, arrays.
    static let document: Data = {
        let items = (0..<itemCount).map { i in
            """
            {"id":\(9_000_000_000 + i),"title":"Probe \\"item\\" \(i) – 東京","score":\(Double(i) + 0.25),\
            "live":true,"tags":["a\(i)","b","c"],"author":{"name":"Writer \(i)","id":\(i)}}
            """
        }
        let text = #"{"status":"ok","items":["# + items.joined(separator: ",") + "]}"
        return Data(text.utf8)
    }()
}

private struct ProbeFeed: Decodable {
    let status: String
    let items: [ProbeItem]
}

private struct ProbeItem: Decodable {
    let id: Int64
    let title: String
    let score: Double
    let live: Bool
    let tags: [String]
    let author: ProbeAuthor
}

private struct ProbeAuthor: Decodable {
    let name: String
    let id: Int
}
