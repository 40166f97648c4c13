import Foundation

/// Readable names for the symbols callgrind records: Swift and C++ demangled by their runtimes
/// (`swift_demangle` in libswiftCore, `__cxa_demangle` in libstdc++, both loaded in every Swift
/// process on Linux), then shortened the way `swift demangle --simplified` shows them: no
/// generic arguments, parameter labels instead of parameter types, no result type.
enum SymbolName {
    /// The full demangled name; a C symbol, or one neither runtime reads, unchanged.
    static func demangled(_ symbol: String) -> String {
        if isSwift(symbol), let name = Demanglers.shared.swift(symbol) { return name }
        if symbol.hasPrefix("_Z"), let name = Demanglers.shared.cplusplus(symbol) { return name }
        return symbol
    }

    /// `demangled` then `shortened`: what costs.csv, the reports and the category patterns see.
    static func readable(_ symbol: String) -> String {
        let name = shortened(demangled(symbol))
        return name.isEmpty ? symbol : name  // `(below main)`: valgrind's name for the frames under main
    }

    static func isSwift(_ symbol: String) -> Bool {
        ["$s", "_$s", "$S", "_$S", "_T0", "$e", "_$e"].contains { symbol.hasPrefix($0) }
    }

    /// `generic specialization <A> of M.T<B>.f<C>(_: X, as: Y) throws -> Z` →
    /// `specialized M.T.f(_:as:)`; `swift::Map<K, V>::find(K const&) const` → `swift::Map::find`.
    static func shortened(_ name: String) -> String {
        if name.hasPrefix("merged ") { return shortened(String(name.dropFirst(7))) }
        let specializations = [
            "generic specialization ", "function signature specialization ",
            "generic not re-abstracted specialization ",
        ]
        for prefix in specializations where name.hasPrefix(prefix) {
            // The specialization's arguments, then " of " and the function.
            var rest = Substring(name).dropFirst(prefix.count)
            if rest.first == "<", let close = matchingClose(in: rest, from: rest.startIndex) {
                rest = rest[rest.index(after: close)...]
            }
            if rest.hasPrefix(" of ") {
                let function = shortened(String(rest.dropFirst(4)))
                return function.hasPrefix("specialized ") ? function : "specialized " + function
            }
        }
        let name = Substring(name)
        let isCPlusPlus = name.contains("::")
        var output = ""
        var index = name.startIndex
        while index < name.endIndex {
            let character = name[index]
            let previous = output.last
            let followsName = previous.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ">" || $0 == "`" } ?? false
            if character == "<", followsName, !output.hasSuffix("operator"),
                let close = matchingClose(in: name, from: index)
            {
                index = name.index(after: close)  // generic parameters or template arguments
                continue
            }
            if character == "(", let close = matchingClose(in: name, from: index) {
                let inside = name[name.index(after: index)..<close]
                var after = name.index(after: close)
                if inside == "anonymous namespace" {
                    output += "(anonymous namespace)"
                } else if let privateName = inside.range(of: " in _") ?? inside.range(of: " in $"), !followsName {
                    output += inside[..<privateName.lowerBound]  // `(stringify in _A1B2…)`: a private name
                } else if inside.hasPrefix("extension in") {
                    output += "(" + inside + ")"
                } else if followsName && !isCPlusPlus {
                    output += "(" + labels(inside) + ")"
                } else if isCPlusPlus {
                    // C++ parameters and qualifiers say nothing a reader needs here.
                    for qualifier in [" const", " &", " &&"] where name[after...].hasPrefix(qualifier) {
                        after = name.index(after, offsetBy: qualifier.count)
                    }
                }
                index = after
                if !isCPlusPlus { index = afterSignature(in: name, from: index) }
                continue
            }
            if !isCPlusPlus, name[index...].hasPrefix(" : "),
                ["getter", "setter", "modify", "read", "unsafeAddressor", "unsafeMutableAddressor"].contains(where: {
                    output.hasSuffix($0)
                })
            {
                index = afterSignature(in: name, from: index)  // an accessor's ` : Type`
                continue
            }
            output.append(character)
            index = name.index(after: index)
        }
        // A dropped closure type leaves two spaces: `closure #1  in f()`.
        return output.replacingOccurrences(of: "  ", with: " ")
    }

    /// The index of the bracket closing the one at `open` (`<` or `(`), skipping `->`.
    private static func matchingClose(in text: Substring, from open: Substring.Index) -> Substring.Index? {
        var depth = 0
        var index = open
        var previous: Character = " "
        while index < text.endIndex {
            let character = text[index]
            switch character {
            case "<", "(", "[": depth += 1
            case ">" where previous == "-": break
            case ">", ")", "]":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            previous = character
            index = text.index(after: index)
        }
        return nil
    }

    /// `_: A, as: B.Type, for: C` → `_:as:for:`.
    private static func labels(_ parameters: Substring) -> String {
        var result = "", depth = 0, current = ""
        func finish() {
            let trimmed = current.trimmingCharacters(in: .whitespaces)
            if let colon = trimmed.firstIndex(of: ":"), !trimmed[..<colon].contains(" ") {
                result += trimmed[..<colon] + ":"
            } else if !trimmed.isEmpty {
                result += "_:"
            }
            current = ""
        }
        var previous: Character = " "
        for character in parameters {
            switch character {
            case "<", "(", "[": depth += 1
            case ">" where previous == "-": break
            case ">", ")", "]": depth -= 1
            case "," where depth == 0:
                finish()
                previous = character
                continue
            default: break
            }
            current.append(character)
            previous = character
        }
        finish()
        return result
    }

    /// Past ` throws`, ` async` and ` -> Result` after a Swift parameter list, up to ` in ` (a
    /// closure's context follows) or the end.
    private static func afterSignature(in text: Substring, from start: Substring.Index) -> Substring.Index {
        let rest = text[start...]
        guard
            rest.hasPrefix(" throws") || rest.hasPrefix(" async") || rest.hasPrefix(" rethrows")
                || rest.hasPrefix(" ->") || rest.hasPrefix(" : ")
        else { return start }
        var depth = 0, previous: Character = " "
        var index = start
        while index < text.endIndex {
            let character = text[index]
            switch character {
            case "<", "(", "[": depth += 1
            case ">" where previous == "-": break
            case ">", ")", "]": depth -= 1
            case " " where depth == 0 && text[index...].hasPrefix(" in "): return index
            default: break
            }
            previous = character
            index = text.index(after: index)
        }
        return text.endIndex
    }
}

