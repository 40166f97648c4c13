/// Words the generator builds titles and bodies from: ASCII, Japanese, Korean, Chinese, emoji
/// (including a flag and a ZWJ sequence) and characters JSON must escape. Stored as UTF-8 bytes so
/// generation never goes through String.
enum TextVocabulary {
    static let ascii: [[UInt8]] = words(
        """
        market economy bank rates inflation policy minister election growth report quarter earnings \
        startup funding climate energy trade tariff supply chain semiconductor robotics research \
        university museum festival championship transfer coach season stadium analysis outlook \
        investors shares index bond yield currency exporters housing wages labor pension tourism
        """)
    static let japanese: [[UInt8]] = words("日本経済 新聞 東京 株価 日銀 金利 円相場 半導体 企業決算 大手町 政府 予算 輸出 観光 選手権")
    static let korean: [[UInt8]] = words("서울 경제 뉴스 금리 반도체 수출 주식 시장 정부 예산 관광 선수권")
    static let chinese: [[UInt8]] = words("北京 经济 新闻 股市 央行 利率 汇率 芯片 出口 财报 上海 旅游")
    static let emoji: [[UInt8]] = words("📈 📉 🚀 😀 🇯🇵 👩‍💻 ⚽ 🏦")
    /// Tokens that need escaping in JSON: quotes, a backslash, a tab, a slash.
    static let escapable: [[UInt8]] = [
        Array("\"quoted\"".utf8), Array("C:\\path".utf8), Array("tab\tseparated".utf8), Array("a/b".utf8),
    ]
    static let newline: [UInt8] = [UInt8(ascii: "\n")]

    static let sectionsKnown = [
        "politics", "economy", "business", "markets", "technology", "world",
        "sports", "culture", "opinion",
    ]
    static let sectionsUnknown = ["lifestyle-beta", "podcast", "live-blog"]

    private static func words(_ text: String) -> [[UInt8]] {
        text.split(separator: " ").map { Array($0.utf8) }
    }

    /// A word drawn with fixed weights: mostly ASCII, then CJK, some emoji and escapables.
    static func word(_ random: inout SeededRandom) -> [UInt8] {
        let roll = random.below(100)
        switch roll {
        case 0..<62: return random.pick(ascii)
        case 62..<74: return random.pick(japanese)
        case 74..<82: return random.pick(korean)
        case 82..<90: return random.pick(chinese)
        case 90..<95: return random.pick(emoji)
        default: return random.pick(escapable)
        }
    }

    /// `count` words separated by spaces, with an occasional newline when `paragraphs` is set.
    static func text(_ random: inout SeededRandom, words count: Int, paragraphs: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * 8)
        for i in 0..<count {
            if i > 0 {
                out.append(paragraphs && random.below(25) == 0 ? UInt8(ascii: "\n") : UInt8(ascii: " "))
            }
            out.append(contentsOf: word(&random))
        }
        return out
    }

    /// Plain ASCII words joined by `separator` (URL slugs, cursors).
    static func slug(_ random: inout SeededRandom, words count: Int, separator: UInt8 = UInt8(ascii: "-")) -> [UInt8] {
        var out: [UInt8] = []
        for i in 0..<count {
            if i > 0 { out.append(separator) }
            out.append(contentsOf: random.pick(ascii))
        }
        return out
    }
}
