import Foundation

/// The generator's `ext` objects (mixed values, as the AnyCodable and `[String: Any]` articles'
/// analytics properties) and the unrelated padding no entity reads.
extension NewsGenerator {
    private static let extKeyStems = [
        "ab_bucket", "ref", "campaign", "experiment", "ratio", "flags", "visits",
        "segment", "weight", "slot", "labels", "tracking",
    ]
    /// The `ext` keys, as Strings for the truth and as quoted bytes for the payload.
    private static let extKeys: [(name: String, quoted: [UInt8])] = (0..<64).map { i in
        let name = extKeyStems[i % extKeyStems.count] + (i >= extKeyStems.count ? "_\(i)" : "")
        return (name, Array("\"\(name)\":".utf8))
    }

    /// An object of `profile.extKeys` mixed values (the AnyCodable post's analytics properties, the juejin [String: Any] post's `ext`).
    mutating func writeExtObject(depth: Int) -> JSONValue {
        writer.raw("{")
        var object: [String: JSONValue] = [:]
        for i in 0..<profile.extKeys {
            if i > 0 { writer.raw(",") }
            let key = Self.extKeys[i]
            writer.raw(key.quoted)
            object[key.name] = writeExtValue(depth: depth)
        }
        writer.raw("}")
        return .object(object)
    }

    private mutating func writeExtValue(depth: Int) -> JSONValue {
        if profile.extValueKinds == .plain { return writePlainExtValue(depth: depth) }
        switch random.below(depth < profile.extDepth ? 9 : 8) {
        case 0: let v = Int64(random.below(1_000_000)) - 1000; writer.int(v); return .int(v)
        case 1: let v = Double(random.below(100_000)) / 100; writer.double(v); return .double(v)
        case 2: let v = Double(random.below(10)); writer.double(v); return .double(v)  // 1.0-style doubles
        case 3: let v = random.chance(0.5); writer.bool(v); return .bool(v)
        case 4:
            let v = TextVocabulary.text(&random, words: random.between(1, 3))
            writer.string(v)
            return .string(String(decoding: v, as: UTF8.self))
        case 5: writer.null(); return .null
        case 6:
            let count = random.between(0, 4)
            writer.raw("[")
            var items: [JSONValue] = []
            for i in 0..<count {
                if i > 0 { writer.raw(",") }
                let v = Int64(random.below(1000)); writer.int(v); items.append(.int(v))
            }
            writer.raw("]")
            return .array(items)
        case 7:
            writer.raw("[")
            let s = TextVocabulary.slug(&random, words: 1)
            writer.string(s); writer.raw(",")
            let b = random.chance(0.5); writer.bool(b); writer.raw(",")
            let d = Double(random.below(1000)) / 10; writer.double(d)
            writer.raw("]")
            return .array([.string(String(decoding: s, as: UTF8.self)), .bool(b), .double(d)])
        default:
            return writeExtObject(depth: depth + 1)
        }
    }

    private mutating func writePlainExtValue(depth: Int) -> JSONValue {
        switch random.below(depth < profile.extDepth ? 5 : 4) {
        case 0: let v = Int64(random.below(1_000_000)) - 1000; writer.int(v); return .int(v)
        case 1:
            // Never integral: 0.01 ... 999.99 with a non-zero fraction.
            let v = Double(random.below(100_000) / 100 * 100 + 1 + random.below(99)) / 100
            writer.double(v)
            return .double(v)
        case 2: let v = random.chance(0.5); writer.bool(v); return .bool(v)
        case 3:
            let v = TextVocabulary.text(&random, words: random.between(1, 3))
            writer.string(v)
            return .string(String(decoding: v, as: UTF8.self))
        default:
            return writeExtObject(depth: depth + 1)
        }
    }

    /// Pads the article with fields no entity reads, so unrelated bytes are `unrelatedRatio` of it.
    mutating func writeUnrelated(coreBytes: Int) {
        let ratio = profile.unrelatedRatio
        guard ratio > 0 else { return }
        let target = Int(Double(coreBytes) * ratio / (1 - ratio))
        let start = writer.count
        writer.raw(","); writer.key(keys.trackingPayload); writer.raw("{"); writer.key(keys.events); writer.raw("[")
        let eventCount = max(1, target / 400)
        for i in 0..<eventCount {
            if i > 0 { writer.raw(",") }
            writer.raw("{"); writer.key(keys.event); writer.string(TextVocabulary.slug(&random, words: 2))
            writer.raw(","); writer.key(keys.timestamp); writer.int(1_700_000_000_000 + Int64(random.below(1 << 30)))
            writer.raw("}")
        }
        writer.raw("]}")
        writer.raw(","); writer.key(keys.rawHTML)
        var html = Array("<div class=\"story\">".utf8)
        let remaining = target - (writer.count - start) - 8
        while html.count < remaining {
            html.append(contentsOf: Array("<p>".utf8))
            html.append(contentsOf: TextVocabulary.text(&random, words: 12))
            html.append(contentsOf: Array("</p>".utf8))
        }
        writer.string(html)
        manifest.unrelatedBytes += writer.count - start
    }
}