/// The two runtime demanglers, looked up once with `dlsym`.
// Unchecked: two C function pointers set once in `init` and never changed; C function types are
// not marked Sendable.
private final class Demanglers: @unchecked Sendable {
    static let shared = Demanglers()

    private typealias SwiftDemangle =
        @convention(c) (
            UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UInt32
        ) -> UnsafeMutablePointer<CChar>?
    private typealias CxaDemangle =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<Int32>?
        ) -> UnsafeMutablePointer<CChar>?

    private let swiftDemangle: SwiftDemangle?
    private let cxaDemangle: CxaDemangle?

    private init() {
        swiftDemangle = DynamicSymbols.symbol("swift_demangle").map { unsafeBitCast($0, to: SwiftDemangle.self) }
        cxaDemangle = DynamicSymbols.symbol("__cxa_demangle").map { unsafeBitCast($0, to: CxaDemangle.self) }
    }

    func swift(_ symbol: String) -> String? {
        guard let swiftDemangle else { return nil }
        return symbol.withCString { pointer in
            guard let result = swiftDemangle(pointer, strlen(pointer), nil, nil, 0) else { return nil }
            defer { free(result) }
            return String(cString: result)
        }
    }

    func cplusplus(_ symbol: String) -> String? {
        guard let cxaDemangle else { return nil }
        var status: Int32 = 0
        return symbol.withCString { pointer in
            guard let result = cxaDemangle(pointer, nil, nil, &status), status == 0 else { return nil }
            defer { free(result) }
            return String(cString: result)
        }
    }
}
