/// Appends JSON tokens to a byte buffer. Fast enough for ≥ 100 MB/s generation: no String
/// interpolation on the hot path, only byte appends.
struct JSONByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    mutating func raw(_ ascii: StaticString) {
        ascii.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ data: [UInt8]) {
        bytes.append(contentsOf: data)
    }

    mutating func byte(_ b: UInt8) {
        bytes.append(b)
    }

    /// `"key":` from pre-encoded key bytes (quotes included).
    mutating func key(_ quotedKey: [UInt8]) {
        bytes.append(contentsOf: quotedKey)
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func int<T: BinaryInteger>(_ value: T) {
        if value == 0 { bytes.append(UInt8(ascii: "0")); return }
        var magnitude = value.magnitude
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[n] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                n += 1
            }
            for i in stride(from: n - 1, through: 0, by: -1) { bytes.append(buffer[i]) }
        }
    }

    /// Swift's shortest round-tripping representation, which every conforming parser reads back to
    /// the same Double. Always has a `.` or an exponent, so a JSON reader can tell it from an integer.
    mutating func double(_ value: Double) {
        bytes.append(contentsOf: value.description.utf8)
    }

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    mutating func null() {
        raw("null")
    }

    /// A JSON string. Quotes, backslashes and control characters are always escaped; with
    /// `escapeNonASCII` every non-ASCII scalar is written as `\uXXXX` (surrogate pairs above the BMP).
    /// Runs of bytes that need no escape are copied in one append.
    mutating func string(_ utf8: [UInt8], escapeNonASCII: Bool = false) {
        bytes.append(UInt8(ascii: "\""))
        utf8.withUnsafeBufferPointer { source in
            var runStart = 0
            var i = 0
            while i < source.count {
                let b = source[i]
                if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") && (b < 0x80 || !escapeNonASCII) {
                    i += 1
                    continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<i]))
                i += escape(source, at: i)
                runStart = i
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<source.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes the escape for the byte (or scalar) at `i`; returns how many source bytes it covered.
    private mutating func escape(_ source: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b = source[i]
        switch b {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case UInt8(ascii: "\n"): raw("\\n")
        case UInt8(ascii: "\t"): raw("\\t")
        case UInt8(ascii: "\r"): raw("\\r")
        case 0..<0x20: unicodeEscape(UInt16(b))
        default:
            let (scalar, length) = Self.decodeScalar(source, at: i)
            if scalar >= 0x10000 {
                let v = scalar - 0x10000
                unicodeEscape(UInt16(0xD800 + (v >> 10)))
                unicodeEscape(UInt16(0xDC00 + (v & 0x3FF)))
            } else {
                unicodeEscape(UInt16(scalar))
            }
            return length
        }
        return 1
    }

    private mutating func unicodeEscape(_ unit: UInt16) {
        raw("\\u")
        hexByte(UInt8(unit >> 8))
        hexByte(UInt8(unit & 0xFF))
    }

    private mutating func hexByte(_ b: UInt8) {
        func digit(_ n: UInt8) -> UInt8 { n < 10 ? UInt8(ascii: "0") + n : UInt8(ascii: "a") + n - 10 }
        bytes.append(digit(b >> 4))
        bytes.append(digit(b & 0xF))
    }

    /// Decodes the (valid) UTF-8 scalar starting at `i`.
    private static func decodeScalar(_ utf8: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int) {
        let b0 = UInt32(utf8[i])
        if b0 < 0xE0 { return (((b0 & 0x1F) << 6) | (UInt32(utf8[i + 1]) & 0x3F), 2) }
        if b0 < 0xF0 {
            return (((b0 & 0x0F) << 12) | ((UInt32(utf8[i + 1]) & 0x3F) << 6) | (UInt32(utf8[i + 2]) & 0x3F), 3)
        }
        return (
            ((b0 & 0x07) << 18) | ((UInt32(utf8[i + 1]) & 0x3F) << 12)
                | ((UInt32(utf8[i + 2]) & 0x3F) << 6) | (UInt32(utf8[i + 3]) & 0x3F), 4
        )
    }
}
