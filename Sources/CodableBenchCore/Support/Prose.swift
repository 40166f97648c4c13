/// Report text with its code spans (strategy ids, function names, flags) marked as such, so each
/// report renders them its own way: backticks in report.md, `<code>` in report.html, nothing on
/// the terminal. The core and the harness write their sentences as `Prose` and never Markdown;
/// only CodableBench's reports render (`Prose+Rendering.swift`). Not `CustomStringConvertible`, so
/// a report that interpolates one without choosing a rendering shows it in tests at once.
///
///     let sentence: Prose = "\(code: strategy) vs \(code: yardstick) on \(profile)"
package struct Prose: Hashable, Sendable, ExpressibleByStringInterpolation {
    package enum Span: Hashable, Sendable {
        case text(String)
        case code(String)
    }

    /// Adjacent text spans are merged, so two proses that read the same compare equal.
    package private(set) var spans: [Span] = []

    package init(_ spans: [Span] = []) {
        for span in spans { append(span) }
    }

    package init(stringLiteral text: String) {
        append(.text(text))
    }

    package init(stringInterpolation: Interpolation) {
        self = stringInterpolation.prose
    }

    package static func code(_ text: String) -> Prose { Prose([.code(text)]) }

    /// The words with code spans as plain text: what the terminal prints.
    package var plain: String {
        spans.map { span in
            switch span {
            case .text(let text), .code(let text): text
            }
        }.joined()
    }

    package var isEmpty: Bool { spans.isEmpty }

    private mutating func append(_ span: Span) {
        switch (spans.last, span) {
        case (_, .text("")): break
        case (.text(let before)?, .text(let text)): spans[spans.count - 1] = .text(before + text)
        default: spans.append(span)
        }
    }

    package static func + (left: Prose, right: Prose) -> Prose {
        var out = left
        out += right
        return out
    }

    package static func += (left: inout Prose, right: Prose) {
        for span in right.spans { left.append(span) }
    }

    package struct Interpolation: StringInterpolationProtocol {
        fileprivate var prose = Prose()

        package init(literalCapacity: Int, interpolationCount: Int) {}

        package mutating func appendLiteral(_ literal: String) { prose.append(.text(literal)) }

        /// A code span: `"\(code: "synthesized") ran"`.
        package mutating func appendInterpolation(code: String) { prose.append(.code(code)) }

        package mutating func appendInterpolation(_ other: Prose) { prose += other }

        package mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            prose.append(.text(value.description))
        }
    }
}

extension Sequence where Element == Prose {
    package func joined(separator: Prose = "") -> Prose {
        var out = Prose()
        for (index, prose) in enumerated() {
            if index > 0 { out += separator }
            out += prose
        }
        return out
    }
}
