import Foundation

/// Builds a news feed payload from a profile: deterministic (same profile and seed, same bytes on
/// every machine), and writing bytes and ground truth in one pass.
package struct NewsGenerator {
    let profile: Profile
    var random: SeededRandom
    var writer: JSONByteWriter
    var manifest = Manifest()
    let keys: PayloadKeys
    /// Next id of the keyed form: starts below 2^53 so the later ones cross it.
    private var nextKeyedID = Int64(1 << 53) - 400_000

    init(profile: Profile) {
        self.profile = profile
        self.random = SeededRandom(seed: profile.seed)
        // Articles average ~2.8 KB before unrelated padding; reserving enough up front avoids
        // copying the whole buffer as it grows.
        let perArticle = Double(3_200 + 120 * profile.extKeys * max(1, profile.extDepth)) / (1 - profile.unrelatedRatio)
        self.writer = JSONByteWriter(capacity: Int(Double(profile.elements) * perArticle) + 4_096)
        self.keys = PayloadKeys(style: profile.keyStyle)
    }

    /// Generates the whole payload for `profile`.
    package static func generate(_ profile: Profile) -> GeneratedPayload {
        var generator = NewsGenerator(profile: profile)
        return generator.run()
    }

    private mutating func run() -> GeneratedPayload {
        let cursor = String(decoding: TextVocabulary.slug(&random, words: 3), as: UTF8.self)
        let paging = CanonicalPaging(nextCursor: cursor, total: profile.elements)
        writer.raw("{"); writer.key(keys.status); writer.string(Array("ok".utf8))
        writer.raw(","); writer.key(keys.paging)
        writer.raw("{"); writer.key(keys.nextCursor); writer.string(Array(cursor.utf8))
        writer.raw(","); writer.key(keys.total); writer.int(paging.total); writer.raw("}")
        writer.raw(","); writer.key(keys.meta)
        let metaStart = writer.count
        writer.raw("{"); writer.key(keys.serverTime); writer.int(1_700_000_000 + random.below(1_000_000))
        writer.raw(",\"region\":\"ap-northeast-1\",\"ab\":[1,2,3]}")
        manifest.unrelatedBytes += writer.count - metaStart
        let keyed = profile.collectionForm == .keyed
        writer.raw(","); writer.key(keys.data); writer.raw("{"); writer.key(keys.articles); writer.raw(keyed ? "{" : "[")

        var articles: [CanonicalArticle] = []
        var exts: [JSONValue] = []
        var kinds: [CanonicalKind] = []
        articles.reserveCapacity(profile.elements)
        exts.reserveCapacity(profile.elements)
        for index in 0..<profile.elements {
            if index > 0 { writer.raw(",") }
            let (article, ext, kind) = writeArticle(index: index)
            articles.append(article)
            exts.append(ext)
            kinds.append(kind)
        }
        writer.raw(keyed ? "}}}" : "]}}")
        manifest.elements = profile.elements
        manifest.totalBytes = writer.count
        let truth = GroundTruth(
            feed: CanonicalFeed(status: "ok", paging: paging, articles: articles), ext: exts,
            kinds: kinds)
        return GeneratedPayload(profile: profile, bytes: Data(writer.bytes), truth: truth, manifest: manifest)
    }

    // MARK: - Article

    private mutating func writeArticle(index: Int) -> (CanonicalArticle, JSONValue, CanonicalKind) {
        let fault: PlantedFault? = random.chance(profile.faultRate) ? plantFault(index: index) : nil
        let legacy = random.chance(profile.legacyKeyRate)
        if legacy { manifest.legacyKeyIndices.append(index) }

        let keyed = profile.collectionForm == .keyed
        let id = keyed ? nextKeyedIDAdvancing() : randomID()
        if keyed { writer.raw("\""); writer.int(id); writer.raw("\":") }
        let start = writer.count
        writer.raw("{")
        if keyed {
            writer.raw("\"_key\":true")  // keeps every later field's leading comma valid
        } else {
            writeFaultable(fault, position: .early, key: keys.id) { $0.int(id) }
        }
        let kind = writeKind()
        let title = field(legacy ? keys.legacyTitle : keys.title, TextVocabulary.text(&random, words: random.between(4, 12)))
        let subtitle = optionalText(keys.subtitle, words: 8)
        let summary = optionalText(keys.summary, words: 30)
        let bodyBytes = TextVocabulary.text(&random, words: random.between(60, 220), paragraphs: true)
        writer.raw(","); writer.key(keys.body); writer.string(bodyBytes, escapeNonASCII: random.below(10) == 0)
        let url = field(keys.url, articleURL(id: id))
        let imageURL = optionalField(legacy ? keys.legacyImageURL : keys.imageURL) { $0.imageURL() }
        let publishedAt = writeDate(keys.publishedAt)
        let updatedAt: Int64? = optional(keys.updatedAt) { $0.writeDateValue() }
        let section = writeSection(index: index)
        let tags = writeArray(keys.tags, count: random.between(0, 6)) { g in
            let tag = TextVocabulary.word(&g.random)
            g.writer.string(tag)
            return String(decoding: tag, as: UTF8.self)
        }
        let authors = writeArray(keys.authors, count: random.between(1, 3)) { $0.writeAuthor() }
        let images = writeArray(keys.images, count: random.between(0, 4)) { $0.writeImage() }
        let metrics = writeMetrics()
        let isPremium = random.chance(0.3)
        writer.raw(","); writer.key(keys.isPremium); writer.bool(isPremium)
        let isBreaking = random.chance(0.05)
        writer.raw(","); writer.key(keys.isBreaking); writer.bool(isBreaking)
        let relatedIDs = writeArray(keys.relatedIDs, count: random.between(0, 5)) { g in
            let related = g.randomID()
            g.writer.int(related)
            return related
        }
        let commentCount = random.below(5_000)
        writeFaultable(fault, position: .late, key: keys.commentCount) { $0.int(commentCount) }

        let extStart = writer.count
        writer.raw(","); writer.key(keys.ext)
        let ext = writeExtObject(depth: 1)
        manifest.extBytes += writer.count - extStart

        writeUnrelated(coreBytes: writer.count - start)
        writer.raw("}")

        let article = CanonicalArticle(
            id: id, title: title, subtitle: subtitle, summary: summary,
            body: String(decoding: bodyBytes, as: UTF8.self), url: url, imageURL: imageURL,
            publishedAt: publishedAt, updatedAt: updatedAt, section: section, tags: tags, authors: authors,
            images: images, metrics: metrics, isPremium: isPremium, isBreaking: isBreaking,
            relatedIDs: relatedIDs, commentCount: commentCount)
        return (article, ext, kind)
    }

    /// The `kind` discriminator and the subtype's own fields, when the profile mixes subtypes.
    private mutating func writeKind() -> CanonicalKind {
        guard profile.subtypeMix > 0 else { return .none }
        guard random.chance(profile.subtypeMix) else {
            writer.raw(",\"kind\":\"story\"")
            return .story
        }
        if random.chance(0.5) {
            var url = Array("https://video.example.com/".utf8)
            url.append(contentsOf: TextVocabulary.slug(&random, words: 2))
            url.append(contentsOf: Array(".m3u8".utf8))
            let duration = random.between(15, 3_600)
            writer.raw(",\"kind\":\"video\",\"video\":{\"url\":"); writer.string(url)
            writer.raw(",\"duration_seconds\":"); writer.int(duration); writer.raw("}")
            return .video(url: String(decoding: url, as: UTF8.self), durationSeconds: duration)
        }
        let photos = random.between(3, 40)
        writer.raw(",\"kind\":\"gallery\",\"photo_count\":"); writer.int(photos)
        return .gallery(photoCount: photos)
    }

    private mutating func plantFault(index: Int) -> PlantedFault {
        let kind: PlantedFault.Kind = random.chance(0.5) ? .wrongType : .missingKey
        let position: PlantedFault.Position = random.chance(0.5) ? .early : .late
        let fault = PlantedFault(
            index: index, kind: kind, position: position,
            key: position == .early ? keys.earlyFaultKey : keys.lateFaultKey)
        manifest.faults.append(fault)
        return fault
    }

    /// Writes a required integer field, or its planted fault: the value as a string, or no key at all.
    private mutating func writeFaultable(
        _ fault: PlantedFault?, position: PlantedFault.Position, key: [UInt8],
        value: (inout JSONByteWriter) -> Void
    ) {
        let separator = position == .early ? "" : ","
        guard let fault, fault.position == position else {
            writer.raw(Array(separator.utf8)); writer.key(key); value(&writer); return
        }
        switch fault.kind {
        case .missingKey:
            // The object still needs valid JSON: the early key's comma belongs to the next field, so a
            // placeholder unrelated key takes its place.
            if position == .early { writer.raw("\"_fault\":true") }
        case .wrongType:
            writer.raw(Array(separator.utf8)); writer.key(key)
            var scratch = JSONByteWriter(capacity: 24)
            value(&scratch)
            writer.string(scratch.bytes)
        }
    }

    // MARK: - Fields

    private mutating func field(_ key: [UInt8], _ utf8: [UInt8]) -> String {
        writer.raw(","); writer.key(key); writer.string(utf8)
        return String(decoding: utf8, as: UTF8.self)
    }

    /// Decides whether an optional field is written, written as null, or left out, and counts it.
    private mutating func optional<T>(_ key: [UInt8], value: (inout NewsGenerator) -> T) -> T? {
        let roll = random.unitDouble()
        if roll < profile.missingRate { manifest.missingFields += 1; return nil }
        writer.raw(","); writer.key(key)
        if roll < profile.missingRate + profile.nullRate { manifest.nullFields += 1; writer.null(); return nil }
        return value(&self)
    }

    private mutating func optionalField(_ key: [UInt8], _ make: (inout NewsGenerator) -> [UInt8]) -> String? {
        optional(key) { g in
            let utf8 = make(&g)
            g.writer.string(utf8)
            return String(decoding: utf8, as: UTF8.self)
        }
    }

    private mutating func optionalText(_ key: [UInt8], words: Int) -> String? {
        optionalField(key) { g in TextVocabulary.text(&g.random, words: g.random.between(words / 2, words)) }
    }

    private mutating func writeArray<T>(_ key: [UInt8], count: Int, element: (inout NewsGenerator) -> T) -> [T] {
        writer.raw(","); writer.key(key); writer.raw("[")
        var values: [T] = []
        values.reserveCapacity(count)
        for i in 0..<count {
            if i > 0 { writer.raw(",") }
            values.append(element(&self))
        }
        writer.raw("]")
        return values
    }

    /// The keyed form's ids increase, so the object's member order is the truth's order.
    private mutating func nextKeyedIDAdvancing() -> Int64 {
        let id = nextKeyedID
        nextKeyedID += 1 + Int64(random.below(1_000))
        return id
    }

    /// Positive 64-bit ids; one in ten is above 2^53, where a Double would lose digits.
    private mutating func randomID() -> Int64 {
        if random.below(10) == 0 { return Int64(1 << 53) + Int64(random.next() >> 12) }
        return Int64(random.next() >> 12) + 1
    }

    private mutating func articleURL(id: Int64) -> [UInt8] {
        var url = Array("https://news.example.com/articles/".utf8)
        url.append(contentsOf: TextVocabulary.slug(&random, words: 3))
        url.append(UInt8(ascii: "-"))
        url.append(contentsOf: String(id).utf8)
        return url
    }

    private mutating func imageURL() -> [UInt8] {
        var url = Array("https://img.example.com/".utf8)
        url.append(contentsOf: TextVocabulary.slug(&random, words: 2, separator: UInt8(ascii: "/")))
        url.append(contentsOf: Array(".jpg".utf8))
        return url
    }

    private mutating func writeDate(_ key: [UInt8]) -> Int64 {
        writer.raw(","); writer.key(key)
        return writeDateValue()
    }

    /// A date between 2015 and 2026, written in the profile's format; returns its canonical value.
    private mutating func writeDateValue() -> Int64 {
        let seconds = Int64(1_420_070_400 + random.below(378_000_000))
        let fractional: Bool
        switch profile.dateFormat {
        case .iso8601: fractional = false
        case .iso8601Fractional: fractional = true
        case .mixed: fractional = random.chance(0.5)
        case .epochSeconds:
            writer.int(seconds)
            return seconds * 1000
        }
        let ms = seconds * 1000 + (fractional ? Int64(random.below(1000)) : 0)
        writer.string(ISO8601Writer.format(epochMilliseconds: ms, fractional: fractional))
        return ms
    }

    private mutating func writeSection(index: Int) -> String {
        let section: String
        if random.chance(profile.unknownSectionRate) {
            section = random.pick(TextVocabulary.sectionsUnknown)
            manifest.unknownSectionIndices.append(index)
        } else {
            section = random.pick(TextVocabulary.sectionsKnown)
        }
        writer.raw(","); writer.key(keys.section); writer.string(Array(section.utf8))
        return section
    }

    private mutating func writeAuthor() -> CanonicalAuthor {
        let id = randomID()
        writer.raw("{"); writer.key(keys.id); writer.int(id)
        let nameBytes = TextVocabulary.text(&random, words: 2)
        writer.raw(","); writer.key(keys.name); writer.string(nameBytes)
        let profileURL = optionalField(keys.profileURL) { g in
            Array("https://news.example.com/authors/".utf8) + TextVocabulary.slug(&g.random, words: 2)
        }
        writer.raw("}")
        return CanonicalAuthor(id: id, name: String(decoding: nameBytes, as: UTF8.self), profileURL: profileURL)
    }

    private mutating func writeImage() -> CanonicalImage {
        let url = imageURL()
        writer.raw("{"); writer.key(keys.url); writer.string(url)
        let width = random.between(320, 4096)
        let height = random.between(240, 3072)
        writer.raw(","); writer.key(keys.width); writer.int(width)
        writer.raw(","); writer.key(keys.height); writer.int(height)
        let caption = optionalText(keys.caption, words: 10)
        writer.raw("}")
        return CanonicalImage(url: String(decoding: url, as: UTF8.self), width: width, height: height, caption: caption)
    }

    private mutating func writeMetrics() -> CanonicalMetrics {
        let views = random.below(10_000_000)
        let shares = random.below(100_000)
        let readRatio = Double(random.below(10_001)) / 10_000
        // One score in five is integral (written `3.0`): a double that must stay a double.
        let score = random.chance(0.2) ? Double(random.below(6)) : Double(random.below(50_000)) / 100
        writer.raw(","); writer.key(keys.metrics); writer.raw("{")
        writer.key(keys.views); writer.int(views)
        writer.raw(","); writer.key(keys.shares); writer.int(shares)
        writer.raw(","); writer.key(keys.readRatio); writer.double(readRatio)
        writer.raw(","); writer.key(keys.score); writer.double(score)
        writer.raw("}")
        return CanonicalMetrics(views: views, shares: shares, readRatio: readRatio, score: score)
    }
}
