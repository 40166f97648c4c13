import Foundation

/// An error a strategy throws on purpose, with the JSON path where decoding failed. Strategies that
/// do not use `Decoder` (the dictionary paths) throw this so their failures read like Codable's.
public struct DecodePathError: Error, CustomStringConvertible {
    /// Where the error happened, as a JSON path (`data.articles[3].id`).
    public let path: String
    /// What went wrong there.
    public let message: String

    /// An error at this path.
    public init(path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// One-line descriptions of decoding failures, with the coding path first.
package enum DecodingErrorDescription {
    package static func oneLine(_ error: Error) -> String {
        if let decoding = error as? DecodingError { return decoding.oneLine }
        return FirstDifference.clip(String(describing: error))
    }

    /// `data.articles[3].id` from a coding path.
    static func path(_ codingPath: [CodingKey]) -> String {
        var out = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return out.isEmpty ? "(root)" : out
    }
}

extension DecodingError {
    /// `data.articles[3].id: type mismatch, expected Int64 (...)` on one line.
    package var oneLine: String {
        func line(_ kind: String, _ context: Context, extraKey: CodingKey? = nil) -> String {
            let keys = context.codingPath + (extraKey.map { [$0] } ?? [])
            return "\(DecodingErrorDescription.path(keys)): \(kind) (\(FirstDifference.clip(context.debugDescription)))"
        }
        switch self {
        case .typeMismatch(let type, let context): return line("type mismatch, expected \(type)", context)
        case .valueNotFound(let type, let context): return line("value not found, expected \(type)", context)
        case .keyNotFound(let key, let context): return line("key not found", context, extraKey: key)
        case .dataCorrupted(let context): return line("data corrupted", context)
        @unknown default: return FirstDifference.clip(String(describing: self))
        }
    }
}
