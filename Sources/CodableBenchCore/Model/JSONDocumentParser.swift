/// A small, strict RFC 8259 parser: the model-free reading of a document that verification trusts.
/// Foundation's readers are among the things measured, so neither can be the yardstick: on Linux,
/// JSONSerialization rounds some 17-digit doubles to the wrong neighbour (43.420273000000009 reads
/// as …016), and a JSONDecoder value enum cannot tell `1.0` from `1`. Here the literal decides:
/// `1` is an integer (when it fits Int64), `1.0` and `1e2` are doubles, correctly rounded by
/// `Double(String)`. Not fast, and never timed.
struct JSONDocumentParser {
    struct SyntaxError: Error, CustomStringConvertible {
        let description: String
    }

    /// Deeper documents are refused rather than risk the stack (JSONTestSuite has 100 000 levels).
    static let maximumDepth = 2_000

    private let bytes: [UInt8]
    private var index = 0

    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var parser = JSONDocumentParser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected data after the document") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(description: "\(message) at byte \(index)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ literal: String, _ value: JSONValue) throws -> JSONValue {
        let utf8 = Array(literal.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw error("invalid literal")
        }
        index += utf8.count
        return value
    }

    private mutating func value(depth: Int) throws -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth)") }
        guard index < bytes.count else { throw error("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try expect("true", .bool(true))
        case UInt8(ascii: "f"): return try expect("false", .bool(false))
        case UInt8(ascii: "n"): return try expect("null", .null)
        default: return try number()
        }
    }

    private mutating func object(depth: Int) throws -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            members[key] = try value(depth: depth + 1)
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
            index += 1
            return .array(items)
        }
    }

    /// The string `bytes` spell, nil when they are not valid UTF-8. `String(validating:as:)`
    /// (SE-0405) is in the standard library from macOS 15 only, and the package declares macOS 14:
    /// before it, decoding replaces each invalid sequence with U+FFFD, so valid bytes are exactly
    /// those that come back unchanged.
    static func validUTF8(_ bytes: [UInt8]) -> String? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return String(validating: bytes, as: UTF8.self)
        }
        return decodedIfValid(bytes)
    }

    /// The same answer through API of every version: decoding replaces what is not UTF-8.
    static func decodedIfValid(_ bytes: [UInt8]) -> String? {
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }

    private mutating func string() throws -> String {
        index += 1
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = Self.validUTF8(utf8) else { throw error("invalid UTF-8 in a string") }
                return text
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw error("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8.append(contentsOf: try unicodeEscape())
                default: throw error("invalid escape")
                }
            case 0x00..<0x20: throw error("control character in a string")
            default: utf8.append(byte)
            }
        }
    }

    /// `\uXXXX`, with a following low surrogate when this is a high one.
    private mutating func unicodeEscape() throws -> [UInt8] {
        let unit = try hex4()
        var scalar: Unicode.Scalar?
        if (0xD800..<0xDC00).contains(unit) {
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("lone high surrogate")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("invalid low surrogate") }
            scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        } else {
            scalar = Unicode.Scalar(unit)
        }
        guard let scalar else { throw error("lone low surrogate") }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func hex4() throws -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { throw error("invalid \\u escape") }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func number() throws -> JSONValue {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("invalid value") }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw error("leading zero") }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() > 0 else { throw error("expected digits after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            isInteger = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("expected digits in the exponent") }
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(literal) { return .int(integer) }
        guard let double = Double(literal) else { throw error("unreadable number") }
        return .double(double)
    }
}
