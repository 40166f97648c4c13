@testable import CodableBench
@testable import CodableBenchCore
@testable import CodableBenchHarness
import Foundation
import Testing

@Suite("The exact document parser verification trusts")
struct JSONDocumentParserTests {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }

    @Test func literalsDecideIntegerDoubleAndBoolean() throws {
        #expect(
            try parse("[1, 1.0, 1e2, -0, true, null, 9223372036854775807, 9223372036854775808]")
                == .array([
                    .int(1), .double(1), .double(100), .int(0), .bool(true), .null,
                    .int(Int64.max), .double(9223372036854775808),
                ]))
    }

    /// JSONSerialization on Linux reads this literal one ULP off; the parser must not.
    @Test func seventeenDigitDoublesAreCorrectlyRounded() throws {
        let literal = "43.420273000000009"
        guard case .array(let items) = try parse("[\(literal), -65.613616999999977]"),
            case .double(let first) = items[0], case .double(let second) = items[1]
        else {
            Issue.record("not two doubles"); return
        }
        #expect(first.bitPattern == Double(literal)!.bitPattern)
        #expect(first.bitPattern == 0x4045_B5CB_8173_3228)  // 0x1.5b5cb81733228p+5, as Python and strtod read it
        #expect(second == -65.61361699999998)
    }

    @Test func stringsUnescapeIncludingSurrogatePairs() throws {
        #expect(try parse(#""a\"b\\c\/d\n\u00e9\ud83d\ude00""#) == .string("a\"b\\c/d\né😀"))
        #expect(try parse(#"{"k": "日本"}"#) == .object(["k": .string("日本")]))
    }

    @Test(arguments: [
        "[1,]", "{\"a\":1,}", "[01]", "[1.]", "[.5]", "[\"\u{1}\"]", "[tru]", "{a:1}", "[1] x", "",
        #"["\ud800"]"#, #"["\x"]"#, "[-]", "[1e]",
    ])
    func invalidJSONIsRejected(text: String) {
        #expect(throws: (any Error).self) { try parse(text) }
    }

    @Test func invalidUTF8IsRejected() {
        #expect(throws: (any Error).self) { try JSONValue.parse(Data([0x5B, 0x22, 0xFF, 0x22, 0x5D])) }
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: (any Error).self) { try parse(deep) }
        let fine = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect((try? parse(fine)) != nil)
    }

    @Test func encodedModelIsReadBackUnderItsKeys() throws {
        struct Model: Encodable { let id: Int64; let ratio: Double; let name: String? }
        #expect(
            try JSONValue(encoding: Model(id: 505874924095815681, ratio: 0.5, name: nil))
                == .object(["id": .int(505874924095815681), "ratio": .double(0.5)]))
    }
}

/// The parser's UTF-8 check on macOS 14, where `String(validating:as:)` does not exist yet: it must
/// agree with it (run here on Linux, where both exist).
@Suite("UTF-8 validation before macOS 15")
struct UTF8ValidationTests {
    @Test(
        arguments: [
            [0x61, 0x62], [0xC3, 0xA9], [0xF0, 0x9F, 0x98, 0x80], [0xEF, 0xBB, 0xBF, 0x61],  // valid, a BOM kept
            [0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80],  // invalid
        ] as [[UInt8]])
    func theFallbackAgreesWithTheStandardLibrary(bytes: [UInt8]) {
        // On macOS 14 there is nothing to compare with (and the parser takes the fallback).
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        #expect(JSONDocumentParser.decodedIfValid(bytes) == String(validating: bytes, as: UTF8.self))
    }
}
